import { describe as suite, expect, it } from 'vitest';
import { describe } from './description';

suite('describe', () => {
  it('reduces H5P HTML to text', () => {
    expect(describe('<p>What is <strong>2 + 2</strong>?</p>\n')).toBe('What is 2 + 2?');
    expect(describe('<p>Fish &amp; chips&nbsp;&#8211; a&nbsp;quiz</p>')).toBe('Fish & chips – a quiz');
  });
  it('cuts long text at a word', () => {
    const long = 'word '.repeat(100);
    const d = describe(long, 50)!;
    expect(d.endsWith('word…')).toBe(true);
    expect(d.length).toBeLessThanOrEqual(51);
  });
  it('gives null for nothing', () => {
    expect(describe(null)).toBeNull();
    expect(describe('<p> </p>')).toBeNull();
  });
});

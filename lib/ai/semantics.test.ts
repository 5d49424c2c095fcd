import { describe, expect, it } from 'vitest';
import { lostPart } from './semantics';

describe('lostPart', () => {
  it('finds the first key, list item or value the semantics filter dropped', () => {
    expect(lostPart({ a: '<p>x</p>', b: [1, 2] }, { a: '<p>x</p>', b: [1, 2] })).toBeNull();
    expect(lostPart({ a: 'x', b: [1, 2] }, { a: 'x', b: [1] })).toBe('b');
    expect(lostPart({ q: [{ library: 'H5P.MultiChoice 1.16', params: { question: 'x' } }] }, { q: [{ library: 'H5P.MultiChoice 1.16', params: {} }] })).toBe('q[0].params.question');
    expect(lostPart({ a: { b: true } }, {})).toBe('a');
  });

  it('lets a library without a setting (behaviour, layout, metadata) take the content all the same', () => {
    expect(lostPart({ questions: ['x'], behaviour: { enableRetry: true }, endGame: { showResultPage: true }, progressType: 'dots' }, { questions: ['x'] })).toBeNull();
    expect(lostPart({ panels: [{ title: 't', content: { library: 'L 1.0', params: { text: 'x' }, subContentId: 'u', metadata: { title: 't' } } }] }, { panels: [{ title: 't', content: { library: 'L 1.0', params: { text: 'x' } } }] })).toBeNull();
  });
});

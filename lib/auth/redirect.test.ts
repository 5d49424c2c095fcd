import { describe, expect, it } from 'vitest';
import { safeNextPath } from './redirect';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/content/abc?x=1')).toBe('/content/abc?x=1');
    expect(safeNextPath('/workspace')).toBe('/workspace');
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '/\n/evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'evil.example',
    'javascript:alert(1)',
    '',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBe('/workspace');
  });

  it('refuses missing values', () => {
    expect(safeNextPath(undefined)).toBe('/workspace');
    expect(safeNextPath(null, '/content')).toBe('/content');
  });
});

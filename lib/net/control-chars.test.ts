import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { assertCleanQuery, assertNoControlChars, findControlChars } from './control-chars';

describe('findControlChars', () => {
  it('names the first string or key holding a control character', () => {
    expect(findControlChars({ title: 'ok', items: [{ contentId: 'a' }, { contentId: 'b\u0000' }] })).toBe('items.1.contentId');
    expect(findControlChars({ ['k\u0001']: 1 })).toBe('body');
    expect(findControlChars({ nested: { ['k\u007f']: 1 } })).toBe('nested');
    expect(findControlChars('x\u001f', { root: 'search' })).toBe('search');
  });

  it('allows tab, newline and carriage return only where asked (JSON bodies)', () => {
    const text = { description: 'one\ntwo\r\n\tthree' };
    expect(findControlChars(text, { allowWhitespace: true })).toBeNull();
    expect(findControlChars(text)).toBe('description');
    expect(findControlChars({ d: 'a\u000bb' }, { allowWhitespace: true })).toBe('d');
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlChars(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('assertNoControlChars / assertCleanQuery', () => {
  it('throws 400 Validation error naming the field', () => {
    expect(() => assertNoControlChars({ contentId: 'a\u0000' }, { root: 'path' })).toThrow(new AppError(400, 'Validation error: contentId: control characters are not allowed'));
    expect(() => assertCleanQuery(new URLSearchParams('a=1&search=x%00'))).toThrow('Validation error: search: control characters are not allowed');
    expect(() => assertCleanQuery(new URLSearchParams('a=1&search=x'))).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { assertCleanQuery, assertNoControlChars, findControlChars, jsonTextMayHoldControlChars } from './control-chars';

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

describe('jsonTextMayHoldControlChars', () => {
  it('is true whenever the parsed value holds a control character (every code point, escaped or raw, in strings and keys)', () => {
    for (let c = 0; c < 0x100; c++) {
      const ch = String.fromCharCode(c);
      const hex = `\\u${c.toString(16).padStart(4, '0')}`;
      for (const text of [JSON.stringify({ v: `a${ch}b` }), JSON.stringify({ [`k${ch}`]: 1 }), `{"v":"a${hex}b"}`, `{"v":"a${hex.toUpperCase().replace('\\U', '\\u')}b"}`]) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          continue; // a raw control character is not JSON
        }
        for (const allowWhitespace of [true, false]) {
          if (findControlChars(value, { allowWhitespace }) !== null) expect(jsonTextMayHoldControlChars(text, { allowWhitespace }), `${JSON.stringify(text)} ${allowWhitespace}`).toBe(true);
        }
      }
    }
  });

  it('is false for the usual body, so its walk is skipped; an escaped backslash is only a false alarm', () => {
    const body = JSON.stringify({ statements: [{ id: 'x', verb: { id: 'http://adlnet.gov/expapi/verbs/answered' }, text: 'line one\nline two\tand a tab, ünïcödé, \u2028' }] });
    expect(jsonTextMayHoldControlChars(body, { allowWhitespace: true })).toBe(false);
    expect(jsonTextMayHoldControlChars(body)).toBe(true);
    expect(jsonTextMayHoldControlChars(JSON.stringify({ path: 'C:\\bin\\files' }), { allowWhitespace: true })).toBe(true);
    expect(findControlChars({ path: 'C:\\bin\\files' }, { allowWhitespace: true })).toBeNull();
  });
});

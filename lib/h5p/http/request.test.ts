import { describe, expect, it } from 'vitest';
import { languageCode, languageQuery } from './request';

describe('languageCode (the language parameter of the H5P routes)', () => {
  it.each([
    ['en', 'en'],
    ['de', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['sma', 'sma'],
    ['zh-Hans', 'zh-Hans'],
    ['fil', 'fil'],
  ])('accepts %s as %s (the form h5p-server accepts)', (value, expected) => {
    expect(languageCode.parse(value)).toBe(expected);
  });

  it.each(['libraries', 'e', '', '../en', 'en/x', 'en-', 'en_US_POSIX', 'zh-Hans-CN', '12', 'en\u0000', 'xx_yy', 'xx-YY', 'zz'])('refuses %j', (value) => {
    const r = languageCode.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('must be a language code such as en or pt-BR');
  });

  it('defaults to English when the query names none', () => {
    expect(languageQuery.parse({}).language).toBe('en');
  });
});

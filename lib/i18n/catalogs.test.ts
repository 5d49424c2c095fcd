// Every language is complete: exactly English's keys, no empty text, and the same placeholders.
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './catalogs';
import { LOCALES } from './config';

function flatten(obj: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}
// argument names ({name} or {count, plural, …}); plural branches such as {# items} are not arguments
/** the arguments a message takes: `{name}` and `{count, plural, …}` — not the words of a plural or select branch (`one {view}`) */
const placeholders = (s: string) => {
  const args = s.replace(/\b(zero|one|two|few|many|other|=\d+)\s*\{[^{}]*\}/g, (m, key: string) => (/^\{\s*\w+\s*\}$/.test(m.slice(key.length).trim()) ? '' : m));
  return [...new Set([...args.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();
};

describe('message catalogs', () => {
  const en = flatten(CATALOGS.en);
  it('English has messages in every namespace', () => {
    for (const [ns, messages] of Object.entries(CATALOGS.en)) expect(Object.keys(messages).length, ns).toBeGreaterThan(0);
  });
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the English keys, none empty, with the same placeholders`, () => {
      const other = flatten(CATALOGS[locale]);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(other)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(en[key]!));
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { Prisma } from './client';
import { cursorScope, decodeCursor, encodeCursor, keysetAfter, keysetOrder, type SortKey } from './keyset';

const keys: SortKey[] = [
  { expr: Prisma.sql`o.published_at`, type: 'timestamptz', dir: 'desc', nullable: true },
  { expr: Prisma.sql`o.content_id`, type: 'text', dir: 'asc' },
];
const scope = cursorScope('list', { sortBy: 'newest', search: 'x' });

describe('keyset cursors', () => {
  it('round-trips the key values of a row, NULL included', () => {
    expect(decodeCursor(encodeCursor(scope, ['2026-11-23 18:32:20.123+00', 'abc']), scope, keys)).toEqual(['2026-11-23 18:32:20.123+00', 'abc']);
    expect(decodeCursor(encodeCursor(scope, [null, 'abc']), scope, keys)).toEqual([null, 'abc']);
  });

  it('names the scope by list, sort and filters, whatever the order of the filters', () => {
    expect(cursorScope('list', { a: 1, b: 'x' })).toBe(cursorScope('list', { b: 'x', a: 1 }));
    expect(cursorScope('list', { a: 1 })).not.toBe(cursorScope('list', { a: 2 }));
  });

  it('refuses what is not a cursor of this list, values of the wrong type, and a cursor of another sort or filter', () => {
    const bad = (c: string) => () => decodeCursor(c, scope, keys);
    expect(bad('not a cursor')).toThrow('Validation error: cursor: not a cursor of this list');
    expect(bad(Buffer.from('[1,2]').toString('base64url'))).toThrow('not a cursor of this list');
    expect(bad(encodeCursor(scope, ["2026-01-01'; DROP TABLE x; --", 'a']))).toThrow('not a cursor of this list');
    expect(bad(encodeCursor(scope, ['2026-13-45 00:00:00+00', 'a']))).toThrow('not a cursor of this list');
    expect(bad(encodeCursor(scope, ['2026-01-01 00:00:00+00']))).toThrow('not a cursor of this list');
    expect(bad(encodeCursor(scope, ['2026-01-01 00:00:00+00', null]))).toThrow('not a cursor of this list');
    expect(bad(encodeCursor(cursorScope('list', { sortBy: 'popular' }), ['2026-01-01 00:00:00+00', 'a']))).toThrow('issued for another sort order or other filters');
    expect(bad(encodeCursor(cursorScope('other', {}), ['2026-01-01 00:00:00+00', 'a']))).toThrow('not a cursor of this list');
  });

  it('orders NULLS LAST on nullable keys and continues strictly after the position', () => {
    expect(keysetOrder(keys).sql).toBe('o.published_at DESC NULLS LAST, o.content_id ASC');
    const after = keysetAfter(keys, ['2026-01-01 00:00:00+00', 'a']);
    expect(after.sql).toBe('((o.published_at < ?::timestamptz OR o.published_at IS NULL) OR (o.published_at = ?::timestamptz AND o.content_id > ?::text))');
    expect(after.values).toEqual(['2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00', 'a']);
    expect(keysetAfter(keys, [null, 'a']).sql).toBe('((o.published_at IS NULL AND o.content_id > ?::text))');
  });
});

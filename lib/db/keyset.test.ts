import { describe, expect, it } from 'vitest';
import { Prisma } from './client';
import { cursorScope, decodeCursor, encodeCursor, keysetAfter, keysetArms, keysetOrder, keysetValues, type SortKey } from './keyset';

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

  it('splits the rows after a position into index ranges, one per key (a NULLS LAST key: past its value, then NULL)', () => {
    const mixed: SortKey[] = [
      { expr: Prisma.sql`o.score`, type: 'float8', dir: 'desc', nullable: true },
      { expr: Prisma.sql`o.updated`, type: 'timestamptz', dir: 'desc' },
      { expr: Prisma.sql`o.id`, type: 'text', dir: 'asc' },
    ];
    const arms = keysetArms(mixed, ['70', '2026-01-01 00:00:00+00', 'm']);
    expect(arms.map((a) => a.sql)).toEqual([
      'o.score < ?::float8',
      'o.score IS NULL',
      'o.score = ?::float8 AND o.updated < ?::timestamptz',
      'o.score = ?::float8 AND o.updated = ?::timestamptz AND o.id > ?::text',
    ]);
    expect(arms[3]!.values).toEqual(['70', '2026-01-01 00:00:00+00', 'm']);
    // in the NULL tail only the other keys go on
    expect(keysetArms(mixed, [null, '2026-01-01 00:00:00+00', 'm']).map((a) => a.sql)).toEqual([
      'o.score IS NULL AND o.updated < ?::timestamptz',
      'o.score IS NULL AND o.updated = ?::timestamptz AND o.id > ?::text',
    ]);
  });

  it('leaves a derived key out of the cursor and computes its value from the next key', () => {
    const title: SortKey[] = [
      { expr: Prisma.sql`left(lower(t), 3)`, type: 'text', dir: 'asc', derive: (next) => Prisma.sql`left(${next}, 3)` },
      { expr: Prisma.sql`lower(t)`, type: 'text', dir: 'asc' },
      { expr: Prisma.sql`id`, type: 'text', dir: 'asc' },
    ];
    expect(keysetValues(title).sql).toBe('ARRAY[(lower(t))::text, (id)::text]');
    expect(decodeCursor(encodeCursor(scope, ['apple', 'x']), scope, title)).toEqual(['apple', 'x']);
    expect(() => decodeCursor(encodeCursor(scope, ['app', 'apple', 'x']), scope, title)).toThrow('not a cursor of this list');
    const arms = keysetArms(title, ['apple', 'x']);
    expect(arms.map((a) => a.sql)).toEqual([
      'left(lower(t), 3) > left(?::text, 3)',
      'left(lower(t), 3) = left(?::text, 3) AND lower(t) > ?::text',
      'left(lower(t), 3) = left(?::text, 3) AND lower(t) = ?::text AND id > ?::text',
    ]);
    expect(arms[2]!.values).toEqual(['apple', 'apple', 'x']);
    expect(keysetAfter(title, ['apple', 'x']).sql).toBe(
      '(left(lower(t), 3) > left(?::text, 3) OR (left(lower(t), 3) = left(?::text, 3) AND lower(t) > ?::text) OR (left(lower(t), 3) = left(?::text, 3) AND lower(t) = ?::text AND id > ?::text))',
    );
  });
});

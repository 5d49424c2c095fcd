// Keyset ("seek") pagination shared by the lists: an opaque cursor that holds the sort keys of the last row of a
// page, and the SQL that orders a list by those keys and continues strictly after them. Unlike OFFSET, a page
// costs the same wherever it is, and rows inserted or deleted meanwhile never shift a page (no duplicates, no gaps).
//
// The cursor is base64url(JSON) of { s: scope, k: [key values as text] }. The scope names what the cursor is valid
// for (sort, direction and a hash of the filters): a cursor of another list, sort or filter is refused with a 400,
// as is anything that does not decode to values of the keys' types (so no malformed value ever reaches SQL).
import { createHash } from 'node:crypto';
import { AppError, errorOf, VALIDATION_ERROR } from '@/lib/errors';
import { Prisma } from './client';

export type KeyType = 'timestamptz' | 'text' | 'int' | 'float8';

export interface SortKey {
  /** the SQL expression the list is ordered by */
  expr: Prisma.Sql;
  type: KeyType;
  dir: 'asc' | 'desc';
  /** the expression can be NULL: ordered NULLS LAST in either direction */
  nullable?: boolean;
  /**
   * A key whose value a cursor does not hold: it is computed in SQL from the value of the key after it — an indexed,
   * bounded prefix of that key (the title sort's first 200 characters), which orders the rows for an index while the
   * cursor stays what it was. Never nullable.
   */
  derive?: (next: Prisma.Sql) => Prisma.Sql;
}

/** The keys a cursor holds values of (every key but the derived ones). */
const stored = (keys: SortKey[]) => keys.filter((k) => !k.derive);

export type CursorValues = (string | null)[];

/** Longest cursor accepted (a few keys of at most a title's length). */
export const MAX_CURSOR_LENGTH = 4000;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;
const INT = /^-?\d{1,18}$/;
const FLOAT = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Why a cursor is refused: `400 Validation error: cursor: <why>`. */
export const CURSOR_ERR = {
  invalid: 'not a cursor of this list',
  otherScope: 'it was issued for another sort order or other filters; start again from the first page',
  withOffset: 'cannot be combined with offset',
} as const;
const cursorText = (why: string) => `${VALIDATION_ERROR}: cursor: ${why}`;
/** The cursor refusals of a keyset-paged list (the API document's catalogue). */
export const CURSOR_ERRORS = {
  invalid: errorOf(400, cursorText(CURSOR_ERR.invalid)),
  otherScope: errorOf(400, cursorText(CURSOR_ERR.otherScope)),
  withOffset: errorOf(400, cursorText(CURSOR_ERR.withOffset)),
} as const;

const invalidCursor = (why: string) => new AppError(400, cursorText(why));
/** A cursor given together with an offset (a list pages by one or the other). */
export const cursorWithOffset = () => invalidCursor(CURSOR_ERR.withOffset);

/** A short digest of what a cursor is valid for (list name, sort, direction, filters). */
export function cursorScope(list: string, parts: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(parts).sort().map((k) => [k, parts[k] ?? null]));
  return `${list}:${createHash('sha256').update(canonical).digest('base64url').slice(0, 16)}`;
}

export function encodeCursor(scope: string, values: CursorValues): string {
  return Buffer.from(JSON.stringify({ s: scope, k: values })).toString('base64url');
}

/** Decodes and checks a cursor against the keys and scope of the list it is used on; 400 when it does not fit. */
export function decodeCursor(cursor: string, scope: string, keys: SortKey[]): CursorValues {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor(CURSOR_ERR.invalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor(CURSOR_ERR.invalid);
  }
  const p = parsed as { s?: unknown; k?: unknown };
  if (!p || typeof p !== 'object' || typeof p.s !== 'string' || !Array.isArray(p.k)) throw invalidCursor(CURSOR_ERR.invalid);
  if (p.s !== scope) {
    // a cursor of this list (same list name) under another sort or filter, or of another list altogether
    if (p.s.split(':')[0] === scope.split(':')[0]) throw invalidCursor(CURSOR_ERR.otherScope);
    throw invalidCursor(CURSOR_ERR.invalid);
  }
  const kept = stored(keys);
  if (p.k.length !== kept.length) throw invalidCursor(CURSOR_ERR.invalid);
  const values = p.k as unknown[];
  kept.forEach((key, i) => {
    const v = values[i];
    if (v === null && key.nullable) return;
    if (typeof v !== 'string' || v.length > 1000) throw invalidCursor(CURSOR_ERR.invalid);
    const ok = key.type === 'text' || (key.type === 'timestamptz' ? TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))) : key.type === 'int' ? INT.test(v) : FLOAT.test(v));
    if (!ok) throw invalidCursor(CURSOR_ERR.invalid);
  });
  return values as CursorValues;
}

const cast = (v: string, t: KeyType) => Prisma.sql`${v}::${Prisma.raw(t)}`;

/** ORDER BY of the keys (NULLS LAST on nullable keys, so both directions put missing values last). */
export function keysetOrder(keys: SortKey[]): Prisma.Sql {
  return Prisma.join(
    keys.map((k) => Prisma.sql`${k.expr} ${Prisma.raw(k.dir === 'asc' ? 'ASC' : 'DESC')}${Prisma.raw(k.nullable ? ' NULLS LAST' : '')}`),
    ', ',
  );
}

/** The SQL value of every key at a cursor's position (NULL: the key is NULL there), derived keys computed. */
function positionOf(keys: SortKey[], values: CursorValues): (Prisma.Sql | null)[] {
  const out: (Prisma.Sql | null)[] = new Array<Prisma.Sql | null>(keys.length).fill(null);
  let j = stored(keys).length;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    if (key.derive) {
      const next = out[i + 1];
      if (!next) throw new Error('a derived sort key needs a non-null key after it');
      out[i] = key.derive(next);
      continue;
    }
    const v = values[--j] ?? null;
    out[i] = v === null ? null : cast(v, key.type);
  }
  return out;
}

/**
 * The rows strictly after a cursor's position, as separate conditions whose union is that set (they are
 * disjoint): for each key, the rows equal to the position on the keys before it and after it on this one (a NULL
 * key, last in either direction, splits into "after the value" and "NULL"). Each is one range of an index that
 * holds the keys in order (equalities on a prefix, then one bound), so a list that runs each as its own
 * `… ORDER BY … LIMIT n` and merges them seeks into that index however the directions of its keys mix — where
 * one OR of them (keysetAfter) makes PostgreSQL walk the index from the start and filter.
 */
export function keysetArms(keys: SortKey[], values: CursorValues): Prisma.Sql[] {
  const at = positionOf(keys, values);
  const arms: Prisma.Sql[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = at[i] ?? null;
    const eqs = keys.slice(0, i).map((k, j) => {
      const w = at[j] ?? null;
      return w === null ? Prisma.sql`${k.expr} IS NULL` : Prisma.sql`${k.expr} = ${w}`;
    });
    // after a NULL (last in either direction) only other NULLs follow: nothing is strictly after it on this key
    if (v === null) continue;
    const and = (cond: Prisma.Sql) => (eqs.length ? Prisma.sql`${Prisma.join(eqs, ' AND ')} AND ${cond}` : cond);
    arms.push(and(Prisma.sql`${key.expr} ${Prisma.raw(key.dir === 'asc' ? '>' : '<')} ${v}`));
    if (key.nullable) arms.push(and(Prisma.sql`${key.expr} IS NULL`));
  }
  return arms;
}

/** The rows strictly after the cursor's row in the order of `keysetOrder(keys)`. */
export function keysetAfter(keys: SortKey[], values: CursorValues): Prisma.Sql {
  const at = positionOf(keys, values);
  const branches: Prisma.Sql[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = at[i] ?? null;
    const eqs = keys.slice(0, i).map((k, j) => {
      const w = at[j] ?? null;
      return w === null ? Prisma.sql`${k.expr} IS NULL` : Prisma.sql`${k.expr} = ${w}`;
    });
    // after a NULL (last in either direction) only other NULLs follow: nothing is strictly after it on this key
    if (v === null) continue;
    const cmp = Prisma.sql`${key.expr} ${Prisma.raw(key.dir === 'asc' ? '>' : '<')} ${v}`;
    const after = key.nullable ? Prisma.sql`(${cmp} OR ${key.expr} IS NULL)` : cmp;
    branches.push(eqs.length ? Prisma.sql`(${Prisma.join(eqs, ' AND ')} AND ${after})` : after);
  }
  return branches.length ? Prisma.sql`(${Prisma.join(branches, ' OR ')})` : Prisma.sql`FALSE`;
}

/** The key values of a row as the SQL selects them for the cursor: `ARRAY[k1::text, …]` (derived keys left out). */
export function keysetValues(keys: SortKey[]): Prisma.Sql {
  return Prisma.sql`ARRAY[${Prisma.join(
    stored(keys).map((k) => Prisma.sql`(${k.expr})::text`),
    ', ',
  )}]`;
}

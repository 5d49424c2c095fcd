// The public marketplace: facets, the filtered/searched/sorted list, and clone.
// Only public content whose content row exists (readable) is listed; the caller's own content is excluded.
import { db, Prisma } from '@/lib/db/client';
import { cursorScope, decodeCursor, encodeCursor, keysetArms, keysetOrder, keysetValues, type CursorValues, type SortKey } from '@/lib/db/keyset';
import { AppError, VALIDATION_ERROR } from '@/lib/errors';
import { itemBloomsLevel } from '@/lib/content/blooms';
import { contentTypeSlug } from '@/lib/content/types';
import { curriculumFromColumns, type CurriculumColumns } from '@/lib/curriculum';
import { CURSOR_WITH_OFFSET, type Facets, type ListQuery, type PublicItem } from './schemas';
import { machineNameFor, prefixTsQuery } from '@/lib/content/search';
import { thumbnailUrlOf, typeFacts } from '@/lib/h5p';
import { describe, descriptionSql } from './description';
import { licenceOf } from './licence';
import { ratingOf } from './rating';

// ---------------------------------------------------------------- facets


const FACET_COLUMNS = {
  subjects: { code: 'subject_code', name: 'subject_name' },
  grades: { code: 'grade_code', name: 'grade_name' },
  difficulties: { code: 'difficulty', name: null },
  languages: { code: 'language', name: null },
  frameworks: { code: 'framework_code', name: 'framework_name' },
} as const;

/**
 * Distinct values of one metadata column among public, readable content: a loose index scan (a recursive
 * CTE that jumps from one distinct value to the next through the column's index) instead of a DISTINCT
 * over every row, then an EXISTS check that a public content carries the value.
 */
function facetSql(column: string, nameColumn: string | null): string {
  // LATERAL … LIMIT 1 keeps the check a per-value probe (an EXISTS would be flattened into a join over every row)
  return `
    WITH RECURSIVE d(v) AS (
      (SELECT ${column} FROM content_curriculum_metadata WHERE ${column} IS NOT NULL AND ${column} <> '' ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM content_curriculum_metadata WHERE ${column} > d.v ORDER BY ${column} LIMIT 1) FROM d WHERE d.v IS NOT NULL
    )
    SELECT d.v AS value, x.name FROM d
     CROSS JOIN LATERAL (
       SELECT ${nameColumn ? `m.${nameColumn}` : 'NULL::text'} AS name FROM content_curriculum_metadata m
         JOIN content_ownership o ON o.content_id = m.content_id AND o.visibility = 'public'
         JOIN h5p_contents h ON h.id = m.content_id
        WHERE m.${column} = d.v
        LIMIT 1) x
     WHERE d.v IS NOT NULL`;
}

export async function facets(): Promise<{ data: Facets; names: Record<keyof Facets, Record<string, string>> }> {
  const entries = await Promise.all(
    (Object.keys(FACET_COLUMNS) as (keyof Facets)[]).map(async (k) => {
      const { code, name } = FACET_COLUMNS[k];
      const rows = await db().$queryRawUnsafe<{ value: string; name: string | null }[]>(facetSql(code, name));
      return [k, rows] as const;
    }),
  );
  const data = {} as Facets;
  const names = {} as Record<keyof Facets, Record<string, string>>;
  for (const [k, rows] of entries) {
    const values = rows.map((r) => r.value).filter((v) => v && v.trim() !== '');
    data[k] = [...new Set(values)].sort((a, b) => a.localeCompare(b));
    names[k] = Object.fromEntries(rows.filter((r) => r.name).map((r) => [r.value, r.name as string]));
  }
  return { data, names };
}

// ---------------------------------------------------------------- content types

export interface PublicType {
  /** the machine name (the list's `contentType` filter takes it) */
  machineName: string;
  /** the installed library's title (in the reader's language where H5P translates it), else the type's slug */
  title: string;
  icon: string | null;
}

/** The content types public content has (the type filter's options), by title in `locale`: a loose index scan over
 * content_ownership_public_type_idx, one step per type. */
export async function publicTypes(locale = 'en'): Promise<PublicType[]> {
  const rows = await db().$queryRaw<{ v: string }[]>`
    WITH RECURSIVE d(v) AS (
      (SELECT main_library FROM content_ownership WHERE visibility = 'public' AND main_library IS NOT NULL ORDER BY main_library LIMIT 1)
      UNION ALL
      SELECT (SELECT main_library FROM content_ownership WHERE visibility = 'public' AND main_library > d.v ORDER BY main_library LIMIT 1) FROM d WHERE d.v IS NOT NULL
    )
    SELECT v FROM d WHERE v IS NOT NULL LIMIT 500`;
  const names = rows.map((r) => r.v);
  const facts = await typeFacts(names, locale).catch(() => new Map<string, { icon: string | null; title: string | null }>());
  return names
    .map((machineName) => ({ machineName, title: facts.get(machineName)?.title ?? contentTypeSlug(machineName), icon: facts.get(machineName)?.icon ?? null }))
    .sort((a, b) => a.title.localeCompare(b.title, locale));
}

// ---------------------------------------------------------------- list

interface ListRow extends CurriculumColumns {
  id: string;
  title: string;
  main_library: string;
  author_id: string;
  author_name: string | null;
  view_count: number;
  published_at: Date | null;
  rating_count: number;
  rating_sum: number;
  overall_score: number | null;
  blooms_level: string | null;
  dimensions: unknown;
  license: string | null;
  license_version: string | null;
  description: string | null;
  thumbnail_path: string | null;
  keys: CursorValues;
}

/** The list's conditions, all on content_ownership: the search vector, main library and curriculum keys are
 * copied onto the ownership row by triggers (migration 20261123220000_ownership_list_keys), so a filter, its count
 * and its sort read one table through one index. `owner` says how they treat the caller's own content (the list
 * excludes it; the total is counted as every author's matches minus the caller's own). */
function whereOf(callerId: string, q: ListQuery, owner: 'exclude' | 'any' | 'only' = 'exclude'): Prisma.Sql {
  const conds: Prisma.Sql[] = [Prisma.sql`o.visibility = 'public'`];
  if (owner === 'exclude') conds.push(Prisma.sql`o.user_id <> ${callerId}::uuid`);
  if (owner === 'only') conds.push(Prisma.sql`o.user_id = ${callerId}::uuid`);
  const ts = prefixTsQuery(q.search);
  if (ts) conds.push(Prisma.sql`o.search_vector @@ to_tsquery('simple', ${ts})`);
  if (q.contentType) conds.push(Prisma.sql`o.main_library = ${machineNameFor(q.contentType)}`);
  const meta = (col: string, v: string | undefined) => {
    if (v === undefined || v === '') return;
    conds.push(Prisma.sql`${Prisma.raw(`o.${col}`)} = ${v}`);
  };
  meta('framework_code', q.frameworkCode);
  meta('grade_code', q.gradeCode);
  meta('subject_code', q.subjectCode);
  meta('difficulty', q.difficulty);
  meta('language', q.language);
  // the licence code copied from the content's metadata (migration 20261205100000_content_licence)
  if (q.license) conds.push(Prisma.sql`o.license = ${q.license}`);
  return Prisma.join(conds, ' AND ');
}

/** The columns a sort reads, under the aliases of one query. */
interface SortColumns {
  score: Prisma.Sql;
  rating: Prisma.Sql;
  published: Prisma.Sql;
  views: Prisma.Sql;
  id: Prisma.Sql;
}

/** The keys of each sort; ties broken by content id so pages never overlap and a keyset cursor names one row. */
function sortKeys(sort: ListQuery['sortBy'], c: SortColumns): SortKey[] {
  const published: SortKey = { expr: c.published, type: 'timestamptz', dir: 'desc', nullable: true };
  const id: SortKey = { expr: c.id, type: 'text', dir: 'asc' };
  if (sort === 'newest') return [published, id];
  if (sort === 'popular') return [{ expr: c.views, type: 'int', dir: 'desc' }, published, id];
  // rating: the Bayesian average (content_ownership_public_rating_idx), then newest
  if (sort === 'rating') return [{ expr: c.rating, type: 'float8', dir: 'desc' }, published, id];
  // quality: assessed content by score, then unassessed content by newest (the index
  // content_ownership_public_quality_idx holds these very expressions)
  return [
    { expr: c.score, type: 'float8', dir: 'desc', nullable: true },
    { expr: Prisma.sql`(CASE WHEN ${c.score} IS NULL THEN ${c.published} END)`, type: 'timestamptz', dir: 'desc', nullable: true },
    id,
  ];
}

const OWNERSHIP: SortColumns = { score: Prisma.sql`o.quality_score`, rating: Prisma.sql`o.rating_score`, published: Prisma.sql`o.published_at`, views: Prisma.sql`o.view_count`, id: Prisma.sql`o.content_id` };
const PAGE: SortColumns = { score: Prisma.sql`p.score`, rating: Prisma.sql`p.rating_score`, published: Prisma.sql`p.published_at`, views: Prisma.sql`p.view_count`, id: Prisma.sql`p.id` };

/** What a cursor of this list is valid for: the sort and every filter. */
function scopeOf(q: ListQuery): string {
  const { offset: _o, limit: _l, cursor: _c, include: _i, ...rest } = q;
  return cursorScope('marketplace', rest);
}

/** Totals at or above this many matches are served from memory for BIG_COUNT_TTL_MS (per filter, per instance);
 * smaller totals are counted exactly on every call (they are cheap). A one-word prefix search matches thousands of
 * public items at 100,000 (≈ 2,000 in the bench): counting them read ≈ 7,500 buffers (the matches' rows and a
 * probe of each one's content row), 20 times a page of them — most of the call (docs/performance.md, Marketplace). */
export const BIG_COUNT = 1_000;
const BIG_COUNT_TTL_MS = 10_000;
const bigCounts = new Map<string, { n: number; until: number }>();

function rememberCount(key: string, n: number): void {
  if (bigCounts.size >= 1_000) bigCounts.clear(); // bounded: filters are many, broad ones few
  bigCounts.set(key, { n, until: Date.now() + BIG_COUNT_TTL_MS });
}

/** One page of the public list; with include=card each item's type title is in `locale` (the reader's language)
 * where H5P ships a translation, else the installed library's. */
export async function listPublic(callerId: string, q: ListQuery, locale = 'en'): Promise<{ total: number; nextCursor: string | null; data: PublicItem[] }> {
  if (q.cursor !== undefined && q.offset > 0) throw new AppError(400, `${VALIDATION_ERROR}: cursor: ${CURSOR_WITH_OFFSET}`);
  const scope = scopeOf(q);
  const pageKeys = sortKeys(q.sortBy, PAGE);
  const after = q.cursor !== undefined ? decodeCursor(q.cursor, scope, pageKeys) : null;
  const ownKeys = sortKeys(q.sortBy, OWNERSHIP);
  const order = keysetOrder(ownKeys);
  // The page's candidates in order: the first page from the start of the sort's index (or of a filter's); after a
  // cursor, the rows that follow as a few index ranges (keysetArms), each its own ORDER BY … LIMIT, merged — a seek
  // into the index at any depth instead of a walk from its start.
  const readable = Prisma.sql`JOIN h5p_contents h ON h.id = o.content_id`;
  const arm = (cond: Prisma.Sql) =>
    Prisma.sql`(SELECT o.content_id, o.quality_score, o.rating_score, o.rating_count, o.rating_sum, o.published_at, o.view_count, o.user_id FROM content_ownership o ${readable} WHERE ${whereOf(callerId, q)} AND ${cond} ORDER BY ${order} LIMIT ${q.limit + 1})`;
  const arms = after ? keysetArms(ownKeys, after) : [];
  const candidates = after
    ? Prisma.sql`(${arms.length ? Prisma.join(arms.map(arm), ' UNION ALL ') : arm(Prisma.sql`FALSE`)}) o`
    : Prisma.sql`content_ownership o ${readable} WHERE ${whereOf(callerId, q)}`;
  // Content whose content row is unreadable is left out (spec). The foreign key content_ownership.content_id →
  // h5p_contents.id (ON DELETE CASCADE) guarantees every ownership row its content row, so the count reads
  // h5p_contents only under a search or type filter, the conditions that used to read it (the page always does).
  const countReadable = prefixTsQuery(q.search) || q.contentType ? readable : Prisma.empty;
  // total = every author's matches − the caller's own, counted in one pass; when there are many (≥ BIG_COUNT) every
  // author's matches are then served from memory for a few seconds (counting 100,000 rows is the costliest part of
  // a broad page) and only the caller's own are counted (exact, from the index on user_id)
  const countQuery = async () => {
    const key = scopeOf({ ...q, sortBy: 'newest' });
    const hit = bigCounts.get(key);
    const fresh = hit && hit.until > Date.now();
    const [r] = await db().$queryRaw<{ every_author: bigint | null; own: bigint }[]>`
        SELECT ${fresh ? Prisma.sql`NULL::bigint` : Prisma.sql`count(*)`} AS every_author, count(*) FILTER (WHERE o.user_id = ${callerId}::uuid) AS own
          FROM content_ownership o ${countReadable}
         WHERE ${whereOf(callerId, q, fresh ? 'only' : 'any')}`;
    const all = fresh ? hit.n : Number(r?.every_author ?? 0);
    if (all >= BIG_COUNT && !fresh) rememberCount(key, all);
    return Math.max(0, all - Number(r?.own ?? 0));
  };
  const [rows, total] = await Promise.all([
    // one query: the page's ids in order (one index of content_ownership: by sort key, or the search / curriculum
    // index and a sort of its matches), then its rows enriched in a batch (random_page_cost: lib/db/client.ts)
    db().$queryRaw<ListRow[]>`
      WITH p AS MATERIALIZED (
        SELECT o.content_id AS id, o.quality_score AS score, o.rating_score, o.rating_count, o.rating_sum, o.published_at, o.view_count, o.user_id
          FROM ${candidates}
         ORDER BY ${order}
         LIMIT ${q.limit + 1} OFFSET ${q.offset})
      SELECT p.id, ${keysetValues(pageKeys)} AS keys, h.title, h.main_library, p.user_id AS author_id, u.name AS author_name, p.view_count, p.published_at, p.rating_count, p.rating_sum,
             m.framework_code, m.framework_name, m.stage_code, m.stage_name, m.grade_code, m.grade_name, m.subject_code, m.subject_name,
             m.topic_codes, m.topic_names, m.difficulty, m.language, q.overall_score, q.blooms_level, q.report -> 'dimensions' AS dimensions,
             ${
               q.include === 'card'
                 ? Prisma.sql`h.metadata ->> 'license' AS license, h.metadata ->> 'licenseVersion' AS license_version, ${descriptionSql(Prisma.sql`h.parameters`)} AS description, h.thumbnail_path`
                 : Prisma.sql`NULL::text AS license, NULL::text AS license_version, NULL::text AS description, NULL::text AS thumbnail_path`
             }
        FROM p
        JOIN h5p_contents h ON h.id = p.id
        LEFT JOIN content_curriculum_metadata m ON m.content_id = p.id
        LEFT JOIN content_quality_reports q ON q.content_id = p.id
        LEFT JOIN users u ON u.id = p.user_id
       ORDER BY ${keysetOrder(pageKeys)}`,
    countQuery(),
  ]);
  // one row past the page tells whether another page follows
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  // each type's title and icon (the newest installed version): a card's picture when the content has none
  const card = q.include === 'card';
  const types = card ? await typeFacts(page.map((r) => r.main_library), locale).catch(() => new Map<string, { icon: string | null; title: string | null }>()) : null;
  return {
    total,
    nextCursor: more && last ? encodeCursor(scope, last.keys) : null,
    data: page.map((r) => ({
      id: r.id,
      title: r.title,
      mainLibrary: r.main_library,
      contentTypeSlug: contentTypeSlug(r.main_library),
      authorId: r.author_id,
      authorName: r.author_name && r.author_name.trim() ? r.author_name : 'Anonymous',
      viewCount: r.view_count ?? 0,
      publishedAt: r.published_at ? r.published_at.toISOString() : null,
      curriculum: curriculumFromColumns(r),
      quality:
        r.overall_score === null
          ? null
          : { overallScore: r.overall_score, dimensions: r.dimensions && typeof r.dimensions === 'object' && !Array.isArray(r.dimensions) ? (r.dimensions as Record<string, unknown>) : {} },
      /** the item's Bloom's level (lib/content/blooms.ts), as every screen shows it */
      bloomsLevel: itemBloomsLevel({ mainLibrary: r.main_library, reportLevel: r.blooms_level }),
      ...(types
        ? {
            contentTypeTitle: types.get(r.main_library)?.title ?? null,
            typeIcon: types.get(r.main_library)?.icon ?? null,
            // the content's first image (public content: its files are readable by anyone signed in)
            thumbnailUrl: thumbnailUrlOf(r.id, r.thumbnail_path),
            license: licenceOf({ license: r.license, licenseVersion: r.license_version }),
            rating: ratingOf(r.rating_count, r.rating_sum),
            description: describe(r.description),
          }
        : {}),
    })),
  };
}

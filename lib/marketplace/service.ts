// The public marketplace: facets, the filtered/searched/sorted list, and clone.
// Only public content whose content row exists (readable) is listed; the caller's own content is excluded.
import { db, Prisma } from '@/lib/db/client';
import { contentTypeSlug } from '@/lib/content/types';
import { curriculumFromColumns, type CurriculumColumns } from '@/lib/curriculum/summary';
import type { ListQuery } from './schemas';
import { machineNameFor, prefixTsQuery } from './search';

// ---------------------------------------------------------------- facets

export interface Facets {
  subjects: string[];
  grades: string[];
  difficulties: string[];
  languages: string[];
  frameworks: string[];
}

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

// ---------------------------------------------------------------- list

interface ListRow extends CurriculumColumns {
  id: string;
  title: string;
  main_library: string;
  author_id: string;
  author_name: string | null;
  view_count: number;
  published_at: Date | null;
  overall_score: number | null;
  dimensions: unknown;
}

function whereOf(callerId: string, q: ListQuery): { where: Prisma.Sql; needsMeta: boolean; needsContent: boolean } {
  const conds: Prisma.Sql[] = [Prisma.sql`o.visibility = 'public'`, Prisma.sql`o.user_id <> ${callerId}::uuid`];
  const ts = prefixTsQuery(q.search);
  if (ts) conds.push(Prisma.sql`h.search_vector @@ to_tsquery('simple', ${ts})`);
  if (q.contentType) conds.push(Prisma.sql`h.main_library = ${machineNameFor(q.contentType)}`);
  let needsMeta = false;
  const meta = (col: string, v: string | undefined) => {
    if (v === undefined || v === '') return;
    needsMeta = true;
    conds.push(Prisma.sql`${Prisma.raw(`m.${col}`)} = ${v}`);
  };
  meta('framework_code', q.frameworkCode);
  meta('grade_code', q.gradeCode);
  meta('subject_code', q.subjectCode);
  meta('difficulty', q.difficulty);
  meta('language', q.language);
  return { where: Prisma.join(conds, ' AND '), needsMeta, needsContent: Boolean(ts || q.contentType) };
}

/** Ordering of a page; ties broken by content id so pages never overlap. */
const ORDER: Record<'newest' | 'popular', Prisma.Sql> = {
  newest: Prisma.sql`o.published_at DESC NULLS LAST, o.content_id`,
  popular: Prisma.sql`o.view_count DESC, o.published_at DESC NULLS LAST, o.content_id`,
};

/**
 * The ids of one page, in order. newest / popular walk the partial indexes on content_ownership. quality
 * is two index-ordered branches — assessed content by score (content_quality_reports(overall_score DESC,
 * content_id)), then unassessed content by newest — so no sort over every public row is needed.
 */
function pageSql(where: Prisma.Sql, metaJoin: Prisma.Sql, q: ListQuery, narrowed: boolean): Prisma.Sql {
  if (q.sortBy === 'quality' && narrowed) {
    // a title search or curriculum filter narrows the set through its index first; sorting those rows is
    // cheaper than walking the score index and testing every row against the conditions
    return Prisma.sql`
      SELECT o.content_id AS id, q.overall_score AS score, o.published_at, o.view_count, count(*) OVER () AS total
        FROM content_ownership o
        JOIN h5p_contents h ON h.id = o.content_id
        ${metaJoin}
        LEFT JOIN content_quality_reports q ON q.content_id = o.content_id
       WHERE ${where}
       ORDER BY q.overall_score DESC NULLS LAST, (CASE WHEN q.overall_score IS NULL THEN o.published_at END) DESC NULLS LAST, o.content_id
       LIMIT ${q.limit} OFFSET ${q.offset}`;
  }
  if (q.sortBy !== 'quality') {
    return Prisma.sql`
      SELECT o.content_id AS id, NULL::float8 AS score, o.published_at, o.view_count, NULL::bigint AS total
        FROM content_ownership o
        JOIN h5p_contents h ON h.id = o.content_id
        ${metaJoin}
       WHERE ${where}
       ORDER BY ${ORDER[q.sortBy]}
       LIMIT ${q.limit} OFFSET ${q.offset}`;
  }
  const upTo = q.offset + q.limit;
  return Prisma.sql`
    SELECT id, score, published_at, view_count, NULL::bigint AS total FROM (
      (SELECT q.content_id AS id, q.overall_score AS score, o.published_at, o.view_count
         FROM content_quality_reports q
         JOIN content_ownership o ON o.content_id = q.content_id
         JOIN h5p_contents h ON h.id = q.content_id
         ${metaJoin}
        WHERE ${where}
        ORDER BY q.overall_score DESC, q.content_id
        LIMIT ${upTo})
      UNION ALL
      (SELECT o.content_id AS id, NULL::float8 AS score, o.published_at, o.view_count
         FROM content_ownership o
         JOIN h5p_contents h ON h.id = o.content_id
         ${metaJoin}
        WHERE ${where} AND NOT EXISTS (SELECT 1 FROM content_quality_reports q2 WHERE q2.content_id = o.content_id)
        ORDER BY ${ORDER.newest}
        LIMIT ${upTo})
    ) both_branches
    ORDER BY score DESC NULLS LAST, (CASE WHEN score IS NULL THEN published_at END) DESC NULLS LAST, id
    LIMIT ${q.limit} OFFSET ${q.offset}`;
}

const PAGE_ORDER: Record<ListQuery['sortBy'], Prisma.Sql> = {
  newest: Prisma.sql`p.published_at DESC NULLS LAST, p.id`,
  popular: Prisma.sql`p.view_count DESC, p.published_at DESC NULLS LAST, p.id`,
  quality: Prisma.sql`p.score DESC NULLS LAST, (CASE WHEN p.score IS NULL THEN p.published_at END) DESC NULLS LAST, p.id`,
};

/**
 * Runs a marketplace query in its own short transaction with random_page_cost = 1.1 (SET LOCAL: this query
 * only). PostgreSQL's default of 4 models spinning disks; with the working set in memory or on SSD it makes the
 * planner hash-join every public row where probing the primary key of the few rows a search or filter selected
 * is 2–3× faster (measured: docs/performance.md). The page and the count run in parallel on two connections.
 */
function planned<T>(query: Prisma.PrismaPromise<T>): Promise<[number, T]> {
  return db().$transaction<[Prisma.PrismaPromise<number>, Prisma.PrismaPromise<T>]>([db().$executeRawUnsafe('SET LOCAL random_page_cost = 1.1'), query]);
}

export async function listPublic(callerId: string, q: ListQuery) {
  const { where, needsMeta, needsContent } = whereOf(callerId, q);
  const metaJoin = needsMeta ? Prisma.sql`JOIN content_curriculum_metadata m ON m.content_id = o.content_id` : Prisma.empty;
  const narrowed = needsMeta || Boolean(prefixTsQuery(q.search));
  // The narrowed quality page reads and sorts every matching row anyway: it counts them in the same pass
  // (count(*) OVER ()) instead of a second query over the same rows.
  const pageCounts = q.sortBy === 'quality' && narrowed;
  // The count joins h5p_contents only when a condition reads it: the foreign key content_ownership.content_id
  // → h5p_contents.id (ON DELETE CASCADE) already guarantees that every ownership row has its content row,
  // and a join over every public row would double the cost of an unfiltered count.
  const countQuery = () =>
    planned<{ total: bigint }[]>(db().$queryRaw<{ total: bigint }[]>`
      SELECT count(*) AS total
        FROM content_ownership o
        ${needsContent ? Prisma.sql`JOIN h5p_contents h ON h.id = o.content_id` : Prisma.empty}
        ${metaJoin}
       WHERE ${where}`).then(([, r]) => Number(r[0]?.total ?? 0));
  const [[, rows], counted] = await Promise.all([
    // one query: the page's ids, then its rows enriched in a batch
    planned<(ListRow & { total: bigint | null })[]>(db().$queryRaw<(ListRow & { total: bigint | null })[]>`
      WITH p AS MATERIALIZED (${pageSql(where, metaJoin, q, narrowed)})
      SELECT p.id, p.total, h.title, h.main_library, o.user_id AS author_id, u.name AS author_name, o.view_count, o.published_at,
             m.framework_code, m.framework_name, m.stage_code, m.stage_name, m.grade_code, m.grade_name, m.subject_code, m.subject_name,
             m.topic_codes, m.topic_names, m.difficulty, m.language, q.overall_score, q.report -> 'dimensions' AS dimensions
        FROM p
        JOIN content_ownership o ON o.content_id = p.id
        JOIN h5p_contents h ON h.id = p.id
        LEFT JOIN content_curriculum_metadata m ON m.content_id = p.id
        LEFT JOIN content_quality_reports q ON q.content_id = p.id
        LEFT JOIN users u ON u.id = o.user_id
       ORDER BY ${PAGE_ORDER[q.sortBy]}`),
    pageCounts ? Promise.resolve(null) : countQuery(),
  ]);
  // a page past the end has no row to carry the total: count then
  const total = counted ?? (rows[0]?.total != null ? Number(rows[0].total) : q.offset > 0 ? await countQuery() : 0);
  return {
    total,
    data: rows.map((r) => ({
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
          : { overallScore: r.overall_score, dimensions: r.dimensions && typeof r.dimensions === 'object' && !Array.isArray(r.dimensions) ? r.dimensions : {} },
    })),
  };
}

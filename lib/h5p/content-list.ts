// GET /h5p/content (H5P rule 6) at scale: the caller's content, searched, filtered, sorted and paged on the server
// in one SQL statement (the page's ids in order with the total from count(*) OVER ()), then enriched in a batch —
// curriculum, quality, tags, type icons — where a failing lookup falls back to null (tags: []). Items without a
// quality report get one generated in the background (quality/background.ts), so the list never waits for it.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { z } from 'zod';
import { contentTypeSlug } from '@/lib/content/types';
import { db, Prisma } from '@/lib/db/client';
import { log } from '@/lib/log';
import { machineNameFor, prefixTsQuery } from '@/lib/marketplace/search';
import { CONTENT_DEFAULTS } from './content';
import { librariesRoot } from './paths';
import { scheduleQualityReport } from './quality/background';

export const CONTENT_SORTS = ['updated', 'created', 'title', 'views', 'quality'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** Query of GET /h5p/content; every member optional. Without `limit` the list holds every match (spec: the caller's content). */
export const listContentsQuery = z.object({
  search: z.string().max(500).optional(),
  type: z.string().max(255).optional(),
  visibility: z.enum(['private', 'public']).optional(),
  tag: z.string().trim().toLowerCase().max(50).optional(),
  frameworkCode: z.string().max(100).optional(),
  gradeCode: z.string().max(100).optional(),
  subjectCode: z.string().max(100).optional(),
  sortBy: z.enum(CONTENT_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ListContentsQuery = z.output<typeof listContentsQuery>;

export interface ContentListItem {
  id: string;
  title: string;
  mainLibrary: string;
  contentTypeSlug: string;
  /** the installed library's icon (/h5p/libraries/<Machine>-<major>.<minor>/icon.svg), null when it has none */
  icon: string | null;
  createdAt: Date;
  updatedAt: Date;
  embedTypes: string[];
  curriculum: {
    frameworkName: string;
    stageName: string | null;
    gradeName: string;
    subjectName: string;
    topicNames: string[];
    difficulty: string;
    language: string;
  } | null;
  quality: { overallScore: number; bloomsLevel: string } | null;
  visibility: 'private' | 'public';
  viewCount: number;
  tags: string[];
}

async function settle<T>(what: string, p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (err) {
    log.warn({ err }, `content list enrichment failed: ${what}`);
    return fallback;
  }
}

/** The natural direction of each sort when `order` is not given. */
const DEFAULT_ORDER: Record<ContentSort, 'asc' | 'desc'> = { updated: 'desc', created: 'desc', title: 'asc', views: 'desc', quality: 'desc' };

function orderBy(sort: ContentSort, dir: 'asc' | 'desc'): Prisma.Sql {
  const d = Prisma.raw(dir === 'asc' ? 'ASC' : 'DESC');
  switch (sort) {
    case 'created':
      return Prisma.sql`h.created_at ${d}, o.content_id ${d}`;
    case 'title':
      return Prisma.sql`lower(h.title) ${d}, h.title ${d}, o.content_id ${d}`;
    case 'views':
      return Prisma.sql`o.view_count ${d}, h.updated_at DESC, o.content_id`;
    case 'quality':
      // unscored content last in either direction
      return Prisma.sql`q.overall_score ${d} NULLS LAST, h.updated_at DESC, o.content_id`;
    default:
      return Prisma.sql`h.updated_at ${d}, o.content_id ${d}`;
  }
}

function whereOf(userId: string, q: ListContentsQuery): { where: Prisma.Sql; metaJoin: Prisma.Sql } {
  const conds: Prisma.Sql[] = [Prisma.sql`o.user_id = ${userId}::uuid`];
  const ts = prefixTsQuery(q.search);
  if (ts) conds.push(Prisma.sql`h.search_vector @@ to_tsquery('simple', ${ts})`);
  if (q.type?.trim()) conds.push(Prisma.sql`h.main_library = ${machineNameFor(q.type)}`);
  if (q.visibility) conds.push(q.visibility === 'public' ? Prisma.sql`o.visibility = 'public'` : Prisma.sql`o.visibility <> 'public'`);
  if (q.tag) conds.push(Prisma.sql`EXISTS (SELECT 1 FROM content_tags t WHERE t.content_id = o.content_id AND t.tag = ${q.tag})`);
  let needsMeta = false;
  for (const [col, v] of [['framework_code', q.frameworkCode], ['grade_code', q.gradeCode], ['subject_code', q.subjectCode]] as const) {
    if (!v) continue;
    needsMeta = true;
    conds.push(Prisma.sql`${Prisma.raw(`m.${col}`)} = ${v}`);
  }
  return {
    where: Prisma.join(conds, ' AND '),
    metaJoin: needsMeta ? Prisma.sql`JOIN content_curriculum_metadata m ON m.content_id = o.content_id` : Prisma.empty,
  };
}

interface PageRow {
  id: string;
  total: bigint;
  title: string;
  main_library: string;
  created_at: Date;
  updated_at: Date;
  embed_types: unknown;
  main_version: { majorVersion?: unknown; minorVersion?: unknown } | null;
  visibility: string;
  view_count: number;
}

/** `<major>.<minor>` of the main library's entry in preloadedDependencies ('' when the metadata names none). */
function versionOf(r: PageRow): string {
  const v = r.main_version;
  return v && Number.isInteger(v.majorVersion) && Number.isInteger(v.minorVersion) ? `${String(v.majorVersion)}.${String(v.minorVersion)}` : '';
}

/** The URL of each library's icon.svg, for the libraries (machine name, version) of one page. */
async function iconsOf(rows: PageRow[]): Promise<Map<string, string | null>> {
  const wanted = new Map<string, { machine: string; version: string | null }>();
  for (const r of rows) {
    const version = versionOf(r) || null;
    wanted.set(`${r.main_library} ${version ?? ''}`, { machine: r.main_library, version });
  }
  // content whose metadata names no version: the newest installed version of its library
  const unversioned = [...new Set([...wanted.values()].filter((w) => !w.version).map((w) => w.machine))];
  const newest = new Map<string, string>();
  if (unversioned.length) {
    const libs = await db().h5pLibrary.findMany({
      where: { machineName: { in: unversioned } },
      select: { machineName: true, majorVersion: true, minorVersion: true },
      orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }],
    });
    for (const l of libs) if (!newest.has(l.machineName)) newest.set(l.machineName, `${l.majorVersion}.${l.minorVersion}`);
  }
  const out = new Map<string, string | null>();
  await Promise.all(
    [...wanted].map(async ([key, w]) => {
      const version = w.version ?? newest.get(w.machine);
      const dir = version ? `${w.machine}-${version}` : null;
      if (!dir || !/^[\w.-]+$/.test(dir)) return void out.set(key, null);
      const found = await fsp.stat(path.join(librariesRoot(), dir, 'icon.svg')).then((s) => s.isFile(), () => false);
      out.set(key, found ? `/h5p/libraries/${dir}/icon.svg` : null);
    }),
  );
  return out;
}

/** At most this many items of one list call are queued for a background quality report. */
const BACKFILL_PER_CALL = 50;

/** GET /h5p/content: one page of the caller's content and the number of matches. */
export async function listContents(userId: string, q: ListContentsQuery = listContentsQuery.parse({})): Promise<{ data: ContentListItem[]; total: number }> {
  const { where, metaJoin } = whereOf(userId, q);
  const qualityJoin = q.sortBy === 'quality' ? Prisma.sql`LEFT JOIN content_quality_reports q ON q.content_id = o.content_id` : Prisma.empty;
  const order = orderBy(q.sortBy, q.order ?? DEFAULT_ORDER[q.sortBy]);
  const limit = q.limit !== undefined ? Prisma.sql`LIMIT ${q.limit}` : Prisma.empty;
  // One statement: the page's ids (and the total, counted in the same pass), then the page's columns — large
  // metadata is read for the page only. A title search starts from the GIN index on h5p_contents.search_vector;
  // anything else starts from the caller's ownership rows (index on user_id) and probes each content row by its
  // key (the OFFSET 0 keeps the planner from hashing the whole content table instead), so the cost follows the
  // caller's item count, not the size of the table.
  const contents = prefixTsQuery(q.search)
    ? Prisma.sql`JOIN h5p_contents h ON h.id = o.content_id`
    : Prisma.sql`CROSS JOIN LATERAL (SELECT c.id, c.title, c.main_library, c.created_at, c.updated_at FROM h5p_contents c WHERE c.id = o.content_id OFFSET 0) h`;
  const rows = await db().$queryRaw<PageRow[]>`
    WITH p AS MATERIALIZED (
      SELECT o.content_id AS id, count(*) OVER () AS total
        FROM content_ownership o
        ${contents}
        ${metaJoin}
        ${qualityJoin}
       WHERE ${where}
       ORDER BY ${order}
       ${limit} OFFSET ${q.offset})
    SELECT p.id, p.total, h.title, h.main_library, h.created_at, h.updated_at, h.metadata -> 'embedTypes' AS embed_types,
           (SELECT d FROM jsonb_array_elements(CASE WHEN jsonb_typeof(h.metadata -> 'preloadedDependencies') = 'array' THEN h.metadata -> 'preloadedDependencies' ELSE '[]'::jsonb END) d
             WHERE d ->> 'machineName' = h.main_library LIMIT 1) AS main_version,
           o.visibility, o.view_count
      FROM p
      JOIN h5p_contents h ON h.id = p.id
      JOIN content_ownership o ON o.content_id = p.id
      ${qualityJoin}
     ORDER BY ${order}`;
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    // a page past the end has no row to carry the total
    const [c] = await db().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM content_ownership o ${contents} ${metaJoin} WHERE ${where}`;
    total = Number(c?.n ?? 0);
  }
  if (!rows.length) return { data: [], total };

  const ids = rows.map((r) => r.id);
  const [curricula, qualities, tags, icons] = await Promise.all([
    settle('curriculum', db().contentCurriculumMetadata.findMany({ where: { contentId: { in: ids } } }), []),
    settle('quality', db().contentQualityReport.findMany({ where: { contentId: { in: ids } }, select: { contentId: true, overallScore: true, bloomsLevel: true } }), []),
    settle('tags', db().contentTag.findMany({ where: { contentId: { in: ids } }, select: { contentId: true, tag: true }, orderBy: { tag: 'asc' } }), []),
    settle('icons', iconsOf(rows), new Map<string, string | null>()),
  ]);
  const cur = new Map(curricula.map((c) => [c.contentId, c]));
  const qual = new Map(qualities.map((x) => [x.contentId, x]));
  const tagsOf = new Map<string, string[]>();
  for (const t of tags) tagsOf.set(t.contentId, [...(tagsOf.get(t.contentId) ?? []), t.tag]);

  // backfill: items without a report get one in the background (bounded per call)
  let queued = 0;
  for (const id of ids) {
    if (queued >= BACKFILL_PER_CALL) break;
    if (!qual.has(id)) {
      scheduleQualityReport(id);
      queued++;
    }
  }

  const data = rows.map((r): ContentListItem => {
    const m = cur.get(r.id);
    const x = qual.get(r.id);
    const embedTypes = Array.isArray(r.embed_types) && r.embed_types.length ? (r.embed_types as IContentMetadata['embedTypes']) : CONTENT_DEFAULTS.embedTypes;
    return {
      id: r.id,
      title: r.title,
      mainLibrary: r.main_library,
      contentTypeSlug: contentTypeSlug(r.main_library),
      icon: icons.get(`${r.main_library} ${versionOf(r)}`) ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      embedTypes,
      curriculum: m
        ? { frameworkName: m.frameworkName, stageName: m.stageName, gradeName: m.gradeName, subjectName: m.subjectName, topicNames: m.topicNames, difficulty: m.difficulty, language: m.language }
        : null,
      quality: x ? { overallScore: x.overallScore, bloomsLevel: x.bloomsLevel } : null,
      visibility: r.visibility === 'public' ? 'public' : 'private',
      viewCount: r.view_count ?? 0,
      tags: tagsOf.get(r.id) ?? [],
    };
  });
  return { data, total };
}

/** The filter choices of the My content page: the content types and tags the user's content carries. */
export async function listFacetsOf(userId: string): Promise<{ types: { machineName: string; slug: string }[]; tags: string[] }> {
  const [types, tags] = await Promise.all([
    db().$queryRaw<{ main_library: string }[]>`
      SELECT DISTINCT h.main_library FROM content_ownership o JOIN h5p_contents h ON h.id = o.content_id
       WHERE o.user_id = ${userId}::uuid ORDER BY h.main_library`,
    db().$queryRaw<{ tag: string }[]>`
      SELECT DISTINCT t.tag FROM content_tags t JOIN content_ownership o ON o.content_id = t.content_id
       WHERE o.user_id = ${userId}::uuid ORDER BY t.tag`,
  ]);
  return { types: types.map((t) => ({ machineName: t.main_library, slug: contentTypeSlug(t.main_library) })), tags: tags.map((t) => t.tag) };
}

// GET /h5p/content (H5P rule 6) at scale: the caller's content, searched, filtered, sorted and paged on the server
// in one SQL statement — the page's ids and sort keys in order with the total from count(*) OVER (), then the page's
// rows with their curriculum, quality and tags joined — plus the type icons (a failing icon lookup falls back to
// null). Pages continue by keyset cursor (`nextCursor`, lib/db/keyset.ts) or by a bounded offset; without `limit`
// the list holds every match. Items without a quality report get one generated in the background
// (quality/background.ts), so the list never waits for it.
import { bloomLevelSchema, itemBloomsLevel } from '@/lib/content/blooms';
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { z } from 'zod';
import { contentTypeSlug } from '@/lib/content/types';
import { db, Prisma } from '@/lib/db/client';
import { cursorScope, cursorWithOffset, CURSOR_ERRORS, decodeCursor, encodeCursor, keysetAfter, keysetOrder, keysetValues, MAX_CURSOR_LENGTH, type CursorValues, type SortKey } from '@/lib/db/keyset';
import { errorOf } from '@/lib/errors';
import { log } from '@/lib/log';
import { machineNameFor, prefixTsQuery } from '@/lib/content/search';
import { CONTENT_DEFAULTS } from './content';
import { libraryPrefix } from '@/lib/h5p/engine/paths';
import { fileStore } from '@/lib/files/store';
import { localCache } from '@/lib/cache/local';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { backfillThumbnails, thumbnailUrlOf } from './thumbnail';

export const CONTENT_SORTS = ['updated', 'created', 'title', 'views', 'quality'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** Largest `offset` of GET /h5p/content: deeper pages use the keyset `cursor` (offsets cost the rows they skip). */
export const MAX_CONTENT_OFFSET = 10_000;
const OFFSET_TOO_DEEP = `must be at most ${MAX_CONTENT_OFFSET}; page further with cursor`;
/** GET /h5p/content's paging refusals: a bad cursor, a cursor with an offset, an offset past the limit. */
export const CONTENT_LIST_ERRORS = [CURSOR_ERRORS.invalid, CURSOR_ERRORS.otherScope, CURSOR_ERRORS.withOffset, errorOf(400, `Validation error: offset: ${OFFSET_TOO_DEEP}`)] as const;

/** Query of GET /h5p/content; every member optional. Without `limit` the list holds every match (spec: the caller's content). */
export const listContentsQuery = z.object({
  search: z.string().max(500).optional(),
  type: z.string().max(255).optional(),
  visibility: z.enum(['private', 'public']).optional(),
  tag: z.string().trim().toLowerCase().max(50).optional(),
  frameworkCode: z.string().max(100).optional(),
  gradeCode: z.string().max(100).optional(),
  subjectCode: z.string().max(100).optional(),
  /** one of the caller's folders (lib/h5p/content/folders.ts), or `root`: the items in no folder */
  folder: z.string().regex(/^(root|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, 'must be a folder id or root').optional(),
  sortBy: z.enum(CONTENT_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_CONTENT_OFFSET, OFFSET_TOO_DEEP).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** keyset cursor: the `nextCursor` of the previous page (same sort and filters) */
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});
export type ListContentsQuery = z.output<typeof listContentsQuery>;

/** One item of GET /h5p/content. */
export const contentListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  mainLibrary: z.string(),
  contentTypeSlug: z.string(),
  /** the content type's title: the installed library's (e.g. "Fill in the Blanks"), else one made from the machine name */
  contentTypeTitle: z.string(),
  /** the content's first image (same-origin content file URL, read with the caller's session), null when it has none */
  thumbnailUrl: z.string().nullable(),
  /** the installed library's icon (/h5p/libraries/<Machine>-<major>.<minor>/icon.svg), null when it has none */
  icon: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  embedTypes: z.array(z.string()),
  curriculum: z
    .object({
      frameworkName: z.string(),
      stageName: z.string().nullable(),
      gradeName: z.string(),
      subjectName: z.string(),
      topicNames: z.array(z.string()),
      difficulty: z.string(),
      language: z.string(),
    })
    .nullable(),
  quality: z.object({ overallScore: z.number(), bloomsLevel: z.string() }).nullable(),
  /** the item's Bloom's level (lib/content/blooms.ts: its report's, else its content type's; null: neither) */
  bloomsLevel: bloomLevelSchema.nullable(),
  visibility: z.enum(['private', 'public']),
  viewCount: z.number().int(),
  tags: z.array(z.string()),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;

/** The envelope members of GET /h5p/content beside its data. */
export const contentListExtra = {
  total: z.number().int(),
  nextCursor: z
    .string()
    .optional()
    .describe('opaque keyset cursor of the next page (pass it as `cursor` with the same sort and filters); absent on the last page'),
};

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

/** The keys each sort orders by, the last one unique (the content id), so a keyset cursor names one position.
 * The last update, view count and quality score are read from the ownership row (content_updated_at and
 * quality_score are copies kept by triggers, migration 20261123220000_ownership_list_keys), so those sorts walk
 * the index on (user_id, content_updated_at) or sort the caller's ownership rows without reading their content. */
function sortKeys(sort: ContentSort, dir: 'asc' | 'desc'): SortKey[] {
  const id: SortKey = { expr: Prisma.sql`o.content_id`, type: 'text', dir };
  const updatedDesc: SortKey = { expr: Prisma.sql`o.content_updated_at`, type: 'timestamptz', dir: 'desc' };
  const idAsc: SortKey = { ...id, dir: 'asc' };
  switch (sort) {
    case 'created':
      return [{ expr: Prisma.sql`h.created_at`, type: 'timestamptz', dir }, id];
    case 'title':
      return [{ expr: Prisma.sql`lower(h.title)`, type: 'text', dir }, { expr: Prisma.sql`h.title`, type: 'text', dir }, id];
    case 'views':
      return [{ expr: Prisma.sql`o.view_count`, type: 'int', dir }, updatedDesc, idAsc];
    case 'quality':
      // unscored content last in either direction
      return [{ expr: Prisma.sql`o.quality_score`, type: 'float8', dir, nullable: true }, updatedDesc, idAsc];
    default:
      return [{ expr: Prisma.sql`o.content_updated_at`, type: 'timestamptz', dir }, id];
  }
}

/** What a cursor of this list is valid for: the sort, its direction and every filter. */
function scopeOf(q: ListContentsQuery, dir: 'asc' | 'desc'): string {
  return cursorScope('content', { sortBy: q.sortBy, order: dir, search: q.search ?? null, type: q.type ?? null, visibility: q.visibility ?? null, tag: q.tag ?? null, frameworkCode: q.frameworkCode ?? null, gradeCode: q.gradeCode ?? null, subjectCode: q.subjectCode ?? null, ...(q.folder ? { folder: q.folder } : {}) });
}

/** The list's conditions, all on the caller's ownership rows: the search vector, main library and curriculum codes
 * are copies kept there by triggers (migration 20261123220000_ownership_list_keys). */
function whereOf(userId: string, q: ListContentsQuery): Prisma.Sql {
  const conds: Prisma.Sql[] = [Prisma.sql`o.user_id = ${userId}::uuid`];
  const ts = prefixTsQuery(q.search);
  if (ts) conds.push(Prisma.sql`o.search_vector @@ to_tsquery('simple', ${ts})`);
  if (q.type?.trim()) conds.push(Prisma.sql`o.main_library = ${machineNameFor(q.type)}`);
  if (q.visibility) conds.push(q.visibility === 'public' ? Prisma.sql`o.visibility = 'public'` : Prisma.sql`o.visibility <> 'public'`);
  if (q.tag) conds.push(Prisma.sql`EXISTS (SELECT 1 FROM content_tags t WHERE t.content_id = o.content_id AND t.tag = ${q.tag})`);
  for (const [col, v] of [['framework_code', q.frameworkCode], ['grade_code', q.gradeCode], ['subject_code', q.subjectCode]] as const) {
    if (v) conds.push(Prisma.sql`${Prisma.raw(`o.${col}`)} = ${v}`);
  }
  if (q.folder) conds.push(q.folder === 'root' ? Prisma.sql`o.folder_id IS NULL` : Prisma.sql`o.folder_id = ${q.folder}::uuid`);
  return Prisma.join(conds, ' AND ');
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
  thumbnail_path: string | null;
  visibility: string;
  view_count: number;
  keys: CursorValues;
  has_curriculum: boolean;
  framework_name: string | null;
  stage_name: string | null;
  grade_name: string | null;
  subject_name: string | null;
  topic_names: string[] | null;
  difficulty: string | null;
  language: string | null;
  overall_score: number | null;
  blooms_level: string | null;
  tags: string[] | null;
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
      const store = fileStore();
      const exists = async () => (await store.stat(`${libraryPrefix(dir)}icon.svg`).catch(() => null)) !== null;
      // on a remote store the answer is kept (a round trip each): a library's files change only with its version
      // or a patch install, which empties the 'libraries' cache on every instance
      const found =
        store.kind === 'local' ? await exists() : await localCache<boolean>('libraries', { ttlMs: 10 * 60_000, max: 50_000 }).getOrLoad(`icon:${dir}`, exists);
      out.set(key, found ? `/h5p/libraries/${dir}/icon.svg` : null);
    }),
  );
  return out;
}

/** A readable title for a content type whose library is not installed: "H5P.DragQuestion" → "Drag Question". */
export function titleFromMachineName(machineName: string): string {
  const name = machineName.replace(/^H5P\./, '').split('.').pop() ?? machineName;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').trim() || machineName;
}

/** The installed libraries' titles of these machine names (the newest version's). */
async function typeTitlesOf(machineNames: string[]): Promise<Map<string, string>> {
  const names = [...new Set(machineNames)];
  const out = new Map<string, string>();
  if (!names.length) return out;
  const libs = await db().h5pLibrary.findMany({
    where: { machineName: { in: names } },
    select: { machineName: true, title: true },
    orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }],
  });
  for (const l of libs) if (l.title && !out.has(l.machineName)) out.set(l.machineName, l.title);
  return out;
}

/** At most this many items of one list call are queued for a background quality report. */
const BACKFILL_PER_CALL = 50;

/** GET /h5p/content: one page of the caller's content (or all of it without `limit`), the number of matches and,
 * when more follow, the keyset cursor of the next page. */
export async function listContents(
  userId: string,
  q: ListContentsQuery = listContentsQuery.parse({}),
): Promise<{ data: ContentListItem[]; total: number; nextCursor: string | null }> {
  if (q.cursor !== undefined && q.offset > 0) throw cursorWithOffset();
  const dir = q.order ?? DEFAULT_ORDER[q.sortBy];
  const keys = sortKeys(q.sortBy, dir);
  const scope = scopeOf(q, dir);
  const after = q.cursor !== undefined ? keysetAfter(keys, decodeCursor(q.cursor, scope, keys)) : null;
  const where = whereOf(userId, q);
  const order = keysetOrder(keys);
  // one row past the page tells whether another page follows
  const limit = q.limit !== undefined ? Prisma.sql`LIMIT ${q.limit + 1}` : Prisma.empty;
  // The page starts from the caller's ownership rows, which hold every filter and the keys of the updated, views and
  // quality sorts: sorted by last update it is a walk of the index on (user_id, content_updated_at), otherwise a
  // sort of the caller's rows. The title and created sorts, and the whole list without a limit, read each content
  // row by its key (the OFFSET 0 keeps the planner from hashing the whole content table instead), so the cost
  // follows the caller's item count, not the table's size; without a limit its metadata is read in the same pass.
  const full = q.limit === undefined;
  const contents =
    full || q.sortBy === 'title' || q.sortBy === 'created'
      ? Prisma.sql`CROSS JOIN LATERAL (SELECT c.id, c.title, c.main_library, c.created_at, c.updated_at, c.thumbnail_path${full ? Prisma.sql`, c.metadata` : Prisma.empty} FROM h5p_contents c WHERE c.id = o.content_id OFFSET 0) h`
      : Prisma.empty;
  // The whole list counts its rows in the same pass (count(*) OVER ()); a page counts every match in a scalar
  // subquery (an index-only scan of the caller's rows when unfiltered), so it reads no row off the page to count them.
  // The foreign key content_ownership.content_id → h5p_contents.id guarantees every ownership row its content.
  const total = full ? Prisma.sql`count(*) OVER ()` : Prisma.sql`(SELECT count(*) FROM content_ownership o WHERE ${where})`;
  // embedTypes and the main library's version, from the metadata of content row `c`
  const metaColumns = (c: string) => {
    const m = Prisma.raw(`${c}.metadata`);
    const lib = Prisma.raw(`${c}.main_library`);
    return Prisma.sql`${m} -> 'embedTypes' AS embed_types,
           (SELECT d FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${m} -> 'preloadedDependencies') = 'array' THEN ${m} -> 'preloadedDependencies' ELSE '[]'::jsonb END) d
             WHERE d ->> 'machineName' = ${lib} LIMIT 1) AS main_version`;
  };
  // One statement. First the page in order (rn) with its ids, sort keys and total — a page reads no content row off
  // the page unless its sort needs one. Then each of the page's rows is enriched by key lookups (LATERAL … OFFSET 0
  // keeps each a probe of the primary key instead of a hash of the whole table): content, curriculum, quality, tags.
  const c = full ? Prisma.sql`p` : Prisma.sql`x`;
  const rows = await db().$queryRaw<PageRow[]>`
    WITH p AS MATERIALIZED (
      SELECT o.content_id AS id, o.visibility, o.view_count,
             ${total} AS total, ${keysetValues(keys)} AS keys, row_number() OVER (ORDER BY ${order}) AS rn
             ${full ? Prisma.sql`, h.title, h.main_library, h.created_at, h.updated_at, h.thumbnail_path, ${metaColumns('h')}` : Prisma.empty}
        FROM content_ownership o
        ${contents}
       WHERE ${where}${after ? Prisma.sql` AND ${after}` : Prisma.empty}
       ORDER BY ${order}
       ${limit} OFFSET ${q.offset})
    SELECT p.id, p.total, p.keys, ${c}.title, ${c}.main_library, ${c}.created_at, ${c}.updated_at, ${c}.embed_types, ${c}.main_version, ${c}.thumbnail_path,
           p.visibility, p.view_count,
           m.content_id IS NOT NULL AS has_curriculum, m.framework_name, m.stage_name, m.grade_name, m.subject_name, m.topic_names, m.difficulty, m.language,
           q.overall_score, q.blooms_level,
           (SELECT array_agg(t.tag ORDER BY t.tag) FROM content_tags t WHERE t.content_id = p.id) AS tags
      FROM p
      ${full ? Prisma.empty : Prisma.sql`CROSS JOIN LATERAL (SELECT c.title, c.main_library, c.created_at, c.updated_at, c.thumbnail_path, ${metaColumns('c')} FROM h5p_contents c WHERE c.id = p.id OFFSET 0) x`}
      LEFT JOIN LATERAL (SELECT * FROM content_curriculum_metadata cm WHERE cm.content_id = p.id OFFSET 0) m ON true
      LEFT JOIN LATERAL (SELECT qr.overall_score, qr.blooms_level FROM content_quality_reports qr WHERE qr.content_id = p.id OFFSET 0) q ON true
     ORDER BY p.rn`;
  let count = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && (q.offset > 0 || after)) {
    // a page past the end has no row to carry the total
    const [n] = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM content_ownership o WHERE ${where}`;
    count = Number(n?.n ?? 0);
  }
  const more = q.limit !== undefined && rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = more && last ? encodeCursor(scope, last.keys) : null;
  if (!page.length) return { data: [], total: count, nextCursor: null };

  const [icons, typeTitles, thumbnails] = await Promise.all([
    settle('icons', iconsOf(page), new Map<string, string | null>()),
    settle('type titles', typeTitlesOf(page.map((r) => r.main_library)), new Map<string, string>()),
    // rows written before thumbnails were kept get theirs now (once)
    settle('thumbnails', backfillThumbnails(page.filter((r) => r.thumbnail_path === null).map((r) => r.id)), new Map<string, string>()),
  ]);

  // backfill: items without a report get one in the background (bounded per call)
  let queued = 0;
  for (const r of page) {
    if (queued >= BACKFILL_PER_CALL) break;
    if (r.overall_score === null) {
      scheduleQualityReport(r.id);
      queued++;
    }
  }

  const data = page.map((r): ContentListItem => {
    const embedTypes = Array.isArray(r.embed_types) && r.embed_types.length ? (r.embed_types as IContentMetadata['embedTypes']) : CONTENT_DEFAULTS.embedTypes;
    return {
      id: r.id,
      title: r.title,
      mainLibrary: r.main_library,
      contentTypeSlug: contentTypeSlug(r.main_library),
      contentTypeTitle: typeTitles.get(r.main_library) ?? titleFromMachineName(r.main_library),
      thumbnailUrl: thumbnailUrlOf(r.id, r.thumbnail_path ?? thumbnails.get(r.id)),
      icon: icons.get(`${r.main_library} ${versionOf(r)}`) ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      embedTypes,
      curriculum: r.has_curriculum
        ? {
            frameworkName: r.framework_name ?? '',
            stageName: r.stage_name,
            gradeName: r.grade_name ?? '',
            subjectName: r.subject_name ?? '',
            topicNames: r.topic_names ?? [],
            difficulty: r.difficulty ?? '',
            language: r.language ?? '',
          }
        : null,
      quality: r.overall_score !== null ? { overallScore: r.overall_score, bloomsLevel: r.blooms_level ?? '' } : null,
      bloomsLevel: itemBloomsLevel({ mainLibrary: r.main_library, reportLevel: r.blooms_level }),
      visibility: r.visibility === 'public' ? 'public' : 'private',
      viewCount: r.view_count ?? 0,
      tags: r.tags ?? [],
    };
  });
  return { data, total: count, nextCursor };
}

/** The filter choices of the My content page: the content types (with their titles) and tags the user's content carries, and how many items it has. */
export async function listFacetsOf(userId: string): Promise<{ types: { machineName: string; slug: string; title: string }[]; tags: string[]; total: number }> {
  const [types, tags, [count]] = await Promise.all([
    db().$queryRaw<{ main_library: string }[]>`
      SELECT DISTINCT h.main_library FROM content_ownership o JOIN h5p_contents h ON h.id = o.content_id
       WHERE o.user_id = ${userId}::uuid ORDER BY h.main_library`,
    db().$queryRaw<{ tag: string }[]>`
      SELECT DISTINCT t.tag FROM content_tags t JOIN content_ownership o ON o.content_id = t.content_id
       WHERE o.user_id = ${userId}::uuid ORDER BY t.tag`,
    // every item of the user, whatever the filters (the page header's count; none: the first-run empty state)
    db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM content_ownership o WHERE o.user_id = ${userId}::uuid`,
  ]);
  const titles = await settle('type titles', typeTitlesOf(types.map((t) => t.main_library)), new Map<string, string>());
  const typeList = types.map((t) => ({ machineName: t.main_library, slug: contentTypeSlug(t.main_library), title: titles.get(t.main_library) ?? titleFromMachineName(t.main_library) }));
  typeList.sort((a, b) => a.title.localeCompare(b.title));
  return { types: typeList, tags: tags.map((t) => t.tag), total: Number(count?.n ?? 0) };
}

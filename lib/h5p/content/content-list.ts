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
import { cursorScope, cursorWithOffset, CURSOR_ERRORS, decodeCursor, encodeCursor, keysetArms, keysetOrder, keysetValues, MAX_CURSOR_LENGTH, type CursorValues, type SortKey } from '@/lib/db/keyset';
import { errorOf } from '@/lib/errors';
import { log } from '@/lib/log';
import { machineNameFor, prefixTsQuery } from '@/lib/content/search';
import { CONTENT_DEFAULTS } from './content';
import { libraryPrefix } from '@/lib/h5p/engine/paths';
import { fileStore } from '@/lib/files/store';
import { localCache } from '@/lib/cache/local';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { BACKFILL_THUMBNAILS_PER_CALL, backfillThumbnails, thumbnailUrlOf } from './thumbnail';
import { typeTitle } from '@/lib/h5p/content-types/titles';

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
  /** the content type's title in the reader's language where H5P ships a translation (e.g. "Lückentext (Fill in the
   * Blanks)"), else the installed library's (e.g. "Fill in the Blanks"), else one made from the machine name */
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
 * Every key is read from the ownership row (copies kept by triggers: migrations 20261123220000_ownership_list_keys
 * and 20261203110000_my_content_sort_keys), and each sort has an index of the owner's rows in its order, so a page
 * walks the caller's entries from its position without reading their content or sorting them. */
function sortKeys(sort: ContentSort, dir: 'asc' | 'desc'): SortKey[] {
  const id: SortKey = { expr: Prisma.sql`o.content_id`, type: 'text', dir };
  const updatedDesc: SortKey = { expr: Prisma.sql`o.content_updated_at`, type: 'timestamptz', dir: 'desc' };
  const idAsc: SortKey = { ...id, dir: 'asc' };
  switch (sort) {
    case 'created':
      return [{ expr: Prisma.sql`o.content_created_at`, type: 'timestamptz', dir }, id];
    case 'title':
      // first the indexed 200-character prefix of the lowercased title (content_ownership_user_title_idx; a cursor
      // holds the whole lowercased title, the prefix is cut from it), then the whole of it, the title and the id
      return [
        { expr: Prisma.sql`left(lower(o.content_title), ${Prisma.raw(String(TITLE_PREFIX))})`, type: 'text', dir, derive: (next) => Prisma.sql`left(${next}, ${Prisma.raw(String(TITLE_PREFIX))})` },
        { expr: Prisma.sql`lower(o.content_title)`, type: 'text', dir },
        { expr: Prisma.sql`o.content_title`, type: 'text', dir },
        id,
      ];
    case 'views':
      return [{ expr: Prisma.sql`o.view_count`, type: 'int', dir }, updatedDesc, idAsc];
    case 'quality':
      // unscored content last in either direction
      return [{ expr: Prisma.sql`o.quality_score`, type: 'float8', dir, nullable: true }, updatedDesc, idAsc];
    default:
      return [{ expr: Prisma.sql`o.content_updated_at`, type: 'timestamptz', dir }, id];
  }
}

/** The characters of the lowercased title the title sort's index holds (migration 20261203110000_my_content_sort_keys). */
const TITLE_PREFIX = 200;

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
  /** the number of matches (only when the statement counts them) */
  total?: bigint;
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

/** The URL of each library's icon.svg, for the libraries (machine name, version) of some rows; `known` holds the
 * answers of earlier batches of the same call (filled here). */
async function iconsOf(rows: PageRow[], known: Map<string, string | null>): Promise<Map<string, string | null>> {
  const wanted = new Map<string, { machine: string; version: string | null }>();
  for (const r of rows) {
    const version = versionOf(r) || null;
    const key = `${r.main_library} ${version ?? ''}`;
    if (!known.has(key)) wanted.set(key, { machine: r.main_library, version });
  }
  if (!wanted.size) return known;
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
  await Promise.all(
    [...wanted].map(async ([key, w]) => {
      const version = w.version ?? newest.get(w.machine);
      const dir = version ? `${w.machine}-${version}` : null;
      if (!dir || !/^[\w.-]+$/.test(dir)) return void known.set(key, null);
      const store = fileStore();
      const exists = async () => (await store.stat(`${libraryPrefix(dir)}icon.svg`).catch(() => null)) !== null;
      // on a remote store the answer is kept (a round trip each): a library's files change only with its version
      // or a patch install, which empties the 'libraries' cache on every instance
      const found =
        store.kind === 'local' ? await exists() : await localCache<boolean>('libraries', { ttlMs: 10 * 60_000, max: 50_000 }).getOrLoad(`icon:${dir}`, exists);
      known.set(key, found ? `/h5p/libraries/${dir}/icon.svg` : null);
    }),
  );
  return known;
}

/** A readable title for a content type whose library is not installed: "H5P.DragQuestion" → "Drag Question". */
export function titleFromMachineName(machineName: string): string {
  const name = machineName.replace(/^H5P\./, '').split('.').pop() ?? machineName;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').trim() || machineName;
}

/** A content type's title as the lists show it: H5P's translation into `locale` where it ships one, else the
 * installed library's title (`installed`), else one made from the machine name. */
function listTypeTitle(machineName: string, installed: string | null | undefined, locale: string): string {
  return typeTitle(machineName, locale, installed || titleFromMachineName(machineName));
}

/** The installed libraries' titles of these machine names (the newest version's); `known` as in iconsOf (a name
 * without an installed title is remembered as null). */
async function typeTitlesOf(machineNames: string[], known = new Map<string, string | null>()): Promise<Map<string, string | null>> {
  const names = [...new Set(machineNames)].filter((n) => !known.has(n));
  if (!names.length) return known;
  const libs = await db().h5pLibrary.findMany({
    where: { machineName: { in: names } },
    select: { machineName: true, title: true },
    orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }],
  });
  for (const l of libs) if (l.title && !known.get(l.machineName)) known.set(l.machineName, l.title);
  for (const n of names) if (!known.has(n)) known.set(n, null);
  return known;
}

/** At most this many items of one list call are queued for a background quality report. */
const BACKFILL_PER_CALL = 50;

/** Rows per statement of the unpaged list (each batch is written to the response before the next is read). */
export const CONTENT_LIST_BATCH = 500;

/** The ownership columns the page's candidates carry (the sort keys read them under the same names). */
const CANDIDATE_COLUMNS = Prisma.sql`o.content_id, o.visibility, o.view_count, o.content_updated_at, o.content_created_at, o.content_title, o.quality_score`;

/**
 * One statement: the caller's matching rows from a position (none: the first; a cursor's: strictly after it) in
 * the list's order, `limit` of them after skipping `offset`, each enriched (content, curriculum, quality, tags),
 * with the number of matches when `count`.
 *
 * The candidates come from the caller's ownership rows, which hold every filter and sort key: each sort has an index
 * of the owner's rows in its order, so the first page is the first entries of that index. After a position, the
 * rows that follow are the union of a few index ranges (keysetArms: equal keys up to one, then past it on that one),
 * each read as its own `ORDER BY … LIMIT` and merged — a seek into the index wherever the position is and however
 * the directions of the sort's keys mix. Then the page's rows only are enriched by key lookups (LATERAL … OFFSET 0
 * keeps each a probe of the primary key instead of a hash of the whole table).
 */
async function readRows(userId: string, q: ListContentsQuery, keys: SortKey[], at: { position: CursorValues | null; limit: number; offset: number; count: boolean }): Promise<PageRow[]> {
  const where = whereOf(userId, q);
  const order = keysetOrder(keys);
  const arm = (cond: Prisma.Sql) => Prisma.sql`(SELECT ${CANDIDATE_COLUMNS} FROM content_ownership o WHERE ${where} AND ${cond} ORDER BY ${order} LIMIT ${at.limit})`;
  // the first page reads the index from its start (a cursor cannot be given with an offset)
  const arms = at.position ? keysetArms(keys, at.position) : [];
  const candidates = at.position
    ? Prisma.sql`(${arms.length ? Prisma.join(arms.map(arm), ' UNION ALL ') : arm(Prisma.sql`FALSE`)}) o`
    : Prisma.sql`content_ownership o WHERE ${where}`;
  // the number of matches in a scalar subquery (an index-only scan of the caller's rows when unfiltered): no row off
  // the page is read to count them. The foreign key content_ownership.content_id → h5p_contents.id guarantees every
  // ownership row its content.
  const total = at.count ? Prisma.sql`(SELECT count(*) FROM content_ownership o WHERE ${where})` : Prisma.sql`NULL::bigint`;
  return db().$queryRaw<PageRow[]>`
    WITH p AS MATERIALIZED (
      SELECT o.content_id AS id, o.visibility, o.view_count, ${keysetValues(keys)} AS keys, row_number() OVER (ORDER BY ${order}) AS rn
        FROM ${candidates}
       ORDER BY ${order}
       LIMIT ${at.limit} OFFSET ${at.offset})
    SELECT p.id, ${total} AS total, p.keys, x.title, x.main_library, x.created_at, x.updated_at, x.embed_types, x.main_version, x.thumbnail_path,
           p.visibility, p.view_count,
           m.content_id IS NOT NULL AS has_curriculum, m.framework_name, m.stage_name, m.grade_name, m.subject_name, m.topic_names, m.difficulty, m.language,
           q.overall_score, q.blooms_level,
           (SELECT array_agg(t.tag ORDER BY t.tag) FROM content_tags t WHERE t.content_id = p.id) AS tags
      FROM p
      CROSS JOIN LATERAL (
        SELECT c.title, c.main_library, c.created_at, c.updated_at, c.thumbnail_path, c.metadata -> 'embedTypes' AS embed_types,
               -- the main library's version, from the metadata
               (SELECT d FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.metadata -> 'preloadedDependencies') = 'array' THEN c.metadata -> 'preloadedDependencies' ELSE '[]'::jsonb END) d
                 WHERE d ->> 'machineName' = c.main_library LIMIT 1) AS main_version
          FROM h5p_contents c WHERE c.id = p.id OFFSET 0) x
      LEFT JOIN LATERAL (SELECT * FROM content_curriculum_metadata cm WHERE cm.content_id = p.id OFFSET 0) m ON true
      LEFT JOIN LATERAL (SELECT qr.overall_score, qr.blooms_level FROM content_quality_reports qr WHERE qr.content_id = p.id OFFSET 0) q ON true
     ORDER BY p.rn`;
}

/** Turns rows into list items; one per list call, so the answers it looks up (type icons and titles) and its
 * backfill budgets (quality reports, thumbnails) carry over from one batch of the unpaged list to the next. Type
 * titles are in `locale` where H5P translates them. */
function itemMaker(locale: string): (rows: PageRow[]) => Promise<ContentListItem[]> {
  const icons = new Map<string, string | null>();
  const typeTitles = new Map<string, string | null>();
  // the title each type is listed with (one translation lookup per type, not per row)
  const titled = new Map<string, string>();
  const titleOf = (machineName: string) => {
    let title = titled.get(machineName);
    if (title === undefined) titled.set(machineName, (title = listTypeTitle(machineName, typeTitles.get(machineName), locale)));
    return title;
  };
  let qualityQueued = 0;
  let thumbnailsLeft = BACKFILL_THUMBNAILS_PER_CALL;
  return async (rows) => {
    if (!rows.length) return [];
    const missing = thumbnailsLeft > 0 ? rows.filter((r) => r.thumbnail_path === null).slice(0, thumbnailsLeft).map((r) => r.id) : [];
    thumbnailsLeft -= missing.length;
    const [, , thumbnails] = await Promise.all([
      settle('icons', iconsOf(rows, icons), icons),
      settle('type titles', typeTitlesOf(rows.map((r) => r.main_library), typeTitles), typeTitles),
      // rows written before thumbnails were kept get theirs now (once)
      settle('thumbnails', backfillThumbnails(missing), new Map<string, string>()),
    ]);

    // backfill: items without a report get one in the background (bounded per call)
    for (const r of rows) {
      if (qualityQueued >= BACKFILL_PER_CALL) break;
      if (r.overall_score === null) {
        scheduleQualityReport(r.id);
        qualityQueued++;
      }
    }

    return rows.map((r): ContentListItem => {
      const embedTypes = Array.isArray(r.embed_types) && r.embed_types.length ? (r.embed_types as IContentMetadata['embedTypes']) : CONTENT_DEFAULTS.embedTypes;
      return {
        id: r.id,
        title: r.title,
        mainLibrary: r.main_library,
        contentTypeSlug: contentTypeSlug(r.main_library),
        contentTypeTitle: titleOf(r.main_library),
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
  };
}

/** The number of matches of the list's filters (for a page that has no row to carry it). */
async function countMatches(userId: string, q: ListContentsQuery): Promise<number> {
  const [n] = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM content_ownership o WHERE ${whereOf(userId, q)}`;
  return Number(n?.n ?? 0);
}

/** The sort keys, the cursor's scope and the decoded cursor of a list call (400 for a cursor that does not fit). */
function positionOf(q: ListContentsQuery) {
  if (q.cursor !== undefined && q.offset > 0) throw cursorWithOffset();
  const dir = q.order ?? DEFAULT_ORDER[q.sortBy];
  const keys = sortKeys(q.sortBy, dir);
  const scope = scopeOf(q, dir);
  const position = q.cursor !== undefined ? decodeCursor(q.cursor, scope, keys) : null;
  return { keys, scope, position };
}

/**
 * GET /h5p/content without `limit` (the spec's list of every item of the caller), in batches: each a statement of
 * CONTENT_LIST_BATCH rows that continues after the last row of the one before (the keyset of the paged list), so
 * no connection or transaction is held while a batch is written out, and memory stays that of one batch whatever
 * the number of items. `total()` answers once the batches are done: the number of matches (today's count: the
 * rows skipped by `offset` and those listed; after a cursor, those listed; without any, a count).
 *
 * The batches are separate statements: an item whose sort key changes while the list is being written (an edit
 * under sortBy=updated, a play under sortBy=views) can be listed at both places or at neither; `total` is always
 * the number listed plus skipped. A list read in one statement is what the paged calls give. Type titles are in
 * `locale` (listContents).
 */
export function contentListBatches(userId: string, q: ListContentsQuery, locale = 'en'): { batches: AsyncGenerator<ContentListItem[], void>; total: () => number } {
  let total = 0;
  const batches = async function* () {
    const start = positionOf(q);
    const keys = start.keys;
    let position = start.position;
    const fromCursor = position !== null;
    const items = itemMaker(locale);
    let offset = q.offset;
    let listed = 0;
    for (;;) {
      const rows = await readRows(userId, q, keys, { position, limit: CONTENT_LIST_BATCH, offset, count: false });
      listed += rows.length;
      if (rows.length) yield await items(rows);
      const last = rows[rows.length - 1];
      if (!last || rows.length < CONTENT_LIST_BATCH) break;
      position = last.keys;
      offset = 0;
    }
    total = listed ? q.offset + listed : q.offset > 0 || fromCursor ? await countMatches(userId, q) : 0;
  };
  return { batches: batches(), total: () => total };
}

/** GET /h5p/content: one page of the caller's content (or all of it without `limit`), the number of matches and,
 * when more follow, the keyset cursor of the next page. Each item's `contentTypeTitle` is in `locale` (a language
 * code: the reader's) where H5P ships a translation of the type's title, else the installed library's English one. */
export async function listContents(
  userId: string,
  q: ListContentsQuery = listContentsQuery.parse({}),
  locale = 'en',
): Promise<{ data: ContentListItem[]; total: number; nextCursor: string | null }> {
  if (q.limit === undefined) {
    // every item, gathered (the route streams them instead: contentListBatches)
    const { batches, total } = contentListBatches(userId, q, locale);
    const data: ContentListItem[] = [];
    for await (const batch of batches) data.push(...batch);
    return { data, total: total(), nextCursor: null };
  }
  const { keys, scope, position } = positionOf(q);
  // one row past the page tells whether another page follows
  const rows = await readRows(userId, q, keys, { position, limit: q.limit + 1, offset: q.offset, count: true });
  // a page past the end has no row to carry the total
  const count = rows[0] ? Number(rows[0].total) : q.offset > 0 || position ? await countMatches(userId, q) : 0;
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = more && last ? encodeCursor(scope, last.keys) : null;
  return { data: await itemMaker(locale)(page), total: count, nextCursor };
}

/** The filter choices of the My content page: the content types (with their titles in `locale`, as the list's items
 * name them) and tags the user's content carries, and how many items it has. */
export async function listFacetsOf(userId: string, locale = 'en'): Promise<{ types: { machineName: string; slug: string; title: string }[]; tags: string[]; total: number }> {
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
  const typeList = types.map((t) => ({ machineName: t.main_library, slug: contentTypeSlug(t.main_library), title: listTypeTitle(t.main_library, titles.get(t.main_library), locale) }));
  typeList.sort((a, b) => a.title.localeCompare(b.title));
  return { types: typeList, tags: tags.map((t) => t.tag), total: Number(count?.n ?? 0) };
}

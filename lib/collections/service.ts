// Collections: owner-only writes, public-or-owner reads, contiguous 0-based positions, item status computed
// on each read, and suggestions from a Bloom's gap analysis.
import { db, Prisma } from '@/lib/db/client';
import type { Collection, CollectionItem } from '@/lib/generated/prisma/client';
import { contentTypeSlug } from '@/lib/content/types';
import { curriculumFromColumns, type CurriculumColumns } from '@/lib/curriculum';
import { readerTenant, type Reader } from '@/lib/h5p';
import { apiError, AppError, errorOf } from '@/lib/errors';
import { z } from 'zod';
import { curriculumSummarySchema, qualitySummarySchema } from '@/lib/curriculum';
import { itemBloomsLevelSql } from '@/lib/content/blooms-sql';
import { analyseBlooms, bloomsAnalysisSchema } from './blooms';
import { isAccessible, loadContents, statusFor } from './content';
import type { AddItemsInput, CreateInput, ReorderInput, UpdateInput } from './schemas';

type Tx = Prisma.TransactionClient;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COLLECTION_NOT_FOUND = 'Collection not found';
export const NOT_COLLECTION_OWNER = 'User does not own collection';
export const ITEM_NOT_FOUND = 'Item not found in collection';
export const ITEM_EXISTS = 'Item already exists';
export const NO_CONTENT_GIVEN = 'Either contentId or contentIds must be provided';

/** Adding content that is not there or that the caller may not read: the text names the content. */
export const contentNotAccessibleText = (id: string) => `Content ${id} not found or not accessible`;

/** The collection routes' own errors. `notAccessible` has its own code: the text's derived one would carry the id. */
export const COLLECTION_ERR = {
  notAccessible: apiError(404, 'content_not_accessible', contentNotAccessibleText('<id>')),
  notFound: errorOf(404, COLLECTION_NOT_FOUND),
  notOwner: errorOf(404, NOT_COLLECTION_OWNER),
  itemNotFound: errorOf(404, ITEM_NOT_FOUND),
  itemExists: errorOf(409, ITEM_EXISTS),
  noContent: errorOf(400, NO_CONTENT_GIVEN),
} as const;

export const collectionViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  visibility: z.string(),
  frameworkCode: z.string().nullable(),
  frameworkName: z.string().nullable(),
  gradeCode: z.string().nullable(),
  gradeName: z.string().nullable(),
  subjectCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  topicCodes: z.array(z.string()),
  topicNames: z.array(z.string()),
  difficulty: z.string().nullable(),
  language: z.string().nullable(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CollectionView = z.infer<typeof collectionViewSchema>;

export const itemViewSchema = z.object({ id: z.string(), collectionId: z.string(), contentId: z.string(), position: z.number().int(), addedAt: z.string() });
export type ItemView = z.infer<typeof itemViewSchema>;

/** An item of a collection's detail: a restricted one shows only its place in the list. */
export const detailItemSchema = itemViewSchema.extend({
  contentId: z.string().nullable(),
  title: z.string().nullable(),
  mainLibrary: z.string().nullable(),
  contentTypeSlug: z.string().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  status: z.enum(['available', 'unavailable', 'restricted']),
  curriculum: curriculumSummarySchema.nullable(),
  quality: qualitySummarySchema.nullable(),
});
export const collectionDetailSchema = z.object({ collection: collectionViewSchema, items: z.array(detailItemSchema) });
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

export const suggestionsSchema = z.object({
  matchingContents: z.array(
    z.object({
      contentId: z.string(),
      title: z.string(),
      mainLibrary: z.string(),
      contentTypeSlug: z.string(),
      /** its quality report's level, else its content type's (as the database computes it) */
      bloomsLevel: z.string().nullable(),
      fillsGap: z.boolean(),
      /** why it is suggested: matches the collection's curriculum, any public content (the collection sets no
       * curriculum), or fills a Bloom's gap when nothing matches the curriculum */
      reason: z.enum(['curriculum', 'public', 'gap']),
      curriculum: curriculumSummarySchema.nullable(),
    }),
  ),
  bloomsAnalysis: bloomsAnalysisSchema,
  /** the curriculum fields the suggestions were matched on */
  matchedOn: z.array(z.enum(['frameworkCode', 'gradeCode', 'subjectCode', 'difficulty', 'language'])),
  /** true when nothing matched the curriculum and the gap levels' public content is suggested instead */
  fallback: z.boolean(),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const collectionView = (c: Collection): CollectionView => ({
  id: c.id,
  userId: c.userId,
  title: c.title,
  description: c.description,
  coverImageUrl: c.coverImageUrl,
  visibility: c.visibility,
  frameworkCode: c.frameworkCode,
  frameworkName: c.frameworkName,
  gradeCode: c.gradeCode,
  gradeName: c.gradeName,
  subjectCode: c.subjectCode,
  subjectName: c.subjectName,
  topicCodes: c.topicCodes,
  topicNames: c.topicNames,
  difficulty: c.difficulty,
  language: c.language,
  itemCount: c.itemCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const itemView = (i: CollectionItem): ItemView => ({
  id: i.id,
  collectionId: i.collectionId,
  contentId: i.contentId,
  position: i.position,
  addedAt: i.addedAt.toISOString(),
});

const notFound = () => new AppError(404, COLLECTION_NOT_FOUND);

/** A collection the requester may read: the owner always, others only when public (404 otherwise). */
async function readable(id: string, requesterId: string): Promise<Collection> {
  if (!UUID.test(id)) throw notFound();
  const c = await db().collection.findFirst({ where: { id, OR: [{ userId: requesterId }, { visibility: 'public' }] } });
  if (!c) throw notFound();
  return c;
}

/** Whether the requester may read the collection (the owner, or anyone when it is public): the page's 404. */
export async function collectionReadable(id: string, requesterId: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await db().collection.count({ where: { id, OR: [{ userId: requesterId }, { visibility: 'public' }] } })) > 0;
}

/** Locks the collection row for a write by its owner: 404 Collection not found / User does not own collection. */
async function lockOwned(tx: Tx, id: string, userId: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const rows = await tx.$queryRaw<{ user_id: string }[]>`SELECT user_id FROM collections WHERE id = ${id}::uuid FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound();
  if (row.user_id !== userId) throw new AppError(404, NOT_COLLECTION_OWNER);
}

/** Renumbers positions 0..n-1 (keeping the order) and stores the item count; touches updatedAt. */
async function normalise(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE collection_items ci SET position = r.rn - 1
      FROM (SELECT id, row_number() OVER (ORDER BY position, added_at, id) AS rn FROM collection_items WHERE collection_id = ${id}::uuid) r
     WHERE ci.id = r.id AND ci.position <> r.rn - 1`;
  await tx.$executeRaw`
    UPDATE collections SET item_count = (SELECT count(*) FROM collection_items WHERE collection_id = ${id}::uuid), updated_at = now()
     WHERE id = ${id}::uuid`;
}

const tx = <T>(fn: (t: Tx) => Promise<T>) => db().$transaction(fn, { timeout: 20_000, maxWait: 10_000 });

// ---------------------------------------------------------------- collections

export async function createCollection(userId: string, input: CreateInput) {
  const c = await db().collection.create({
    data: {
      userId,
      title: input.title,
      description: input.description ?? null,
      coverImageUrl: input.coverImageUrl ?? null,
      frameworkCode: input.frameworkCode ?? null,
      frameworkName: input.frameworkName ?? null,
      gradeCode: input.gradeCode ?? null,
      gradeName: input.gradeName ?? null,
      subjectCode: input.subjectCode ?? null,
      subjectName: input.subjectName ?? null,
      topicCodes: input.topicCodes ?? [],
      topicNames: input.topicNames ?? [],
      difficulty: input.difficulty ?? null,
      language: input.language ?? null,
    },
  });
  return collectionView(c);
}

export async function listCollections(userId: string, offset: number, limit: number) {
  const where = { userId };
  const [rows, total] = await Promise.all([
    db().collection.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], skip: offset, take: Math.min(limit, 100) }),
    db().collection.count({ where }),
  ]);
  return { data: rows.map(collectionView), total };
}

/** The caller's collections whose title or description holds the words (the top bar's search). */
export async function searchCollections(userId: string, text: string, limit = 10) {
  const q = text.trim();
  if (!q) return [];
  const rows = await db().collection.findMany({
    where: { userId, OR: [{ title: { contains: q, mode: 'insensitive' } }, { description: { contains: q, mode: 'insensitive' } }] },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: Math.min(limit, 50),
  });
  return rows.map(collectionView);
}

/** A restricted item shows only its place in the list: no title, content id, type, author, curriculum or quality. */
const restrictedItem = (i: CollectionItem) => ({
  ...itemView(i),
  contentId: null,
  title: null,
  mainLibrary: null,
  contentTypeSlug: null,
  authorId: null,
  authorName: null,
  status: 'restricted' as const,
  curriculum: null,
  quality: null,
});

/** `reader` is the requester (reader.userId their local id) as the content read rule sees them. */
export async function collectionDetail(id: string, reader: Reader): Promise<CollectionDetail> {
  const c = await readable(id, reader.userId ?? '');
  const items = await db().collectionItem.findMany({ where: { collectionId: c.id }, orderBy: [{ position: 'asc' }, { addedAt: 'asc' }] });
  const facts = await loadContents(items.map((i) => i.contentId));
  if (reader.tenantAdmin) await readerTenant(reader);
  return {
    collection: collectionView(c),
    items: items.map((i) => {
      const f = facts.get(i.contentId);
      const status = statusFor(f, reader);
      if (status === 'restricted') return restrictedItem(i);
      const shown = status === 'available';
      return {
        ...itemView(i),
        title: f?.title ?? null,
        mainLibrary: f?.mainLibrary ?? null,
        contentTypeSlug: contentTypeSlug(f?.mainLibrary),
        authorId: f?.ownerId ?? null,
        authorName: f ? (f.ownerName ?? 'Anonymous') : null,
        status,
        curriculum: shown ? (f?.curriculum ?? null) : null,
        quality: shown ? (f?.quality ?? null) : null,
      };
    }),
  };
}

export async function updateCollection(id: string, userId: string, input: UpdateInput) {
  await tx(async (t) => {
    await lockOwned(t, id, userId);
    const data: Prisma.CollectionUpdateInput = {};
    for (const [k, v] of Object.entries(input)) if (v !== undefined) (data as Record<string, unknown>)[k] = v;
    await t.collection.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
  });
}

export async function deleteCollection(id: string, userId: string) {
  await tx(async (t) => {
    await lockOwned(t, id, userId);
    await t.collection.delete({ where: { id } }); // items go with it (ON DELETE CASCADE)
  });
}

// ---------------------------------------------------------------- items

/** Adds one item (409 on a duplicate) or a batch (duplicates ignored). */
export async function addItems(id: string, reader: Reader, input: AddItemsInput) {
  const userId = reader.userId ?? '';
  const single = input.contentId !== undefined;
  const ids = single ? [input.contentId as string] : [...new Set(input.contentIds ?? [])];
  // owner check first (404s), then the body, then each content's existence and accessibility
  await tx(async (t) => lockOwned(t, id, userId));
  if (!single && input.contentIds === undefined) throw new AppError(400, NO_CONTENT_GIVEN);
  const facts = await loadContents(ids, { enrich: false });
  if (reader.tenantAdmin) await readerTenant(reader);
  for (const cid of ids) {
    if (!isAccessible(facts.get(cid), reader)) throw new AppError(404, contentNotAccessibleText(cid), undefined, COLLECTION_ERR.notAccessible.code);
  }
  return tx(async (t) => {
    await lockOwned(t, id, userId);
    const existing = await t.collectionItem.findMany({ where: { collectionId: id, contentId: { in: ids } }, select: { contentId: true } });
    if (single && existing.length) throw new AppError(409, ITEM_EXISTS);
    const taken = new Set(existing.map((e) => e.contentId));
    const fresh = ids.filter((cid) => !taken.has(cid));
    const max = await t.collectionItem.aggregate({ where: { collectionId: id }, _max: { position: true } });
    const start = (max._max.position ?? -1) + 1;
    const created = fresh.length
      ? await t.collectionItem.createManyAndReturn({
          data: fresh.map((contentId, i) => ({ collectionId: id, contentId, position: start + i })),
          skipDuplicates: true,
        })
      : [];
    await normalise(t, id);
    created.sort((a, b) => a.position - b.position);
    const views = created.map(itemView);
    return single ? views[0] : views;
  });
}

export async function removeItem(id: string, userId: string, itemId: string) {
  await tx(async (t) => {
    await lockOwned(t, id, userId);
    if (!UUID.test(itemId)) throw new AppError(404, ITEM_NOT_FOUND);
    const { count } = await t.collectionItem.deleteMany({ where: { id: itemId, collectionId: id } });
    if (count === 0) throw new AppError(404, ITEM_NOT_FOUND);
    await normalise(t, id);
  });
}

/**
 * Requested items go to their requested positions (clamped to the list; a taken slot moves an item to the
 * next free one); the others keep their relative order in the remaining slots. Positions stay 0..n-1.
 */
export function plannedOrder(current: readonly string[], requested: readonly { id: string; position: number }[]): string[] {
  const n = current.length;
  const slots: (string | null)[] = new Array(n).fill(null);
  const wanted = new Map<string, number>();
  for (const r of requested) wanted.set(r.id, r.position);
  const placed = [...wanted.entries()].sort((a, b) => a[1] - b[1]);
  for (const [itemId, pos] of placed) {
    let p = Math.min(pos, n - 1);
    while (p < n && slots[p] !== null) p++;
    if (p >= n) {
      p = n - 1;
      while (p >= 0 && slots[p] !== null) p--;
    }
    slots[p] = itemId;
  }
  const rest = current.filter((i) => !wanted.has(i));
  let k = 0;
  return slots.map((s) => s ?? (rest[k++] as string));
}

export async function reorderItems(id: string, userId: string, input: ReorderInput) {
  await tx(async (t) => {
    await lockOwned(t, id, userId);
    const items = await t.collectionItem.findMany({ where: { collectionId: id }, orderBy: [{ position: 'asc' }, { addedAt: 'asc' }, { id: 'asc' }], select: { id: true } });
    const known = new Set(items.map((i) => i.id));
    if (input.items.some((r) => !known.has(r.id))) throw new AppError(404, ITEM_NOT_FOUND);
    const order = plannedOrder(
      items.map((i) => i.id),
      input.items,
    );
    await t.$executeRaw`
      UPDATE collection_items ci SET position = v.pos
        FROM (SELECT unnest(${order}::uuid[]) AS id, generate_series(0, ${order.length - 1}) AS pos) v
       WHERE ci.id = v.id AND ci.collection_id = ${id}::uuid`;
    await normalise(t, id);
  });
}

// ---------------------------------------------------------------- suggestions

export const SUGGESTION_LIMIT = 20;

interface SuggestionRow extends CurriculumColumns {
  id: string;
  title: string;
  main_library: string;
  blooms_level: string | null;
  fills_gap: boolean;
}

/** The collection fields a suggestion must match (spec rule 3); an unset field does not filter. */
const MATCHED_FIELDS = [
  ['frameworkCode', 'framework_code'],
  ['gradeCode', 'grade_code'],
  ['subjectCode', 'subject_code'],
  ['difficulty', 'difficulty'],
  ['language', 'language'],
] as const;

/**
 * Public content matching the collection's set curriculum fields (unset fields don't filter), excluding the
 * collection's items and the caller's own, Bloom's gap levels first. When the collection sets curriculum fields
 * and nothing public matches them, the public content of the gap levels is suggested instead (`fallback`,
 * each with reason 'gap'), so a teacher is never left with nothing while fitting public content exists.
 */
export async function suggestions(id: string, requesterId: string): Promise<Suggestions> {
  const c = await readable(id, requesterId);
  // the Bloom's level of each existing item: its quality report's, else its content type's (lib/content/blooms.ts)
  const libs = await db().$queryRaw<{ main_library: string; blooms_level: string | null }[]>`
    SELECT h.main_library, q.blooms_level FROM collection_items ci JOIN h5p_contents h ON h.id = ci.content_id
      LEFT JOIN content_quality_reports q ON q.content_id = h.id
     WHERE ci.collection_id = ${c.id}::uuid`;
  const analysis = analyseBlooms(libs.map((l) => ({ mainLibrary: l.main_library, reportLevel: l.blooms_level })));
  const gaps: string[] = analysis.gaps;
  const level = itemBloomsLevelSql(Prisma.sql`q.blooms_level`, Prisma.sql`h.main_library`);

  const matchedOn = MATCHED_FIELDS.filter(([field]) => Boolean(c[field]?.trim())).map(([field]) => field);
  const filters = MATCHED_FIELDS.filter(([field]) => matchedOn.includes(field)).map(
    ([field, column]) => Prisma.sql`m.${Prisma.raw(column)} = ${(c[field] as string).trim()}`,
  );

  const find = (where: Prisma.Sql[], metaJoin: Prisma.Sql) => db().$queryRaw<SuggestionRow[]>`
    SELECT h.id, h.title, h.main_library, ${level} AS blooms_level, coalesce(${level} = ANY(${gaps}::text[]), false) AS fills_gap,
           m.framework_code, m.framework_name, m.stage_code, m.stage_name, m.grade_code, m.grade_name,
           m.subject_code, m.subject_name, m.topic_codes, m.topic_names, m.difficulty, m.language
      FROM content_ownership o
      JOIN h5p_contents h ON h.id = o.content_id
      ${metaJoin} content_curriculum_metadata m ON m.content_id = o.content_id
      LEFT JOIN content_quality_reports q ON q.content_id = o.content_id
     WHERE o.visibility = 'public' AND o.user_id <> ${requesterId}::uuid
       ${where.length ? Prisma.sql`AND ${Prisma.join(where, ' AND ')}` : Prisma.empty}
       AND NOT EXISTS (SELECT 1 FROM collection_items ci WHERE ci.collection_id = ${c.id}::uuid AND ci.content_id = o.content_id)
     ORDER BY fills_gap DESC, q.overall_score DESC NULLS LAST, o.published_at DESC NULLS LAST, o.content_id
     LIMIT ${SUGGESTION_LIMIT}`;

  let rows = await find(filters, filters.length ? Prisma.sql`JOIN` : Prisma.sql`LEFT JOIN`);
  let reason: 'curriculum' | 'public' | 'gap' = filters.length ? 'curriculum' : 'public';
  let fallback = false;
  if (rows.length === 0 && filters.length && gaps.length) {
    rows = await find([Prisma.sql`${level} = ANY(${gaps}::text[])`], Prisma.sql`LEFT JOIN`);
    reason = 'gap';
    fallback = rows.length > 0;
  }

  return {
    matchingContents: rows.map((r) => ({
      contentId: r.id,
      title: r.title,
      mainLibrary: r.main_library,
      contentTypeSlug: contentTypeSlug(r.main_library),
      bloomsLevel: r.blooms_level,
      fillsGap: r.fills_gap,
      /** why it is suggested: matches the collection's curriculum, any public content (the collection sets no
       * curriculum), or fills a Bloom's gap when nothing matches the curriculum */
      reason,
      curriculum: curriculumFromColumns(r),
    })),
    bloomsAnalysis: analysis,
    /** the curriculum fields the suggestions were matched on */
    matchedOn,
    /** true when nothing matched the curriculum and the gap levels' public content is suggested instead */
    fallback,
  };
}

// GET /h5p/content/usage: what deleting some of the caller's own items would touch — whether each is public (it
// leaves the marketplace) and how many collections hold it (they show it as "Removed by its author" afterwards).
// The library's delete dialogs ask when they open (the list itself stays as fast as it is); the content page counts
// the same collections on the server. Items that are not the caller's own are left out, so nothing is told about them.
import { z } from 'zod';
import { db } from '@/lib/db/client';

/** At most this many ids per call: the bulk actions' limit (bulk.ts). */
export const MAX_USAGE_IDS = 100;

export const contentUsageQuery = z.object({
  ids: z
    .string()
    .max(MAX_USAGE_IDS * 101)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(100, 'each id must be at most 100 characters')).min(1, 'must name at least one content id').max(MAX_USAGE_IDS, `must name at most ${MAX_USAGE_IDS} content ids`))
    .describe(`comma-separated content ids (at most ${MAX_USAGE_IDS})`),
});

export const contentUsageSchema = z.object({
  contentId: z.string(),
  visibility: z.enum(['private', 'public']),
  /** the number of collections (anyone's) that hold the item */
  collections: z.number().int(),
});
export type ContentUsage = z.infer<typeof contentUsageSchema>;

/** The usage of those of `contentIds` the user owns, in the order asked. */
export async function contentUsage(userId: string, contentIds: readonly string[]): Promise<ContentUsage[]> {
  const ids = [...new Set(contentIds)];
  if (!ids.length) return [];
  const owned = await db().contentOwnership.findMany({ where: { userId, contentId: { in: ids } }, select: { contentId: true, visibility: true } });
  if (!owned.length) return [];
  const counts = await db().collectionItem.groupBy({ by: ['contentId'], where: { contentId: { in: owned.map((o) => o.contentId) } }, _count: { _all: true } });
  const inCollections = new Map(counts.map((c) => [c.contentId, c._count._all]));
  const byId = new Map(owned.map((o) => [o.contentId, o]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [{ contentId: id, visibility: o.visibility === 'public' ? 'public' : 'private', collections: inCollections.get(id) ?? 0 } as const] : [];
  });
}

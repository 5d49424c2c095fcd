// Content facts a collection needs, loaded in batches (never a query per item).
import { db } from '@/lib/db/client';
import { contentTypeSlug } from '@/lib/content/types';
import { curriculumSummary, qualitySummary, type CurriculumSummary, type QualitySummary } from '@/lib/curriculum/summary';

export interface ContentFacts {
  id: string;
  title: string;
  mainLibrary: string;
  ownerId: string | null;
  ownerName: string | null;
  visibility: 'private' | 'public';
  curriculum: CurriculumSummary | null;
  quality: QualitySummary | null;
}

/** The facts of the contents that exist (missing ids are absent from the map). */
export async function loadContents(ids: readonly string[], opts: { enrich?: boolean } = {}): Promise<Map<string, ContentFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const enrich = opts.enrich ?? true;
  const [rows, metas] = await Promise.all([
    db().h5pContent.findMany({
      where: { id: { in: unique } },
      select: {
        id: true,
        title: true,
        mainLibrary: true,
        ownership: { select: { userId: true, visibility: true, user: { select: { name: true } } } },
        ...(enrich ? { quality: { select: { overallScore: true, report: true } } } : {}),
      },
    }),
    enrich ? db().contentCurriculumMetadata.findMany({ where: { contentId: { in: unique } } }) : Promise.resolve([]),
  ]);
  const metaById = new Map(metas.map((m) => [m.contentId, m]));
  const out = new Map<string, ContentFacts>();
  for (const r of rows) {
    const q = (r as { quality?: { overallScore: number; report: unknown } | null }).quality;
    out.set(r.id, {
      id: r.id,
      title: r.title,
      mainLibrary: r.mainLibrary,
      ownerId: r.ownership?.userId ?? null,
      ownerName: r.ownership ? r.ownership.user.name || 'Anonymous' : null,
      visibility: r.ownership?.visibility === 'public' ? 'public' : 'private',
      curriculum: curriculumSummary(metaById.get(r.id)),
      quality: qualitySummary(q),
    });
  }
  return out;
}

export type ItemStatus = 'available' | 'unavailable' | 'restricted';

/**
 * available: readable and accessible to the requester; unavailable: deleted or unreadable;
 * restricted: private and owned by someone else. Content without an ownership record is open to all.
 */
export function statusFor(facts: ContentFacts | undefined, requesterId: string): ItemStatus {
  if (!facts) return 'unavailable';
  if (facts.ownerId && facts.ownerId !== requesterId && facts.visibility !== 'public') return 'restricted';
  return 'available';
}

/** May the requester add this content to a collection? (exists, and is theirs, public or unowned) */
export const isAccessible = (facts: ContentFacts | undefined, requesterId: string) => statusFor(facts, requesterId) === 'available';

export const slugOf = contentTypeSlug;

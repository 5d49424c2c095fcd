// Content facts a collection needs, loaded in batches (never a query per item).
import { db } from '@/lib/db/client';
import { contentTypeSlug } from '@/lib/content/types';
import { mayRead, type Reader } from '@/lib/h5p';
import { curriculumSummary, qualitySummary, type CurriculumSummary, type QualitySummary } from '@/lib/curriculum';

export interface ContentFacts {
  id: string;
  title: string;
  mainLibrary: string;
  ownerId: string | null;
  ownerName: string | null;
  ownerTenantId: string | null;
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
        ownership: { select: { userId: true, visibility: true, user: { select: { name: true, tenantId: true } } } },
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
      ownerTenantId: r.ownership?.user.tenantId ?? null,
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
 * restricted: the content read rule (lib/h5p/content/access.ts) keeps it from the requester — private and owned by
 * someone else, unless the requester administers the owner's tenant or every tenant. The reader's tenant must
 * be loaded (readerTenant) when the reader is a tenant admin.
 */
export function statusFor(facts: ContentFacts | undefined, reader: Reader): ItemStatus {
  if (!facts) return 'unavailable';
  return mayRead(reader, facts.id, facts) ? 'available' : 'restricted';
}

/** May the requester add this content to a collection? (exists, and the read rule lets them read it) */
export const isAccessible = (facts: ContentFacts | undefined, reader: Reader) => statusFor(facts, reader) === 'available';

export const slugOf = contentTypeSlug;

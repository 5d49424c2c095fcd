// Recommendations (issue 13, item 4; feature ai-recommendation): public marketplace items that fill a collection's
// Bloom's gaps or match an objective. The candidates come from the database (a collection's suggestions, or a
// title search for the objective); the provider only ranks them and says why — an id it makes up is dropped.
import { z } from 'zod';
import { itemBloomsLevel } from '@/lib/content/blooms';
import { suggestions } from '@/lib/collections';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { usageOf } from '@/lib/plans/quota';
import { assertAiConfigured, completeJson } from './client';
import { withAiCredit } from './credits';
import { creditsSchema } from './generate';

export const recommendBody = z
  .object({
    collectionId: z.uuid({ message: 'must be a UUID' }).optional(),
    objective: z.string().trim().min(1).max(500).optional(),
    limit: z.number().int().min(1).max(10).default(5),
  })
  .refine((b) => b.collectionId || b.objective, { message: 'collectionId or objective is required', path: ['collectionId'] });

const candidateSchema = z.object({ contentId: z.string(), title: z.string(), mainLibrary: z.string(), bloomsLevel: z.string().nullable() });
type Candidate = z.infer<typeof candidateSchema>;

/** The success data of POST /api/ai/recommendations. */
export const recommendationsSchema = z.object({
  /** the collection's missing Bloom's levels (none for an objective alone) */
  gaps: z.array(z.string()),
  recommendations: z.array(candidateSchema.extend({ fillsGap: z.boolean(), reason: z.string() })),
  credits: creditsSchema,
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

const answer = z.object({
  recommendations: z.array(z.object({ contentId: z.string().min(1).max(100), reason: z.string().trim().min(1).max(500) })).max(20),
});

/** Public items whose title matches any word of the objective (the caller's own excluded). */
async function searchPublic(userId: string, objective: string): Promise<Candidate[]> {
  const words = objective
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .slice(0, 16);
  if (!words.length) return [];
  const rows = await db().$queryRaw<{ id: string; title: string; main_library: string; blooms_level: string | null }[]>`
    SELECT h.id, h.title, h.main_library, q.blooms_level FROM content_ownership o JOIN h5p_contents h ON h.id = o.content_id
    LEFT JOIN content_quality_reports q ON q.content_id = o.content_id
    WHERE o.visibility = 'public' AND o.user_id <> ${userId}::uuid AND o.search_vector @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' | ')})
    ORDER BY o.published_at DESC NULLS LAST LIMIT 30`;
  return rows.map((r) => ({ contentId: r.id, title: r.title, mainLibrary: r.main_library, bloomsLevel: itemBloomsLevel({ mainLibrary: r.main_library, reportLevel: r.blooms_level }) }));
}

/** POST /api/ai/recommendations: ranked public items with a reason each (one AI credit; none when there is nothing to rank). */
export async function recommend(user: User, b: z.infer<typeof recommendBody>): Promise<Recommendations> {
  assertAiConfigured();
  let candidates: Candidate[] = [];
  let gaps: string[] = [];
  if (b.collectionId) {
    const s = await suggestions(b.collectionId, user.id);
    gaps = s.bloomsAnalysis.gaps;
    candidates = s.matchingContents.map((m) => ({ contentId: m.contentId, title: m.title, mainLibrary: m.mainLibrary, bloomsLevel: m.bloomsLevel }));
  }
  if (b.objective) {
    const seen = new Set(candidates.map((c) => c.contentId));
    candidates.push(...(await searchPublic(user.id, b.objective)).filter((c) => !seen.has(c.contentId)));
  }
  const credits = async () => {
    const u = await usageOf(await db().user.findUniqueOrThrow({ where: { id: user.id } }));
    return { used: u.aiUsed, limit: u.aiLimit };
  };
  if (!candidates.length) return { gaps, recommendations: [], credits: await credits() };
  const byId = new Map(candidates.map((c) => [c.contentId, c]));
  const ranked = await withAiCredit(user.id, async () => {
    const a = await completeJson({
      name: 'recommendations',
      system: 'You help a teacher choose published learning activities. Rank the candidates given as data; recommend only candidates from that list, by their contentId.',
      task: [
        `Recommend at most ${b.limit} candidates, best first, each with a one-sentence reason.`,
        b.objective ? `The learning objective: ${b.objective}` : '',
        gaps.length ? `The collection lacks activities at these Bloom's levels: ${gaps.join(', ')}. Prefer candidates that fill them.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      source: JSON.stringify(candidates.map((c) => ({ contentId: c.contentId, title: c.title, type: c.mainLibrary, bloomsLevel: c.bloomsLevel }))),
      schema: answer,
    });
    const seen = new Set<string>();
    return a.recommendations.filter((r) => byId.has(r.contentId) && !seen.has(r.contentId) && seen.add(r.contentId)).slice(0, b.limit);
  });
  return {
    gaps,
    recommendations: ranked.map((r) => {
      const c = byId.get(r.contentId)!;
      return { ...c, fillsGap: !!c.bloomsLevel && gaps.includes(c.bloomsLevel), reason: r.reason };
    }),
    credits: await credits(),
  };
}


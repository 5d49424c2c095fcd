// Bloom's Taxonomy gap analysis of a collection (pure functions).
//
// The level of each item is THE item level (lib/content/blooms.ts itemBloomsLevel: its quality report's level, or
// its content type's when it has no report) — the level My content, the marketplace and the suggestions show.
// Items without a level are left out of the distribution and counted as unclassified.
//
// The coverage score is the share of the six levels that have at least one item (each level covered adds 100/6,
// about 17 points); the deviation of a level is its share of the items minus the target share, in percentage
// points (negative: fewer items at that level than the target). `explanation` says both in numbers the page puts
// into words (collections.blooms.explain* in lib/i18n/messages).
import { z } from 'zod';
import { BLOOM_LEVELS, bloomLevelSchema, itemBloomsLevel, TYPE_BLOOMS, type BloomLevel } from '@/lib/content/blooms';

export { BLOOM_LEVELS, type BloomLevel };
export type Distribution = Record<BloomLevel, number>;

/** The content-type table (lib/content/blooms.ts), under the name this module has always exported. */
export const BLOOMS_BY_CONTENT_TYPE = TYPE_BLOOMS;

/** The spec's target distribution in percent (Collections rule 4). */
export const TARGET_DISTRIBUTION: Distribution = {
  remember: 17.5,
  understand: 17.5,
  apply: 30.0,
  analyze: 11.67,
  evaluate: 11.67,
  create: 11.66,
};

/** Content types (machine names) of a level in the table. */
export function contentTypesOf(levels: readonly BloomLevel[]): string[] {
  return Object.entries(BLOOMS_BY_CONTENT_TYPE)
    .filter(([, l]) => levels.includes(l))
    .map(([t]) => t);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const zero = (): Distribution => ({ remember: 0, understand: 0, apply: 0, analyze: 0, evaluate: 0, create: 0 });

const distributionSchema = z.record(bloomLevelSchema, z.number());

export const bloomsAnalysisSchema = z.object({
  /** percent of classified items per level (sums to about 100; all 0 when nothing is classified) */
  distribution: distributionSchema,
  /** levels at 0 % */
  gaps: z.array(bloomLevelSchema),
  /** percentage of the six levels with at least one item (0 to 100) */
  score: z.number(),
  /** the spec's target distribution */
  target: distributionSchema,
  /** distribution − target, in percentage points: negative means under-represented */
  deviation: distributionSchema,
  /** items counted per level, and items whose type has no level */
  counts: distributionSchema,
  unclassified: z.number().int(),
  /** the numbers behind the score and the deviations, for the sentence that explains them */
  explanation: z.object({
    /** items with a level, and how many of them got it from a quality report (the rest from their type) */
    classified: z.number().int(),
    fromReports: z.number().int(),
    /** levels with at least one item, of the six; the points each covered level adds to the score */
    coveredLevels: z.number().int(),
    totalLevels: z.number().int(),
    pointsPerLevel: z.number(),
  }),
});
export type BloomsAnalysis = z.infer<typeof bloomsAnalysisSchema>;

/** An item as the analysis reads it: its content type and its quality report's level (null: no report). */
export interface BloomsItem {
  mainLibrary: string | null | undefined;
  reportLevel?: string | null;
}

/** The analysis of a collection's items (or of bare content types: no reports, the table's levels). */
export function analyseBlooms(items: readonly (BloomsItem | string | null | undefined)[]): BloomsAnalysis {
  const counts = zero();
  let unclassified = 0;
  let fromReports = 0;
  for (const it of items) {
    const item: BloomsItem = typeof it === 'object' && it !== null ? it : { mainLibrary: it };
    const level = itemBloomsLevel(item);
    if (level) {
      counts[level]++;
      if (level === item.reportLevel) fromReports++;
    } else unclassified++;
  }
  const classified = BLOOM_LEVELS.reduce((n, l) => n + counts[l], 0);
  const distribution = zero();
  const deviation = zero();
  for (const l of BLOOM_LEVELS) {
    distribution[l] = classified ? round2((counts[l] / classified) * 100) : 0;
    deviation[l] = round2(distribution[l] - TARGET_DISTRIBUTION[l]);
  }
  const gaps = BLOOM_LEVELS.filter((l) => counts[l] === 0);
  const score = Math.round(((BLOOM_LEVELS.length - gaps.length) / BLOOM_LEVELS.length) * 100);
  return {
    distribution,
    gaps,
    score,
    target: { ...TARGET_DISTRIBUTION },
    deviation,
    counts,
    unclassified,
    explanation: {
      classified,
      fromReports,
      coveredLevels: BLOOM_LEVELS.length - gaps.length,
      totalLevels: BLOOM_LEVELS.length,
      pointsPerLevel: round2(100 / BLOOM_LEVELS.length),
    },
  };
}

// Bloom's Taxonomy gap analysis of a collection (pure functions).
//
// The level of an item comes from a fixed content-type → level table: the highest cognitive level the
// content type typically asks of a learner. Every essential content type (lib/content/types.ts) is mapped:
//
// | level      | content types (H5P machine names)                                                        |
// |------------|------------------------------------------------------------------------------------------|
// | remember   | Flashcards, DialogCards, MemoryGame, TrueFalse, FindTheWords, Crossword, GuessTheAnswer   |
// | understand | MultiChoice, SingleChoiceSet, Blanks, DragText, MarkTheWords, Summary, Accordion,          |
// |            | ImageSlider, Timeline, Column, CoursePresentation, InteractiveBook                         |
// | apply      | ArithmeticQuiz, DragQuestion, QuestionSet, InteractiveVideo, ImageSequencing                |
// | analyze    | SortParagraphs, ImageHotspots, ImageJuxtaposition, Chart                                   |
// | evaluate   | BranchingScenario                                                                          |
// | create     | Essay                                                                                      |
//
// Unmapped content types have no level and are left out of the distribution.
import { machineNameOf } from '@/lib/content/types';

export const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
export type Distribution = Record<BloomLevel, number>;

export const BLOOMS_BY_CONTENT_TYPE: Record<string, BloomLevel> = {
  'H5P.Flashcards': 'remember',
  'H5P.Dialogcards': 'remember',
  'H5P.DialogCards': 'remember', // the name the essential list used to carry
  'H5P.MemoryGame': 'remember',
  'H5P.TrueFalse': 'remember',
  'H5P.FindTheWords': 'remember',
  'H5P.Crossword': 'remember',
  'H5P.GuessTheAnswer': 'remember',
  'H5P.MultiChoice': 'understand',
  'H5P.SingleChoiceSet': 'understand',
  'H5P.Blanks': 'understand',
  'H5P.DragText': 'understand',
  'H5P.MarkTheWords': 'understand',
  'H5P.Summary': 'understand',
  'H5P.Accordion': 'understand',
  'H5P.ImageSlider': 'understand',
  'H5P.Timeline': 'understand',
  'H5P.Column': 'understand',
  'H5P.CoursePresentation': 'understand',
  'H5P.InteractiveBook': 'understand',
  'H5P.ArithmeticQuiz': 'apply',
  'H5P.DragQuestion': 'apply',
  'H5P.QuestionSet': 'apply',
  'H5P.InteractiveVideo': 'apply',
  'H5P.ImageSequencing': 'apply',
  'H5P.SortParagraphs': 'analyze',
  'H5P.ImageHotspots': 'analyze',
  'H5P.ImageJuxtaposition': 'analyze',
  'H5P.Chart': 'analyze',
  'H5P.BranchingScenario': 'evaluate',
  'H5P.Essay': 'create',
};

/** The spec's target distribution in percent (Collections rule 4). */
export const TARGET_DISTRIBUTION: Distribution = {
  remember: 17.5,
  understand: 17.5,
  apply: 30.0,
  analyze: 11.67,
  evaluate: 11.67,
  create: 11.66,
};

export function bloomsLevelOf(mainLibrary: string | null | undefined): BloomLevel | null {
  if (!mainLibrary) return null;
  return BLOOMS_BY_CONTENT_TYPE[machineNameOf(mainLibrary)] ?? null;
}

/** Content types (machine names) of a level, for SQL filters. */
export function contentTypesOf(levels: readonly BloomLevel[]): string[] {
  return Object.entries(BLOOMS_BY_CONTENT_TYPE)
    .filter(([, l]) => levels.includes(l))
    .map(([t]) => t);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const zero = (): Distribution => ({ remember: 0, understand: 0, apply: 0, analyze: 0, evaluate: 0, create: 0 });

export interface BloomsAnalysis {
  /** percent of classified items per level (sums to about 100; all 0 when nothing is classified) */
  distribution: Distribution;
  /** levels at 0 % */
  gaps: BloomLevel[];
  /** percentage of the six levels with at least one item (0 to 100) */
  score: number;
  /** the spec's target distribution */
  target: Distribution;
  /** distribution − target, in percentage points: negative means under-represented */
  deviation: Distribution;
  /** items counted per level, and items whose type has no level */
  counts: Distribution;
  unclassified: number;
}

export function analyseBlooms(mainLibraries: readonly (string | null | undefined)[]): BloomsAnalysis {
  const counts = zero();
  let unclassified = 0;
  for (const lib of mainLibraries) {
    const level = bloomsLevelOf(lib);
    if (level) counts[level]++;
    else unclassified++;
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
  return { distribution, gaps, score, target: { ...TARGET_DISTRIBUTION }, deviation, counts, unclassified };
}

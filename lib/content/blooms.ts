// The Bloom's level of an item: ONE function, used by every screen and API that shows one (My content, the
// marketplace, a collection's analysis and suggestions, recommendations, the quality report's starting point).
//
// An item's level is its quality report's level (lib/h5p/quality: the rule-based or AI critic reads the content:
// its type, then the wording of its questions); without a report, the level its content type asks of a learner at
// least, from the table below — the same table the rule-based critic starts from, so a report made later can only
// keep or raise that level, never contradict it.
//
// | level      | content types (H5P machine names)                                                               |
// |------------|-------------------------------------------------------------------------------------------------|
// | remember   | MultiChoice, TrueFalse, Blanks, DragText, MarkTheWords, FindTheWords, Flashcards, Dialogcards,   |
// |            | MemoryGame, Crossword                                                                           |
// | understand | Summary, Accordion, Timeline, ImageHotspots, InteractiveVideo, CoursePresentation,               |
// |            | InteractiveBook, Column, ImageSlider, Chart, ImageJuxtaposition, SingleChoiceSet                  |
// | apply      | QuestionSet, DragQuestion, ImageSequencing, SortParagraphs, ArithmeticQuiz                       |
// | analyze    | GuessTheAnswer                                                                                  |
// | evaluate   | BranchingScenario                                                                               |
// | create     | Essay                                                                                           |
//
// Content types not in the table have no level (and are left out of a collection's distribution).
import { z } from 'zod';
import { machineNameOf } from './types';

export const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
/** The levels as a zod enum, for request and response schemas. */
export const bloomLevelSchema = z.enum(BLOOM_LEVELS);

export const isBloomLevel = (v: unknown): v is BloomLevel => typeof v === 'string' && (BLOOM_LEVELS as readonly string[]).includes(v);

/** What a content type asks of a learner at least (before the wording of its questions is read). */
export const TYPE_BLOOMS: Readonly<Record<string, BloomLevel>> = {
  'H5P.MultiChoice': 'remember',
  'H5P.TrueFalse': 'remember',
  'H5P.Blanks': 'remember',
  'H5P.DragText': 'remember',
  'H5P.MarkTheWords': 'remember',
  'H5P.FindTheWords': 'remember',
  'H5P.Flashcards': 'remember',
  'H5P.Dialogcards': 'remember',
  'H5P.DialogCards': 'remember', // the name the essential list used to carry
  'H5P.MemoryGame': 'remember',
  'H5P.Crossword': 'remember',
  'H5P.Summary': 'understand',
  'H5P.Accordion': 'understand',
  'H5P.Timeline': 'understand',
  'H5P.ImageHotspots': 'understand',
  'H5P.InteractiveVideo': 'understand',
  'H5P.CoursePresentation': 'understand',
  'H5P.InteractiveBook': 'understand',
  'H5P.Column': 'understand',
  'H5P.ImageSlider': 'understand',
  'H5P.Chart': 'understand',
  'H5P.ImageJuxtaposition': 'understand',
  'H5P.SingleChoiceSet': 'understand',
  'H5P.QuestionSet': 'apply',
  'H5P.DragQuestion': 'apply',
  'H5P.ImageSequencing': 'apply',
  'H5P.SortParagraphs': 'apply',
  'H5P.ArithmeticQuiz': 'apply',
  'H5P.GuessTheAnswer': 'analyze',
  'H5P.BranchingScenario': 'evaluate',
  'H5P.Essay': 'create',
};

/** The level of a content type (`H5P.X` or `H5P.X 1.2`) from the table, or null. */
export function typeBloomsLevel(mainLibrary: string | null | undefined): BloomLevel | null {
  if (!mainLibrary) return null;
  return TYPE_BLOOMS[machineNameOf(mainLibrary)] ?? null;
}

/** THE level of an item: its quality report's level when it has one, else its content type's (or null). */
export function itemBloomsLevel(item: { mainLibrary: string | null | undefined; reportLevel?: string | null }): BloomLevel | null {
  return isBloomLevel(item.reportLevel) ? item.reportLevel : typeBloomsLevel(item.mainLibrary);
}


// Content types: the API's contentTypeSlug of an H5P main library — the fixed mapping for the essential types,
// else derived from the machine name (H5P.Agamotto → agamotto), so every installed type has one; unknown only
// for a value that is not a library machine name — and the essential content types of the H5P rules (spec H5P
// rule 14) under the H5P Hub's real machine names (H5P.Dialogcards, not H5P.DialogCards).

export const ESSENTIAL_CONTENT_TYPES = [
  'H5P.MultiChoice',
  'H5P.TrueFalse',
  'H5P.Blanks',
  'H5P.DragText',
  'H5P.DragQuestion',
  'H5P.MarkTheWords',
  'H5P.QuestionSet',
  'H5P.InteractiveVideo',
  'H5P.CoursePresentation',
  'H5P.InteractiveBook',
  'H5P.BranchingScenario',
  'H5P.Timeline',
  'H5P.ImageHotspots',
  'H5P.MemoryGame',
  'H5P.Flashcards',
  'H5P.Dialogcards',
  'H5P.Accordion',
  'H5P.Column',
  'H5P.ImageSlider',
  'H5P.Summary',
  'H5P.SingleChoiceSet',
  'H5P.Essay',
  'H5P.SortParagraphs',
  'H5P.ImageSequencing',
  'H5P.FindTheWords',
  'H5P.Crossword',
  'H5P.ArithmeticQuiz',
  'H5P.GuessTheAnswer',
  'H5P.ImageJuxtaposition',
  'H5P.Chart',
] as const;

export const CONTENT_TYPE_SLUGS: Record<string, string> = {
  'H5P.MultiChoice': 'multiple-choice',
  'H5P.TrueFalse': 'true-false',
  'H5P.Blanks': 'fill-in-the-blanks',
  'H5P.DragText': 'drag-the-words',
  'H5P.DragQuestion': 'drag-and-drop',
  'H5P.MarkTheWords': 'mark-the-words',
  'H5P.QuestionSet': 'quiz',
  'H5P.InteractiveVideo': 'interactive-video',
  'H5P.CoursePresentation': 'course-presentation',
  'H5P.InteractiveBook': 'interactive-book',
  'H5P.BranchingScenario': 'branching-scenario',
  'H5P.Timeline': 'timeline',
  'H5P.ImageHotspots': 'image-hotspots',
  'H5P.MemoryGame': 'memory-game',
  'H5P.Flashcards': 'flashcards',
  'H5P.Dialogcards': 'dialog-cards',
  // the name the essential list used to carry (not a Hub machine name): same slug
  'H5P.DialogCards': 'dialog-cards',
  'H5P.Accordion': 'accordion',
  'H5P.Column': 'column',
  'H5P.ImageSlider': 'image-slider',
  'H5P.Summary': 'summary',
  'H5P.SingleChoiceSet': 'single-choice-set',
  'H5P.Essay': 'essay',
  'H5P.SortParagraphs': 'sort-paragraphs',
  'H5P.ImageSequencing': 'image-sequencing',
  'H5P.FindTheWords': 'find-the-words',
  'H5P.Crossword': 'crossword',
  'H5P.ArithmeticQuiz': 'arithmetic-quiz',
  'H5P.GuessTheAnswer': 'guess-the-answer',
  'H5P.ImageJuxtaposition': 'image-juxtaposition',
  'H5P.Chart': 'chart',
};

/** The machine name of a library string: `H5P.MultiChoice 1.16` → `H5P.MultiChoice`. */
export function machineNameOf(mainLibrary: string): string {
  return mainLibrary.trim().split(/\s+/)[0] ?? '';
}

const MACHINE_NAME = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/** The slug of a machine name outside the mapping: the part after the vendor prefix, lower case (H5P.Audio → audio). */
export function derivedSlug(machineName: string): string | undefined {
  if (!MACHINE_NAME.test(machineName)) return undefined;
  const slug = machineName
    .slice(machineName.indexOf('.') + 1)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || undefined;
}

export function contentTypeSlug(mainLibrary: string | null | undefined): string {
  if (!mainLibrary) return 'unknown';
  const name = machineNameOf(mainLibrary);
  return CONTENT_TYPE_SLUGS[name] ?? derivedSlug(name) ?? 'unknown';
}

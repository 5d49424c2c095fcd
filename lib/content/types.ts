// Content types: the fixed mapping from an H5P main library to the API's contentTypeSlug (unmapped → unknown),
// and the essential content types of the H5P rules (spec H5P rule 14).

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
  'H5P.DialogCards',
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

export function contentTypeSlug(mainLibrary: string | null | undefined): string {
  if (!mainLibrary) return 'unknown';
  return CONTENT_TYPE_SLUGS[machineNameOf(mainLibrary)] ?? 'unknown';
}

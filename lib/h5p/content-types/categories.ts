// The categories of the create page's type picker: from the H5P Hub's categories when its content type cache
// holds the type, else a small built-in map of the common types. Labels live in messages (content.create.category.*).

export const TYPE_CATEGORIES = ['questions', 'games', 'multimedia', 'presentations', 'social', 'other'] as const;
export type TypeCategory = (typeof TYPE_CATEGORIES)[number];

/** The hub's category names (api.h5p.org content-types `categories`) → ours. */
const FROM_HUB: Record<string, TypeCategory> = {
  questions: 'questions',
  games: 'games',
  multimedia: 'multimedia',
  'larger resources': 'presentations',
  presentations: 'presentations',
  'social media': 'social',
  other: 'other',
  others: 'other',
};

const BUILT_IN: Record<string, TypeCategory[]> = {
  'H5P.MultiChoice': ['questions'],
  'H5P.TrueFalse': ['questions'],
  'H5P.Blanks': ['questions'],
  'H5P.DragText': ['questions'],
  'H5P.DragQuestion': ['questions', 'games'],
  'H5P.MarkTheWords': ['questions'],
  'H5P.QuestionSet': ['questions', 'presentations'],
  'H5P.SingleChoiceSet': ['questions'],
  'H5P.Essay': ['questions'],
  'H5P.SortParagraphs': ['questions'],
  'H5P.Summary': ['questions'],
  'H5P.ArithmeticQuiz': ['questions', 'games'],
  'H5P.ImageHotspotQuestion': ['questions'],
  'H5P.ImageMultipleHotspotQuestion': ['questions'],
  'H5P.MultiMediaChoice': ['questions'],
  'H5P.Dictation': ['questions'],
  'H5P.SpeakTheWords': ['questions'],
  'H5P.SpeakTheWordsSet': ['questions'],
  'H5P.Questionnaire': ['questions'],
  'H5P.FreeTextQuestion': ['questions'],
  'H5P.PersonalityQuiz': ['questions', 'games'],
  'H5P.MemoryGame': ['games'],
  'H5P.Flashcards': ['games'],
  'H5P.Dialogcards': ['games'],
  'H5P.ImageSequencing': ['games'],
  'H5P.ImagePair': ['games'],
  'H5P.FindTheWords': ['games'],
  'H5P.Crossword': ['games'],
  'H5P.GuessTheAnswer': ['games'],
  'H5P.InteractiveVideo': ['multimedia'],
  'H5P.ImageHotspots': ['multimedia'],
  'H5P.ImageSlider': ['multimedia'],
  'H5P.ImageJuxtaposition': ['multimedia'],
  'H5P.Agamotto': ['multimedia'],
  'H5P.Audio': ['multimedia'],
  'H5P.AudioRecorder': ['multimedia'],
  'H5P.Collage': ['multimedia'],
  'H5P.ThreeImage': ['multimedia'],
  'H5P.Chart': ['multimedia'],
  'H5P.Timeline': ['multimedia', 'presentations'],
  'H5P.Accordion': ['presentations'],
  'H5P.Column': ['presentations'],
  'H5P.CoursePresentation': ['presentations'],
  'H5P.InteractiveBook': ['presentations'],
  'H5P.BranchingScenario': ['presentations'],
  'H5P.DocumentationTool': ['presentations'],
  'H5P.AppearIn': ['social'],
  'H5P.TwitterUserFeed': ['social'],
  'H5P.IFrameEmbed': ['other'],
};

/** A type's categories: the hub's (when it names any we know), else the built-in map's, else "other". */
export function categoriesOf(machineName: string, hubCategories?: readonly string[] | null): TypeCategory[] {
  const fromHub = [...new Set((hubCategories ?? []).map((c) => FROM_HUB[c.trim().toLowerCase()]).filter((c): c is TypeCategory => !!c))];
  if (fromHub.length) return fromHub;
  return BUILT_IN[machineName] ?? ['other'];
}

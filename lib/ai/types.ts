// The content types the AI writes from a topic, a text, a web page or a PDF (POST /api/ai/generate; remix), shared by
// the server (lib/ai/shapes.ts) and the pages (components/ai/shared.ts). No imports: safe in the browser bundle.
export const TOPIC_TYPES = [
  'H5P.MultiChoice',
  'H5P.TrueFalse',
  'H5P.Blanks',
  'H5P.DragText',
  'H5P.MarkTheWords',
  'H5P.SingleChoiceSet',
  'H5P.QuestionSet',
  'H5P.Dialogcards',
  'H5P.Summary',
  'H5P.Accordion',
  'H5P.CoursePresentation',
] as const;

/** the types with a route of their own (branching scenario) or a fixed source (image, video) */
export const MEDIA_TYPES = ['H5P.BranchingScenario', 'H5P.ImageHotspots', 'H5P.InteractiveVideo'] as const;

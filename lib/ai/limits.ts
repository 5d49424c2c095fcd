// The limits of AI generation, in one place for the server's schemas and the browser's form (components/ai): the
// form refuses what the server would refuse, with the same numbers. No imports: safe in the browser.

const MB = 1024 * 1024;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const AI_LIMITS = {
  /** characters of a topic */
  topic: 500,
  /** characters of a pasted text */
  text: 50_000,
  /** characters of a web page's, a video's or captions' URL */
  url: 2000,
  /** characters of a video's title */
  title: 200,
  /** characters of a PDF's page selection ("1-3, 7") */
  pages: 200,
  /** questions, statements, cards or slides of one item */
  questionCount: 20,
  /** decision steps of a branching scenario */
  branchingSteps: 10,
  /** hotspots of an image */
  hotspots: 12,
  /** bytes of an uploaded PDF */
  pdfBytes: 20 * MB,
  /** bytes of an uploaded image */
  imageBytes: 10 * MB,
  /** bytes of an uploaded video */
  videoBytes: 200 * MB,
  /** bytes of WebVTT captions (uploaded or linked) */
  captionsBytes: 1 * MB,
  /** bytes of a video the provider transcribes (one without captions) */
  transcribeBytes: 25 * MB,
} as const;

// The AI feature's error texts (the spec's, byte for byte) and their catalogue entries: the modules of lib/ai throw
// these, and the AI routes name the entries in their options (the API document lists them with their codes).
// Texts with a placeholder inside (`<type>`) are thrown with AppError.filled, which keeps the entry's code.
import { apiError, AppError, errorOf } from '@/lib/errors';
import { COLLECTION_NOT_FOUND } from '@/lib/collections';
import { CONTENT_NOT_FOUND } from '@/lib/h5p';
import { MEDIA_ERR } from '@/lib/h5p';
import { UPLOAD_TRUNCATED } from '@/lib/net/multipart';
import { CONTENT_QUOTA_EXCEEDED } from '@/lib/plans/quota';

export const AI_NOT_CONFIGURED = 'AI generation is not configured';
export const AI_INVALID = 'AI provider returned invalid content';
/** thrown as `AI provider is unavailable: <reason>` */
export const AI_UNAVAILABLE = 'AI provider is unavailable';
export const AI_LIMIT_REACHED = 'AI generation limit reached';
export const JOB_NOT_FOUND = 'Job not found';
export const FILE_TOO_LARGE = 'File too large';
/** thrown as `Validation error: url: <why the address is refused>` */
export const URL_REFUSED = 'Validation error: url';
/** thrown as `Could not fetch the page: <reason>` */
export const PAGE_UNREACHABLE = 'Could not fetch the page';
export const PAGE_TOO_SHORT = 'The page has too little text to build an activity from';
export const IMAGE_REQUIRED = 'Validation error: image: an image is required';
export const VIDEO_REQUIRED = 'Validation error: video: upload a video file or give videoUrl';
export const YOUTUBE_NEEDS_CAPTIONS = 'Validation error: captions: a YouTube video needs its WebVTT captions';
export const NOT_WEBVTT = 'Validation error: captions: not a WebVTT file (it must start with WEBVTT)';
export const NOT_A_PDF = 'Validation error: file: not a PDF';
export const PDF_NO_TEXT = 'The PDF has no text to build an activity from (a scanned document?)';

/** The AI routes' own errors (the standard ones come from each route's options). */
export const AI_ERR = {
  notConfigured: errorOf(503, AI_NOT_CONFIGURED),
  invalid: errorOf(502, AI_INVALID),
  unavailable: errorOf(502, AI_UNAVAILABLE, '<reason>'),
  limit: errorOf(429, AI_LIMIT_REACHED),
  contentQuota: errorOf(429, CONTENT_QUOTA_EXCEEDED),
  contentNotFound: errorOf(404, CONTENT_NOT_FOUND),
  jobNotFound: errorOf(404, JOB_NOT_FOUND),
  collectionNotFound: errorOf(404, COLLECTION_NOT_FOUND),
  /** thrown with AppError.filled(…, { type }) */
  typeNotInstalled: apiError(400, 'content_type_not_installed', 'Content type <type> is not installed'),
  /** thrown with AppError.filled(…, { type }) */
  typeNotGenerable: apiError(400, 'content_type_not_generable', 'Content type <type> cannot be generated yet'),
  /** thrown with AppError.filled(…, { library, path }) */
  semanticsMismatch: apiError(422, 'generated_content_does_not_fit_semantics', 'Generated content does not fit the semantics of <library> (at <path>)'),
  urlRefused: errorOf(400, URL_REFUSED, '<why the address is refused>'),
  pageUnreachable: errorOf(422, PAGE_UNREACHABLE, '<reason>'),
  pageTooShort: errorOf(422, PAGE_TOO_SHORT),
  imageRequired: errorOf(400, IMAGE_REQUIRED),
  fileType: errorOf(400, MEDIA_ERR.type),
  uploadTruncated: errorOf(400, UPLOAD_TRUNCATED),
  tooLarge: errorOf(413, FILE_TOO_LARGE),
  videoRequired: errorOf(400, VIDEO_REQUIRED),
  youtubeNeedsCaptions: errorOf(400, YOUTUBE_NEEDS_CAPTIONS),
  notWebVtt: errorOf(400, NOT_WEBVTT),
  notAPdf: errorOf(400, NOT_A_PDF),
  /** thrown with pdfPagesError(total) (the singular for one page) */
  pdfPages: errorOf(400, 'Validation error: pages: the PDF has <n> pages'),
  pdfNoText: errorOf(422, PDF_NO_TEXT),
} as const;

/** 400 `Validation error: pages: the PDF has <n> pages` (one page: `the PDF has 1 page`). */
export const pdfPagesError = (total: number) => new AppError(400, AI_ERR.pdfPages.error.replace('<n> pages', total === 1 ? '1 page' : `${total} pages`));

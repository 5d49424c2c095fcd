// The machine codes of the errors the AI pages answer with their own sentence (catalog namespace `ai`, errors.*):
// what the server names in the X-Error-Code header (lib/errors errorCodeOf of the text it throws, unless a catalogue
// entry gives one). One place for both sides: pure constants, no imports, safe in the browser bundle.
// lib/ai/error-codes.test.ts checks each against the server's own text.
export const AI_ERROR_CODES = {
  /** 429 `AI generation limit reached` (lib/ai/credits.ts AI_LIMIT_REACHED) */
  limit: 'ai_generation_limit_reached',
  /** 429 `Monthly content quota exceeded` (lib/plans/quota.ts CONTENT_QUOTA_EXCEEDED) */
  quota: 'monthly_content_quota_exceeded',
  /** 502 `AI provider returned invalid content` (lib/ai/client.ts AI_INVALID) */
  invalid: 'ai_provider_returned_invalid_content',
  /** 502 `AI provider is unavailable: <reason>` (lib/ai/client.ts AI_UNAVAILABLE) */
  unavailable: 'ai_provider_is_unavailable',
  /** 503 `AI generation is not configured` (lib/ai/client.ts AI_NOT_CONFIGURED) */
  notConfigured: 'ai_generation_is_not_configured',
  /** 403 `Teacher access required` (the route wrapper, lib/http/route.ts) */
  teacher: 'teacher_access_required',
  /** 404 `Content not found` (lib/h5p/content/access.ts CONTENT_NOT_FOUND) */
  notFound: 'content_not_found',
  /** 429 `Too many requests. Please try again later.` (lib/http/rate-limit.ts) */
  rate: 'too_many_requests',
  /** 403 `feature_not_available`: a plan gate; the sentence naming the plan is the envelope's `message` */
  plan: 'feature_not_available',
  /** 413 `File too large` (lib/ai/media.ts) */
  fileTooLarge: 'file_too_large',
  /** 404 `Job not found` (lib/ai/jobs.ts JOB_NOT_FOUND) */
  jobNotFound: 'job_not_found',
  /** 409 `Item already exists` (lib/collections/service.ts: a recommended item added twice) */
  itemExists: 'item_already_exists',
} as const;

export type AiErrorCode = (typeof AI_ERROR_CODES)[keyof typeof AI_ERROR_CODES];

/**
 * The codes of texts that name a content type inside them (`Content type H5P.X is not installed`,
 * `Content type H5P.X cannot be generated yet`): the route's answer names the catalogue's fixed code
 * (lib/ai/errors.ts AI_ERR: `content_type_not_installed`, `content_type_not_generable`); a text without a header
 * (a job item's recorded error) gives the code derived from it, which carries the type — both are recognised.
 */
export const AI_ERROR_CODE_SHAPES = {
  /** 400 `Content type <type> is not installed` (lib/ai/generate.ts, lib/ai/semantics.ts) */
  notInstalled: /^content_type_(.+_is_not_installed|not_installed)$/,
  /** 400 `Content type <type> cannot be generated yet` (lib/ai/content-ops.ts) */
  typeNotGenerable: /^content_type_(.+_cannot_be_generated_yet|not_generable)$/,
} as const;

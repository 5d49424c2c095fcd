// Error catalogue entries: a route names the errors it may answer as entries that carry the spec's exact `error`
// text (what the envelope says, byte for byte) and a stable machine `code`. The code is what the API document
// (x-error-codes), the `X-Error-Code` response header and the browser key on, so nothing has to match English
// text. The JSON envelope itself stays `{ success: false, error }` as the specification writes it.
export interface ApiError<C extends string = string> {
  /** the HTTP status the error answers with */
  readonly status: number;
  /** a stable machine code, snake_case, e.g. `content_not_found` */
  readonly code: C;
  /** the spec's exact error text, unchanged */
  readonly error: string;
  /** what follows the text after `: ` when the error carries a detail (`<reason>`), for the API document */
  readonly detail?: string;
}

/** Declares one catalogue entry (frozen: the text is the spec's and never changes at run time). */
export const apiError = <C extends string>(status: number, code: C, error: string, detail?: string): ApiError<C> =>
  Object.freeze(detail ? { status, code, error, detail } : { status, code, error });

/** A catalogue entry whose code is its text's (errorCodeOf): the code the error map sends for a plain AppError of that text. */
export const errorOf = (status: number, error: string, detail?: string): ApiError => apiError(status, errorCodeOf(error), error, detail);

/** The response header that names an error's machine code. */
export const ERROR_CODE_HEADER = 'X-Error-Code';

/**
 * The machine code of an error text that has no explicit one: its words before any `: <detail>` or second
 * sentence, snake_case
 * (`Content not found` → `content_not_found`, `Validation error: title: …` → `validation_error`,
 * `AI provider is unavailable: timeout` → `ai_provider_is_unavailable`,
 * `Too many requests. Please try again later.` → `too_many_requests`). The spec's texts are fixed, so the code is.
 */
export function errorCodeOf(text: string): string {
  const head = text.split(/:|\. /)[0] ?? text;
  const code = head
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return code || 'error';
}

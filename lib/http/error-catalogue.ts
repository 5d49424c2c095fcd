// The error catalogue type (issue 24 item 1): a route names the errors it may answer as entries that carry the
// spec's exact `error` text (what the envelope says, byte for byte) and a stable machine `code` (what the API
// document and the browser's types key on, so nothing has to match English text). The JSON envelope itself
// stays `{ success: false, error }`: integration tests pin the whole envelope with toEqual, so `code` is not
// sent on the wire; it lives here, in the OpenAPI document (x-error-code) and in the browser's types.
export interface ApiError<C extends string = string> {
  /** the HTTP status the error answers with */
  readonly status: number;
  /** a stable machine code, snake_case, e.g. `content_not_found` */
  readonly code: C;
  /** the spec's exact error text, unchanged */
  readonly error: string;
}

/** Declares one catalogue entry (frozen: the text is the spec's and never changes at run time). */
export const apiError = <C extends string>(status: number, code: C, error: string): ApiError<C> => Object.freeze({ status, code, error });

// The one error type every layer throws (the bottom layer: it imports nothing of the product). The HTTP layer
// (lib/http/errors.ts mapError) turns it into the envelope `{ success: false, error }` with its status, and names
// its machine code in the `X-Error-Code` response header.
import type { ZodError } from 'zod';
import type { ApiError } from './catalogue';
import { errorCodeOf } from './catalogue';

export class AppError extends Error {
  /** a stable machine code (snake_case); by default derived from the text, see errorCodeOf() */
  readonly code: string;
  constructor(
    readonly status: number,
    message: string,
    /** extra members of the error envelope (e.g. requiredPlan) */
    readonly extra?: Record<string, unknown>,
    code?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? errorCodeOf(message);
  }

  /** The error of a catalogue entry, optionally with a detail after its text (`<text>: <detail>`). */
  static of(entry: ApiError, detail?: string, extra?: Record<string, unknown>): AppError {
    return new AppError(entry.status, detail ? `${entry.error}: ${detail}` : entry.error, extra, entry.code);
  }

  /**
   * The error of a catalogue entry whose text has placeholders inside it (`Content type <type> is not installed`):
   * each `<name>` filled from `values`, the entry's code kept (the text varies, the code does not).
   */
  static filled(entry: ApiError, values: Record<string, string | number>): AppError {
    return new AppError(entry.status, entry.error.replace(/<(\w+)>/g, (m, k: string) => (k in values ? String(values[k]) : m)), undefined, entry.code);
  }
}

export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);

/** `Validation error: <details>` from zod issues, e.g. `Validation error: email: Invalid email address`. */
export function validationMessage(err: ZodError): string {
  const details = err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return `Validation error: ${details.join('; ')}`;
}

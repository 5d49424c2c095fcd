// The one error type every layer throws (the bottom layer: it imports nothing of the product). The HTTP layer
// (lib/http/errors.ts mapError) turns it into the envelope `{ success: false, error }` with its status, and names
// its machine code in the `X-Error-Code` response header.
import type { ZodError } from 'zod';
import type { ApiError } from './catalogue';
import { errorCodeOf } from './catalogue';

/** The mark every AppError carries, shared by every copy of this module in the process (Symbol.for). */
const APP_ERROR = Symbol.for('lumen.AppError');

export class AppError extends Error {
  /**
   * `x instanceof AppError` holds for an AppError of any copy of this module: the fast lane (lib/http/fast-lane.ts)
   * loads its own copy of the modules, and the H5P engine — a process singleton made by whichever copy asks first —
   * throws its errors (a stale save's 409, a quota's 429) from that copy into a route of the other. Subclasses keep
   * the ordinary check.
   */
  static [Symbol.hasInstance](x: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, x)) return true;
    return this === AppError && typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[APP_ERROR] === true;
  }

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
    Object.defineProperty(this, APP_ERROR, { value: true });
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

/** The text of a bare 403 (the JSON one, and the plain-text one of the tenant endpoints). */
export const FORBIDDEN = 'Forbidden';

export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = FORBIDDEN) => new AppError(403, message);
/** The text of a bare 404. */
export const NOT_FOUND = 'Not found';
export const notFound = (message = NOT_FOUND) => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);

/** The words before the details of every 400 of validation (`Validation error: <details>`). */
export const VALIDATION_ERROR = 'Validation error';

/** `Validation error: <details>` from zod issues, e.g. `Validation error: email: Invalid email address`. */
export function validationMessage(err: ZodError): string {
  const details = err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return `${VALIDATION_ERROR}: ${details.join('; ')}`;
}

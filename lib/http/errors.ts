// One error type and one map from errors to the spec's status codes and texts.
import { ZodError } from 'zod';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** extra members of the error envelope (e.g. requiredPlan) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
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

export interface MappedError {
  status: number;
  body: Record<string, unknown>;
  /** true when the cause must be logged as an error (unexpected) */
  unexpected: boolean;
}

function prismaCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^P\d{4}$/.test(code) ? code : undefined;
}

/** Maps any thrown value to the error envelope; `action` completes `Failed to <action>`. */
export function mapError(err: unknown, action: string): MappedError {
  if (err instanceof AppError) {
    return { status: err.status, body: { success: false, error: err.message, ...err.extra }, unexpected: err.status >= 500 };
  }
  if (err instanceof ZodError) {
    return { status: 400, body: { success: false, error: validationMessage(err) }, unexpected: false };
  }
  // the client went away while its request was still arriving: nothing failed here, and no one reads the answer
  if ((err as { code?: unknown })?.code === 'ECONNRESET' && (err as Error).message === 'aborted') {
    return { status: 400, body: { success: false, error: 'Validation error: the request was aborted by the client' }, unexpected: false };
  }
  const code = prismaCode(err);
  if (code === 'P2025') return { status: 404, body: { success: false, error: 'Not found' }, unexpected: false };
  if (code === 'P2002') return { status: 409, body: { success: false, error: 'Already exists' }, unexpected: false };
  return { status: 500, body: { success: false, error: `Failed to ${action}` }, unexpected: true };
}

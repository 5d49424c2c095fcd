// The one map from thrown errors to the spec's status codes and texts (AppError itself is in the bottom layer,
// lib/errors), with the machine code the X-Error-Code header names.
import { ZodError } from 'zod';
import { AppError, validationMessage } from '@/lib/errors';

export interface MappedError {
  status: number;
  body: Record<string, unknown>;
  /** the machine code (the X-Error-Code header) */
  code: string;
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
    return { status: err.status, body: { success: false, error: err.message, ...err.extra }, code: err.code, unexpected: err.status >= 500 };
  }
  if (err instanceof ZodError) {
    return { status: 400, body: { success: false, error: validationMessage(err) }, code: 'validation_error', unexpected: false };
  }
  // the client went away while its request was still arriving: nothing failed here, and no one reads the answer
  if ((err as { code?: unknown })?.code === 'ECONNRESET' && (err as Error).message === 'aborted') {
    return { status: 400, body: { success: false, error: 'Validation error: the request was aborted by the client' }, code: 'validation_error', unexpected: false };
  }
  const code = prismaCode(err);
  if (code === 'P2025') return { status: 404, body: { success: false, error: 'Not found' }, code: 'not_found', unexpected: false };
  if (code === 'P2002') return { status: 409, body: { success: false, error: 'Already exists' }, code: 'already_exists', unexpected: false };
  return { status: 500, body: { success: false, error: `Failed to ${action}` }, code: 'internal_error', unexpected: true };
}

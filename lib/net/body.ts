// Bounded request body reading: a declared Content-Length over the limit is refused before a byte is read,
// and a body without (or with a lying) Content-Length is read only up to the limit, then the stream is
// cancelled. Nothing past the limit is ever buffered.
import type { IncomingMessage } from 'node:http';
import { AppError } from '@/lib/errors';

/** The spec's JSON request body limit (also the limit of every non-file body), one figure with the front server's. */
export { JSON_BODY_LIMIT } from '@/server/paths.mjs';

export const BODY_TOO_LARGE = 'Request body too large';

export class BodyTooLargeError extends AppError {
  constructor() {
    super(413, BODY_TOO_LARGE);
    this.name = 'BodyTooLargeError';
  }
}

/** Refuses a request whose declared Content-Length is over `limit`. */
export function assertDeclaredLength(req: Request, limit: number): void {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
}

/** The body as bytes, at most `limit` of them; 413 `Request body too large` past it. */
export async function readBodyBytes(req: Request, limit: number): Promise<Buffer> {
  assertDeclaredLength(req, limit);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The body as UTF-8 text, at most `limit` bytes; 413 `Request body too large` past it. */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  return (await readBodyBytes(req, limit)).toString('utf8');
}

/**
 * A Node.js request's body as UTF-8 text, at most `limit` bytes; 413 `Request body too large` past it (the front
 * server's fast lane, which has no Web stream). Past the limit nothing more is kept, and the rest of the body is
 * left unread: the caller answers and closes the connection.
 */
export function readNodeBodyText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (err: Error | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        done(new BodyTooLargeError());
      } else chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onError = (err: Error) => done(err);
    // the client went away before the end of its body
    const onClose = () => done(new Error('request aborted'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

// HTTP helpers of the /h5p routes: static files with Range and cache headers, error replies in the shape the
// H5P client expects, and the request body parsing of the library's AJAX calls.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { H5pError } from '@lumieducation/h5p-server';
import { fileAnswer, fileEtag, IMMUTABLE, isScriptable, mimeOf, parseRange, SHORT_CACHE, USER_FILE_CSP } from '@/server/file-types.mjs';
import { fileStore, FileMissingError, isSafeKey, type StoredFile } from '@/lib/files/store';
import { safeJoin, UnsafePathError } from '@/lib/h5p/engine/paths';

// the file rules are shared with the front server (server/static-files.mjs), which serves most of these files
export { IMMUTABLE, mimeOf, parseRange, SHORT_CACHE, USER_FILE_CSP };

/** True for a file that could run script on our origin (by its name or by the type it is served as). */
export const isScriptableFile = isScriptable;

export const nodeToWeb = (s: Readable) => Readable.toWeb(s) as unknown as ReadableStream<Uint8Array>;

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export interface FileOptions {
  cacheControl: string;
  headers?: Record<string, string>;
  /** honour Range requests (media) */
  range?: boolean;
  /** serve files that can carry script (svg, html, xml) with the sandbox CSP (library files) */
  sandboxScriptable?: boolean;
  /** the name the file's type is taken from, when its key has none (a revision's blob is named by its hash) */
  name?: string;
}

/** Serves `rel` under the local folder `root` (install-time assets: core, editor), with Range when asked. */
export async function serveFile(req: Request, root: string, rel: string, opts: FileOptions): Promise<Response> {
  let file: string;
  try {
    file = safeJoin(root, rel);
  } catch (err) {
    if (err instanceof UnsafePathError) return notFound();
    throw err;
  }
  let st: fs.Stats;
  try {
    st = await fsp.stat(file);
  } catch {
    return notFound();
  }
  if (!st.isFile()) return notFound();
  const info = { size: st.size, mtime: st.mtime, etag: fileEtag(st) };
  return respond(req, file, info, opts, (range) => Readable.from(fs.createReadStream(file, range)));
}

/** Serves the stored file `key` (lib/files: content, library, temporary and custom files), with Range when asked. */
export async function serveStored(req: Request, key: string, opts: FileOptions): Promise<Response> {
  if (!isSafeKey(key)) return notFound();
  const store = fileStore();
  const st = await store.stat(key);
  if (!st) return notFound();
  try {
    // a HEAD, a 304 or a 416 reads nothing
    return await respond(req, key, st, opts, (range) => store.read(key, range));
  } catch (err) {
    if (err instanceof FileMissingError) return notFound(); // removed between the stat and the read
    throw err;
  }
}

async function respond(
  req: Request,
  name: string,
  st: StoredFile,
  opts: FileOptions,
  open: (range?: { start: number; end: number }) => Readable | Promise<Readable>,
): Promise<Response> {
  const a = fileAnswer({ method: req.method, ifNoneMatch: req.headers.get('if-none-match'), range: req.headers.get('range') }, { ...st, name: opts.name ?? name }, opts);
  if (!a.body) return new Response(null, { status: a.status, headers: a.headers });
  if (st.size === 0) return new Response(new Uint8Array(0), { status: 200, headers: a.headers });
  return new Response(nodeToWeb(await open(a.part)), { status: a.status, headers: a.headers });
}

/** An H5P library error in the shape the H5P client reads ({ success:false, message, errorCode }). */
export function h5pErrorResponse(err: unknown): Response | undefined {
  if (err instanceof H5pError) {
    const status = err.httpStatusCode || 500;
    return Response.json({ success: false, message: err.message || err.errorId, errorCode: err.clientErrorId ?? err.errorId, details: err.replacements }, { status });
  }
  const agg = err as { name?: string; errorId?: string; httpStatusCode?: number; message?: string };
  if (agg?.name === 'AggregateH5pError' || (agg?.errorId && agg.httpStatusCode)) {
    return Response.json({ success: false, message: agg.message ?? agg.errorId, errorCode: agg.errorId }, { status: agg.httpStatusCode ?? 400 });
  }
  return undefined;
}

// HTTP helpers of the /h5p routes: static files with Range and cache headers, error replies in the shape the
// H5P client expects, and the request body parsing of the library's AJAX calls.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { H5pError } from '@lumieducation/h5p-server';
import { safeJoin, UnsafePathError } from './paths';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'audio/ogg',
  '.ogv': 'video/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webvtt': 'text/vtt; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
  '.h5p': 'application/zip',
  '.xsd': 'application/xml',
};

export const mimeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=300';
/** uploaded files are served from our origin: never let them run script (an SVG or XML could) */
export const USER_FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors *";

/** File types a browser runs script in when they are opened on their own (documents, not subresources). */
const SCRIPTABLE = /\.(svgz?|html?|xhtml?|xht|xml|xsl|xslt|xsd|mml)$/i;
const SCRIPTABLE_TYPES = /^(text\/html|image\/svg\+xml|application\/(xhtml\+)?xml|text\/xml|application\/[\w.+-]*\+xml)\b/i;

/** True for a file that could run script on our origin (by its name or by the type it is served as). */
export const isScriptableFile = (file: string) => SCRIPTABLE.test(file) || SCRIPTABLE_TYPES.test(mimeOf(file));

export const nodeToWeb = (s: Readable) => Readable.toWeb(s) as unknown as ReadableStream<Uint8Array>;

export function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Parses a single `bytes=a-b` range; undefined for none or an unsupported form, null when unsatisfiable. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | undefined | null {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '' && m[2] === '') return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

export interface FileOptions {
  cacheControl: string;
  headers?: Record<string, string>;
  /** honour Range requests (media) */
  range?: boolean;
  /** serve files that can carry script (svg, html, xml) with the sandbox CSP (library files) */
  sandboxScriptable?: boolean;
}

/** Serves `rel` under `root` (never outside it), with Range when asked. */
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
  const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': mimeOf(file),
    'Cache-Control': opts.cacheControl,
    ETag: etag,
    'Last-Modified': st.mtime.toUTCString(),
    ...(opts.range ? { 'Accept-Ranges': 'bytes' } : {}),
    ...opts.headers,
    // never sniffed into something else; a file that can carry script runs sandboxed (no origin, no script)
    'X-Content-Type-Options': 'nosniff',
    ...(opts.sandboxScriptable && isScriptableFile(file) ? { 'Content-Security-Policy': USER_FILE_CSP } : {}),
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  if (req.method === 'HEAD') return new Response(null, { status: 200, headers: { ...headers, 'Content-Length': String(st.size) } });
  if (opts.range) {
    const r = parseRange(req.headers.get('range'), st.size);
    if (r === null) return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${st.size}` } });
    if (r) {
      return new Response(nodeToWeb(fs.createReadStream(file, { start: r.start, end: r.end })), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${r.start}-${r.end}/${st.size}`, 'Content-Length': String(r.end - r.start + 1) },
      });
    }
  }
  return new Response(nodeToWeb(fs.createReadStream(file)), { status: 200, headers: { ...headers, 'Content-Length': String(st.size) } });
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

// File types and the rules for serving files, shared by the front server (server/static-files.mjs) and the
// Next.js file routes (lib/h5p/http/files.ts): content types, cache policies, the sandbox for files that can carry script,
// and Range parsing. Plain JavaScript: the front server runs it before (and without) the app's build.
import path from 'node:path';

export const TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.bmp': 'image/bmp', '.ico': 'image/x-icon',
  '.tif': 'image/tiff', '.tiff': 'image/tiff', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject', '.mp4': 'video/mp4', '.webm': 'video/webm', '.ogg': 'audio/ogg', '.ogv': 'video/ogg',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.wav': 'audio/wav', '.vtt': 'text/vtt; charset=utf-8', '.webvtt': 'text/vtt; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.pdf': 'application/pdf', '.xml': 'application/xml', '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip', '.h5p': 'application/zip', '.xsd': 'application/xml',
};
export const mimeOf = (file) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml|application\/vnd\.ms-fontobject|font\/(ttf|otf))/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=300';
// the sandbox policy of files that can carry script, kept with every path's headers (server/header-policy.mjs)
import { USER_FILE_CSP } from './header-policy.mjs';
export { USER_FILE_CSP };
/** File types a browser runs script in when they are opened on their own (documents, not subresources). */
const SCRIPTABLE = /\.(svgz?|html?|xhtml?|xht|xml|xsl|xslt|xsd|mml)$/i;
const SCRIPTABLE_TYPES = /^(text\/html|image\/svg\+xml|application\/(xhtml\+)?xml|text\/xml|application\/[\w.+-]*\+xml)\b/i;
/** True for a file that could run script on our origin (by its name or by the type it is served as). */
export const isScriptable = (file) => SCRIPTABLE.test(file) || SCRIPTABLE_TYPES.test(mimeOf(file));

/**
 * The strong ETag of a file on disk: size, modification time and inode, so a file replaced in place (a new
 * inode) or rewritten gets a new tag. One formula for the front server, the app's routes and the local file store.
 */
export const fileEtag = (st) => `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${st.ino.toString(16)}"`;

/** Whether an If-None-Match header names this ETag (a weak form of it counts, as for GET). */
export const etagMatches = (ifNoneMatch, etag) => !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`);

/** One `bytes=a-b` range: undefined for none or an unsupported form, null when unsatisfiable. */
export function parseRange(header, size) {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start;
  let end;
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

/**
 * The one conditional-GET and Range decision of a file answer, for the front server's static files
 * (server/static-files.mjs) and the app's file routes (lib/h5p/http/files.ts): the file's headers (type, caching,
 * ETag, Last-Modified, Accept-Ranges, nosniff, the sandbox CSP of a file that can carry script), then
 * 304 when If-None-Match names the ETag; with `range`, 416 for an unsatisfiable Range and 206 with its part;
 * else 200. `body` says whether bytes follow (not for 304, 416 or HEAD).
 */
export function fileAnswer(req, file, opts) {
  const headers = {
    'Content-Type': mimeOf(file.name),
    'Cache-Control': opts.cacheControl,
    ETag: file.etag,
    'Last-Modified': file.mtime.toUTCString(),
    ...(opts.range ? { 'Accept-Ranges': 'bytes' } : {}),
    ...opts.headers,
    // never sniffed into something else; a file that can carry script runs sandboxed (no origin, no script)
    'X-Content-Type-Options': 'nosniff',
    ...(opts.sandboxScriptable && isScriptable(file.name) ? { 'Content-Security-Policy': USER_FILE_CSP } : {}),
  };
  if (etagMatches(req.ifNoneMatch, file.etag)) return { status: 304, headers, body: false };
  const head = req.method === 'HEAD';
  if (opts.range && req.range) {
    const part = parseRange(req.range, file.size);
    if (part === null) return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` }, body: false };
    if (part) {
      return {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${part.start}-${part.end}/${file.size}`, 'Content-Length': String(part.end - part.start + 1) },
        part,
        body: !head,
      };
    }
  }
  return { status: 200, headers: { ...headers, 'Content-Length': String(file.size) }, body: !head };
}

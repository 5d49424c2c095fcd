// Static H5P files served by the front HTTP server, outside the Next.js pipeline (issue 9, item 2): the core and
// editor (/h5p/core, /h5p/editor), library files (/h5p/libraries/<Name-major.minor>/…), content files
// (/h5p/content/<id>/…) and a player's content files (/h5p/player-files/<token>/<id>/…).
// Same access rules and headers as the Next routes they stand in front of (app/h5p/**): the app registers, at
// start-up, where the files live and how to decide access (lib/h5p/engine/front-files.ts, on globalThis); what is not
// decided here (a private content file, an unknown path, a POST) falls through to Next.js.
// - strong ETags (size, modification time and inode), 304 on If-None-Match, `immutable` for versioned URLs;
// - Range (single ranges) for content and media; HEAD;
// - gzip / brotli for text files, compressed once per file version and kept in memory (bounded), small files
//   kept in memory too; everything else streamed from disk.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { joinBundle, parseBundle } from './asset-bundle.mjs';
import { frontFiles, markFrontBundles } from './globals.mjs';
import { COMPRESSIBLE, etagMatches, fileAnswer, fileEtag, IMMUTABLE, isScriptable, mimeOf, SHORT_CACHE, USER_FILE_CSP } from './file-types.mjs';
import { CONTENT_ROUTE_NAMES, LIBRARY_DIR, LIBRARY_ROUTE_NAMES } from './paths.mjs';

const brotli = promisify(zlib.brotliCompress);

// tells the app (lib/h5p/engine/front-files.ts) that /h5p/bundle/… is answered here
markFrontBundles();
const gzip = promisify(zlib.gzip);

/** `rel` under `root`, or null when it would leave it (`..`, absolute, backslash, NUL). */
function safeJoin(root, rel) {
  if (!rel || rel.includes('\0') || rel.includes('\\') || rel.startsWith('/') || /^[a-zA-Z]:/.test(rel)) return null;
  if (rel.split('/').some((seg) => seg === '..' || seg === '.' || seg === '')) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, rel);
  return full.startsWith(base + path.sep) ? full : null;
}

// ------------------------------------------------------------------ memory: small files and compressed text
const SMALL_FILE = 256 * 1024;
const MEMORY_BUDGET = 64 * 1024 * 1024;

class Memory {
  entries = new Map(); // key → { raw?, br?, gz?, bytes }
  bytes = 0;
  get(key) {
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e); // recently used last
    }
    return e;
  }
  put(key, e) {
    const old = this.entries.get(key);
    if (old) this.bytes -= old.bytes;
    e.bytes = (e.raw?.length ?? 0) + (e.br?.length ?? 0) + (e.gz?.length ?? 0);
    this.entries.set(key, e);
    this.bytes += e.bytes;
    for (const [k, v] of this.entries) {
      if (this.bytes <= MEMORY_BUDGET) break;
      this.entries.delete(k);
      this.bytes -= v.bytes;
    }
  }
}

const memory = new Memory();
const loading = new Map();

/** The file's bytes and compressed forms (loaded once per version). */
function cached(file, st, compressible) {
  const key = `${file}\0${st.ino}\0${st.size}\0${st.mtimeMs}`;
  const hit = memory.get(key);
  if (hit) return hit;
  let p = loading.get(key);
  if (!p) {
    p = (async () => {
      const raw = await fsp.readFile(file);
      const e = { raw };
      if (compressible && raw.length > 512) {
        const [br, gz] = await Promise.all([
          brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gzip(raw, { level: 6 }),
        ]);
        if (br.length < raw.length) e.br = br;
        if (gz.length < raw.length) e.gz = gz;
      }
      memory.put(key, e);
      return e;
    })().finally(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

function encodingFor(req, e) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (e.br && /\bbr\b/.test(accept)) return 'br';
  if (e.gz && /\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/**
 * Serves `rel` under `root`. Returns false when the file does not exist (the caller decides: 404 or Next.js).
 * `headers` are the response's own (CSP, CORS…); `range` honours Range requests.
 */
async function sendFile(req, res, root, rel, { cacheControl, headers = {}, range = false, sandboxScriptable = false }) {
  const file = safeJoin(root, rel);
  if (!file) return false;
  let st;
  try {
    st = await fsp.stat(file);
  } catch {
    return false;
  }
  if (!st.isFile()) return false;
  const type = mimeOf(file);
  const compressible = COMPRESSIBLE.test(type) && st.size <= 8 * 1024 * 1024;
  const vary = compressible ? { Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding' } : {};
  const a = fileAnswer(
    { method: req.method, ifNoneMatch: req.headers['if-none-match'], range: req.headers.range },
    { name: file, size: st.size, etag: fileEtag(st), mtime: st.mtime },
    { cacheControl, headers: { ...headers, ...vary }, range, sandboxScriptable },
  );
  if (a.status !== 200) {
    res.writeHead(a.status, a.headers);
    if (a.body && a.part) streamFile(file, res, a.part);
    else res.end();
    return true;
  }
  const out = a.headers;
  delete out['Content-Length'];
  if (st.size <= SMALL_FILE || compressible) {
    const e = await cached(file, st, compressible);
    const enc = compressible ? encodingFor(req, e) : null;
    const body = enc === 'br' ? e.br : enc === 'gzip' ? e.gz : e.raw;
    res.writeHead(200, { ...out, ...(enc ? { 'Content-Encoding': enc } : {}), 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, { ...out, 'Content-Length': String(st.size) });
  if (req.method === 'HEAD') return res.end(), true;
  streamFile(file, res);
  return true;
}

function streamFile(file, res, opts) {
  const s = fs.createReadStream(file, opts);
  s.on('error', () => res.destroy());
  res.on('close', () => s.destroy());
  s.pipe(res);
}

/** Text and compressed forms of a bundle (server/asset-bundle.mjs), kept in memory per version of its files. */
async function sendBundle(req, res, roots, name, list, headers) {
  const bundle = parseBundle(name, list);
  if (!bundle) return false;
  const files = [];
  for (const f of bundle.files) {
    const root = f.root === 'core' ? roots.core : roots.libraries;
    const file = root && safeJoin(root, f.rel);
    if (!file) return false;
    try {
      const st = await fsp.stat(file);
      if (!st.isFile()) return false;
      files.push({ file, st, url: `/h5p/${f.root}/${f.rel}` });
    } catch {
      return false;
    }
  }
  // the bundle changes when any of its files does (a library reinstalled at the same version)
  const versions = files.map(({ st }) => `${st.ino}.${st.size}.${Math.floor(st.mtimeMs)}`).join(',');
  const key = `bundle\0${name}\0${list}\0${versions}`;
  const etag = `"b${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}"`;
  const out = {
    'Content-Type': bundle.ext === '.js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding',
    ...headers,
    'X-Content-Type-Options': 'nosniff',
  };
  if (headers.Vary) out.Vary = `${headers.Vary}, Accept-Encoding`;
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, out);
    res.end();
    return true;
  }
  let e = memory.get(key);
  if (!e) {
    let p = loading.get(key);
    if (!p) {
      p = (async () => {
        const texts = await Promise.all(files.map(({ file }) => fsp.readFile(file, 'utf8')));
        const raw = Buffer.from(joinBundle(bundle.ext, texts, files.map((f) => f.url)));
        const [br, gz] = await Promise.all([
          brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gzip(raw, { level: 6 }),
        ]);
        const entry = { raw, br, gz };
        memory.put(key, entry);
        return entry;
      })().finally(() => loading.delete(key));
      loading.set(key, p);
    }
    e = await p;
  }
  const enc = encodingFor(req, e);
  const body = enc === 'br' ? e.br : enc === 'gzip' ? e.gz : e.raw;
  res.writeHead(200, { ...out, ...(enc ? { 'Content-Encoding': enc } : {}), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

function notFound(res, base) {
  res.writeHead(404, { ...base, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}

// ------------------------------------------------------------------ routing

/** the first path segments after /h5p/ that this handler may answer (the cases below) */
const STATIC_KINDS = new Set(['core', 'editor', 'libraries', 'bundle', 'content', 'player-files']);

/**
 * Whether serveStatic may answer the request (a GET or HEAD of one of its path kinds, once the app has registered):
 * asked first without a promise, so the app's own /h5p/ routes (the player's calls) skip it.
 */
export function mayServeStatic(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (!url.startsWith('/h5p/') || !frontFiles()) return false;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const slash = pathname.indexOf('/', 5);
  return STATIC_KINDS.has(slash === -1 ? pathname.slice(5) : pathname.slice(5, slash));
}

/**
 * The front server's handler: resolves true when it answered, false to let Next.js answer. `base` are the headers
 * every /h5p/ answer carries (the proxy's: request id, CORS for the sandboxed player, nosniff, referrer policy), or
 * the function that makes them (called only when the path is one of the files').
 */
export async function serveStatic(req, res, baseHeaders) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const hooks = frontFiles();
  if (!hooks) return false; // the app has not registered yet (start-up): Next.js answers
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!pathname.startsWith('/h5p/')) return false;
  // the app's own /h5p/ routes (the player's model, the player page, the statements, saved states…) leave at once,
  // before any parsing or header work (they are the busiest requests of all)
  const slash = pathname.indexOf('/', 5);
  if (!STATIC_KINDS.has(slash === -1 ? pathname.slice(5) : pathname.slice(5, slash))) return false;
  const base = typeof baseHeaders === 'function' ? baseHeaders() : baseHeaders;
  const versioned = q !== -1 && new URLSearchParams(url.slice(q + 1)).has('version');
  let parts;
  try {
    parts = pathname.slice(5).split('/').map(decodeURIComponent);
  } catch {
    return false;
  }
  const [kind, ...rest] = parts;
  const roots = hooks.roots();
  const frame = { ...base, 'Content-Security-Policy': 'frame-ancestors *' };
  const user = { ...base, 'Content-Security-Policy': USER_FILE_CSP };
  switch (kind) {
    // only files that exist are answered here: anything else (the app's routes, unknown files) goes to Next.js
    case 'core':
    case 'editor':
      return sendFile(req, res, kind === 'core' ? roots.core : roots.editor, rest.join('/'), { cacheControl: versioned ? IMMUTABLE : SHORT_CACHE, headers: frame });
    case 'libraries': {
      if (!roots.libraries) return false; // a remote file store: the app's route serves it
      if (rest.length < 2 || !LIBRARY_DIR.test(rest[0] ?? '') || LIBRARY_ROUTE_NAMES.has(rest[0] ?? '')) return false;
      const rel = rest.join('/');
      return sendFile(req, res, roots.libraries, rel, { cacheControl: versioned ? IMMUTABLE : SHORT_CACHE, headers: isScriptable(rel) ? user : frame, sandboxScriptable: true });
    }
    case 'bundle': {
      // one script or stylesheet for a player page, joined from core and library files (server/asset-bundle.mjs)
      if (!roots.libraries || rest.length !== 1) return false;
      const list = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get('f');
      if (await sendBundle(req, res, roots, rest[0], list, user)) return true;
      return notFound(res, user), true;
    }
    case 'content': {
      if (!roots.content) return false;
      const [contentId, ...file] = rest;
      if (!contentId || !file.length || contentId.length > 100 || (file.length === 1 && CONTENT_ROUTE_NAMES.has(file[0] ?? ''))) return false;
      // open content (public, or without an owner) is a static asset; anything else is decided by the app's route
      const dir = safeJoin(roots.content, contentId);
      if (!dir || (await hooks.contentAccess(contentId)) !== 'open') return false;
      return sendFile(req, res, dir, file.join('/'), { cacheControl: 'public, max-age=3600', range: true, headers: user });
    }
    case 'player-files': {
      if (!roots.content) return false;
      const [segment, contentId, ...file] = rest;
      if (!segment || !contentId || !file.length || contentId.length > 100) return false;
      // params.js (the player page's parameters script) is the app's route's
      if (file.length === 1 && file[0] === 'params.js') return false;
      const headers = { ...user, 'Access-Control-Allow-Origin': '*' };
      const dir = safeJoin(roots.content, contentId);
      const cacheControl = dir ? await hooks.playerFiles(segment, contentId) : null;
      if (!cacheControl) return notFound(res, headers), true;
      const ok = await sendFile(req, res, dir, file.join('/'), { cacheControl, range: true, headers });
      if (!ok) notFound(res, headers);
      return true;
    }
    default:
      return false;
  }
}

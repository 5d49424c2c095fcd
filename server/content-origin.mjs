// The content origin (issue 23 item 6): content plays on an origin of its own, never the app's.
//
// The player page (/h5p/embed/<id>) and everything it loads — the content's files, library files, H5P core, the
// page's asset bundles — and the calls it makes (xAPI, saved state, results) are served from CONTENT_URL, a second
// host name (or, on a developer's machine, a second loopback name and port). There the player frame gets
// `allow-same-origin` (its <iframe sandbox> and its CSP `sandbox` both): content reads its own files as same-origin
// (canvas toDataURL on a content image, <track> captions, XHR with X-Requested-With), and still reaches nothing of
// the app: a different site from the app's, so the browser sends it none of the app's cookies and gives it none of
// the app's storage. The content host itself serves nothing of the app (every other path answers 404), reads no
// cookie (the Cookie header is dropped before the app sees the request) and sets none.
//
// Which requests are the content host's: those that arrive on the content port (CONTENT_PORT, default PORT+1: the
// same process listens there too) and those whose Host is CONTENT_URL's (several instances behind one proxy that
// routes both names to PORT). Plain JavaScript: the front server (server/server.mjs) runs it before the app's build,
// lib/config.ts reads the same answer.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const blank = (v) => v === undefined || v === null || String(v).trim() === '';

/** The paths the content host serves (anything else: 404). */
export const CONTENT_PATH = /^\/(h5p\/(embed\/[^/]+|player-files\/.+|libraries\/.+|core\/.+|custom\/.+|bundle\/.+|xapi\/[^/]+|contentUserData\/.+|finishedData|ajax)|h5p-resizer\.js|favicon\.ico)$/;

/** May the content host answer this path? (No query.) */
export const isContentPath = (pathname) => CONTENT_PATH.test(pathname);

/** The header the front server sets on a content-host request (a client's own is dropped). */
export const CONTENT_ORIGIN_HEADER = 'x-lumen-content-origin';

/** The sandbox of a player frame on the content origin: PLAYER_SANDBOX plus its own origin's rights. */
export const CONTENT_SANDBOX_EXTRA = 'allow-same-origin';

function parsePort(name, raw) {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`Invalid configuration:\n  ${name}: must be an integer between 1 and 65535 (got "${raw}")`);
  return n;
}

/**
 * The content origin from the environment:
 * - `url`: CONTENT_URL (no trailing slash); unset, the other loopback name at CONTENT_PORT when the app's address
 *   is a loopback one (localhost ↔ 127.0.0.1: two sites for the browser, so no cookie of one goes to the other);
 *   null when the app has a real host name and no CONTENT_URL — then content plays on the app's host in an opaque
 *   sandbox, as before (the README tells operators to set CONTENT_URL).
 * - `port`: where this process also listens for the content host (CONTENT_PORT, default PORT+1); null with no
 *   content origin.
 * - `host`: the Host header (lowercase, with a non-default port) of CONTENT_URL, for routing by name.
 * Throws naming the variable.
 * @param {Record<string, string | undefined>} env
 * @returns {{ url: string | null; port: number | null; host: string | null }}
 */
export function contentOrigin(env = process.env) {
  const port = blank(env.PORT) ? 3000 : Number(env.PORT);
  const appUrl = (blank(env.APP_URL) ? `http://localhost:${port}` : String(env.APP_URL)).replace(/\/+$/, '');
  const contentPort = blank(env.CONTENT_PORT) ? (Number.isInteger(port) ? port + 1 : 3001) : parsePort('CONTENT_PORT', env.CONTENT_PORT);
  let url = null;
  if (!blank(env.CONTENT_URL)) {
    let u;
    try {
      u = new URL(String(env.CONTENT_URL));
    } catch {
      throw new Error('Invalid configuration:\n  CONTENT_URL: must be an http(s) URL');
    }
    if (!/^https?:$/.test(u.protocol) || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username) {
      throw new Error('Invalid configuration:\n  CONTENT_URL: must be an http(s) origin, without path, query or credentials');
    }
    let app;
    try {
      app = new URL(appUrl);
    } catch {
      app = null;
    }
    // the content origin must be another site: the same host name would get the app's cookies (they ignore ports)
    if (app && app.hostname.toLowerCase() === u.hostname.toLowerCase()) {
      throw new Error('Invalid configuration:\n  CONTENT_URL: must be another host name than APP_URL (cookies are shared between ports of one host)');
    }
    // nor a tenant's address: {slug}.BASE_DOMAIN names are tenants' (and a custom domain may not claim the content host)
    const base = blank(env.BASE_DOMAIN) ? 'localhost' : String(env.BASE_DOMAIN).trim().toLowerCase().replace(/\.$/, '');
    const host = u.hostname.toLowerCase().replace(/\.$/, '');
    if (host === base || host.endsWith(`.${base}`)) {
      throw new Error(`Invalid configuration:\n  CONTENT_URL: must not be BASE_DOMAIN or a name under it (those are tenants' addresses); use a host name of its own, best on another domain`);
    }
    url = u.origin;
  } else {
    let app;
    try {
      app = new URL(appUrl);
    } catch {
      app = null;
    }
    const host = app?.hostname.toLowerCase();
    if (app && host && LOOPBACK.has(host)) url = `${app.protocol}//${host === 'localhost' ? '127.0.0.1' : 'localhost'}:${contentPort}`;
  }
  if (!url) return { url: null, port: null, host: null };
  return { url, port: contentPort, host: new URL(url).host.toLowerCase() };
}

/** Is this request the content host's? (`onContentPort`: it arrived on the content listener.) */
export function isContentRequest(origin, hostHeader, onContentPort) {
  if (!origin.url) return false;
  if (onContentPort) return true;
  return !!hostHeader && String(hostHeader).trim().toLowerCase().replace(/\.$/, '') === origin.host;
}

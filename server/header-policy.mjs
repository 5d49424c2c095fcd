// The one header policy (issue 22, items 1 and 11): which class a path belongs to, and the headers every answer of
// that class carries, whoever answers it — the front server (server/server.mjs, for every response, also the
// routes that skip proxy.ts and the static H5P files), the fast lane (lib/http/fast-lane.ts) and proxy.ts. Plain
// JavaScript: the front server runs it before (and without) the app's build, as server/file-types.mjs.
//
// Classes: `player` (/h5p/embed/<id>, content runs there, sandboxed), `user-file` (content and scriptable library
// files, sandboxed), `h5p` (every other /h5p/ path: framed by any site), `lti` (the pages an LMS frames: launch,
// login, picker), `docs` (the API reference page) and `app` (everything else: same-origin framing only).
//
// A page that writes HTML itself sets its own Content-Security-Policy with a fresh nonce (pageCsp / playerCsp
// below): the policy never replaces it, it only adds the class's frame-ancestors when the page's policy has none.
// No imports: the workspace's player frame (a client component) reads PLAYER_SANDBOX from here too.

/** Files that may carry script (SVG, HTML, XML … uploaded with content): an opaque origin, no script, framed anywhere. */
export const USER_FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors *";

/** What sandboxed content may still do: run its scripts, open links in new windows, go full screen, submit forms. */
export const PLAYER_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-presentation allow-modals';

/**
 * The sandbox of the player on the content origin (server/content-origin.mjs, issue 23 item 6): its own origin's
 * rights too, so content reads its own files as same-origin (canvas, captions, XHR) — that origin is another site
 * than the app's and serves nothing of it. Never used for a page on the app's host.
 */
export const CONTENT_PLAYER_SANDBOX = `${PLAYER_SANDBOX} allow-same-origin`;

/** The API reference page (/api/docs): its bundle, stylesheet and start script are files of this origin, nothing inline. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its elements
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * What an answer on the player's path carries when it is not the player page itself (an error, the 429 "busy"
 * page): sandboxed like the player, and no script at all.
 */
export const PLAYER_PATH_CSP = [
  `sandbox ${PLAYER_SANDBOX}`,
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const USER_FILE = /^\/h5p\/(content\/[^/]+\/.|player-files\/|temp\/|libraries\/.+\.(svgz?|html?|xhtml?|xht|xml|xsl|xslt|xsd|mml)$)/i;
const LTI_FRAMED = /^\/lti\/(launch|login|picker)(\/|$)/;

/** @typedef {'player' | 'user-file' | 'h5p' | 'lti' | 'docs' | 'app'} PathClass */

/** The class of a path (no query). */
export function pathClass(pathname) {
  if (pathname.startsWith('/h5p/')) return pathname.startsWith('/h5p/embed/') ? 'player' : USER_FILE.test(pathname) ? 'user-file' : 'h5p';
  if (LTI_FRAMED.test(pathname)) return 'lti';
  if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) return 'docs';
  return 'app';
}

/** Who may frame an answer of the class: content and the LMS's pages are framed by any site, the rest by this origin. */
export const frameAncestorsOf = (cls) => (cls === 'docs' || cls === 'app' ? "'self'" : '*');

const CLASS_CSP = {
  player: PLAYER_PATH_CSP,
  'user-file': USER_FILE_CSP,
  h5p: 'frame-ancestors *',
  lti: 'frame-ancestors *',
  docs: DOCS_CSP,
  app: "frame-ancestors 'self'",
};

/**
 * The headers of a path: `set` every answer carries (a Content-Security-Policy or Referrer-Policy the answer
 * sets itself is kept, see applyHeaderPolicy), `remove` the ones it must not carry.
 */
export function edgeHeaders(pathname) {
  const cls = pathClass(pathname);
  const set = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'Content-Security-Policy': CLASS_CSP[cls] };
  if (cls === 'player' || cls === 'user-file' || cls === 'h5p') {
    // the sandboxed player (origin "null") loads fonts and calls its result/state routes cross-origin; these
    // answers carry no cookie-based credentials (a credentialed request cannot read a `*` answer)
    set['Access-Control-Allow-Origin'] = '*';
    return { set, remove: ['X-Frame-Options'] };
  }
  if (cls === 'lti') return { set, remove: ['X-Frame-Options'] };
  set['X-Frame-Options'] = 'SAMEORIGIN';
  return { set, remove: [] };
}

/**
 * Marks a response whose headers have had the policy applied already (the fast lane applies it to the headers it
 * writes): the front server's writeHead then writes them as they are, without applying it a second time.
 */
export const POLICY_APPLIED = Symbol.for('lumen.headerPolicyApplied');

/** Headers an answer may set for itself, which the policy then keeps (a page's own nonce policy, the LTI pages' no-referrer). */
const ANSWER_MAY_SET = new Set(['content-security-policy', 'referrer-policy', 'access-control-allow-origin']);

/**
 * What proxy.ts sets: the path's headers an answer may not set for itself. Next.js writes a proxy's headers over
 * the route's own, so the proxy leaves Content-Security-Policy, Referrer-Policy and CORS to the front server,
 * which sees the route's answer (applyHeaderPolicy).
 */
export function proxyHeaders(pathname) {
  const { set, remove } = edgeHeaders(pathname);
  return { set: Object.fromEntries(Object.entries(set).filter(([k]) => !ANSWER_MAY_SET.has(k.toLowerCase()))), remove };
}

/**
 * Applies the policy to an answer's headers through `get`/`set`/`remove` (names in any case): the class's headers
 * where the answer has none of its own, the ones it must carry always, the class's frame-ancestors added to a
 * Content-Security-Policy of the answer's that names none.
 * @param {string} pathname
 * @param {{ get(name: string): unknown; set(name: string, value: string): void; remove(name: string): void }} h
 */
export function applyHeaderPolicy(pathname, h) {
  const cls = pathClass(pathname);
  const policy = classPolicy(cls, pathname);
  for (const [k, v, answerMaySet] of policy.set) {
    const own = h.get(k);
    if (answerMaySet && own !== undefined && own !== null && String(own) !== '') {
      if (k === 'Content-Security-Policy' && !/(^|;)\s*frame-ancestors\s/i.test(String(own))) h.set(k, `${own}; frame-ancestors ${frameAncestorsOf(cls)}`);
      continue;
    }
    h.set(k, v);
  }
  for (const k of policy.remove) h.remove(k);
}

/** @type {Map<string, { set: [string, string, boolean][]; remove: string[] }>} */
const CLASS_POLICIES = new Map();

/**
 * A class's headers as applyHeaderPolicy walks them (each with whether an answer may set it itself), made once per
 * class: they depend on the class only (edgeHeaders), and every answer of the front server goes through here.
 * @param {string} cls
 * @param {string} pathname a path of the class
 */
function classPolicy(cls, pathname) {
  let policy = CLASS_POLICIES.get(cls);
  if (!policy) {
    const edge = edgeHeaders(pathname);
    policy = { set: Object.entries(edge.set).map(([k, v]) => [k, v, ANSWER_MAY_SET.has(k.toLowerCase())]), remove: [...edge.remove] };
    CLASS_POLICIES.set(cls, policy);
  }
  return policy;
}

/** The workspace's pages (rendered by Next.js): the app class outside the API, the embedded IdP, the LTI routes (their own pages) and Next's files. */
export const isWorkspacePage = (pathname) => pathClass(pathname) === 'app' && !/^\/(api|realms|lti|_next)(\/|$)/.test(pathname);

/** The pages that host the H5P editor, whose frame it writes with parser-inserted <script src> of this origin. */
// …and the page that plays a revision with the same H5P web components (/content/<id>/revisions/<revision id>)
const EDITOR_PAGE = /^\/content\/(new|[^/]+\/edit|[^/]+\/revisions\/[^/]+)\/?$/;

/**
 * The policy of a workspace page (set by proxy.ts, which hands Next.js the nonce in the request's
 * Content-Security-Policy: Next.js stamps it on every script it renders). Only the page's nonce'd scripts and
 * those they add run ('strict-dynamic'); no inline handler or injected script, no plugins, no <base>, forms only
 * to this origin, framed only by this origin. The editor pages and the revision preview keep this origin's files
 * ('self' instead of 'strict-dynamic'): the H5P web components write their frame's script tags themselves, which
 * inherit the page's policy.
 * @param {string} nonce
 * @param {string} pathname
 */
export function workspacePageCsp(nonce, pathname) {
  const scripts = EDITOR_PAGE.test(pathname) ? `'self' 'nonce-${nonce}'` : `'nonce-${nonce}' 'strict-dynamic'`;
  return [`script-src ${scripts}`, "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'"].join('; ');
}

/** A fresh nonce for one response (128 random bits, base64). */
export function newNonce() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The form-action source of a page that form-posts to `url`: its origin (http/https only), else nothing at all. */
export function formActionOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : "'none'";
  } catch {
    return "'none'";
  }
}

/**
 * The policy of an HTML page this service writes (the LTI pages): only the page's own nonce'd scripts run (no
 * inline handler, no javascript: URL), forms post only where `formAction` says, no plugins, no <base>. The page's
 * frame-ancestors is its path class's (applyHeaderPolicy adds it).
 * @param {{ nonce: string; formAction: string; strictDynamic?: boolean }} o
 */
export function pageCsp(o) {
  return [`script-src 'nonce-${o.nonce}'${o.strictDynamic ? " 'strict-dynamic'" : ''}`, "object-src 'none'", "base-uri 'none'", `form-action ${o.formAction}`].join('; ');
}

/**
 * The player page's policy: an opaque origin (sandbox); scripts only the page's own nonce'd ones and those they
 * add ('strict-dynamic': H5P content types load their scripts dynamically; some eval); styles and media from this
 * service (media also from https: video and audio hosts), frames only https (YouTube, Vimeo …), no plugins, no
 * <base>, embeddable anywhere.
 */
export function playerCsp(nonce, opts = {}) {
  return [
    // on the content origin (opts.sameOrigin) the page keeps its origin: content reads its own files (item 6)
    `sandbox ${opts.sameOrigin ? CONTENT_PLAYER_SANDBOX : PLAYER_SANDBOX}`,
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    // content's own forms post only to this service (the page's name form is handled by its script)
    "form-action 'self'",
    'frame-ancestors *',
  ].join('; ');
}

// The HTTP server: Next.js behind a plain Node server that stamps each request with the socket's
// address (x-lumen-connection-ip, never taken from the client) so rate limits see the real client, refuses
// request targets with control characters or malformed escapes, and bounds how long a client may take:
//   REQUEST_TIMEOUT_MS       (default 1,800,000 = 30 min) to send a whole request (a 500 MB import at ~2.3 Mbit/s)
//   HEADERS_TIMEOUT_MS       (default 60,000) to send the request headers
//   REQUEST_IDLE_TIMEOUT_MS  (default 120,000) without a byte while a request is still being received
// (read here, not in lib/config.ts: the server starts before the app and its configuration).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import next from 'next';
import { CONTENT_ORIGIN_HEADER, contentOrigin, isContentPath, isContentRequest } from './content-origin.mjs';
import { fastLane } from './globals.mjs';
import { applyHeaderPolicy, POLICY_APPLIED } from './header-policy.mjs';
import { CONNECTION_IP_HEADER, HOST_HEADER, JSON_BODY_LIMIT, STREAMING_UPLOADS } from './paths.mjs';
import { mayServeStatic, serveStatic } from './static-files.mjs';

// Encoded control characters (%00–%1F, %7F) in a request target never reach the app (item: PostgreSQL refuses
// NUL and Prisma batches concurrent lookups, so one such value failed other users' requests). Pages keep
// tab, newline and carriage return in their query (a login `next=` is checked by the page itself).
const CONTROL_ESCAPE = /%(?:[01][0-9a-f]|7f)/i;
const PAGE_QUERY_CONTROL_ESCAPE = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/i;
const FIELD_NAME = /^[\w.[\]-]{1,64}$/;

function fieldName(rawKey) {
  try {
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    return FIELD_NAME.test(key) ? key : 'query';
  } catch {
    return 'query';
  }
}

/** Why the request target is refused (`<field>: <reason>`), or null. */
export function refuseTarget(target) {
  let raw = target ?? '/';
  if (!raw.startsWith('/')) {
    try {
      const u = new URL(raw);
      raw = u.pathname + u.search;
    } catch {
      return 'path: malformed request target';
    }
  }
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const query = q === -1 ? '' : raw.slice(q + 1);
  const api = isApiPath(path);
  if (CONTROL_ESCAPE.test(path)) return 'path: control characters are not allowed';
  try {
    decodeURIComponent(path);
  } catch {
    return 'path: malformed percent-encoding';
  }
  const queryRe = api ? CONTROL_ESCAPE : PAGE_QUERY_CONTROL_ESCAPE;
  if (queryRe.test(query)) {
    for (const pair of query.split('&')) {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      if (queryRe.test(key)) return 'query: control characters are not allowed';
      if (queryRe.test(pair.slice(eq + 1))) return `${fieldName(key)}: control characters are not allowed`;
    }
  }
  return null;
}

const isApiPath = (path) => /^\/(api|h5p)(\/|$)/i.test(path);

// Every body is limited to the JSON body limit except on the routes that take large uploads (they skip the proxy
// and apply their own limits: the H5P import and editor uploads, the AI's PDF, image and video). Next.js would
// otherwise buffer such a body for the proxy and hand the route a truncated copy; a declared length over the limit
// is refused before a byte is read. The list is STREAMING_UPLOADS of server/paths.mjs (proxy.ts's matcher
// is checked against it).

function declaredTooLarge(req) {
  const declared = Number(req.headers['content-length'] ?? 0);
  return declared > JSON_BODY_LIMIT && !STREAMING_UPLOADS.test((req.url ?? '/').split('?')[0]);
}

function refuseBody(req, res) {
  res.statusCode = 413;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ success: false, error: 'Request body too large' }));
}

function refuse(req, res, reason) {
  const path = (req.url ?? '/').split('?')[0];
  res.statusCode = 400;
  if (isApiPath(path.startsWith('/') ? path : '/')) {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ success: false, error: `Validation error: ${reason}` }));
  } else {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(`Bad request: ${reason}`);
  }
}

const TIMEOUTS = [
  ['REQUEST_TIMEOUT_MS', 30 * 60_000],
  ['HEADERS_TIMEOUT_MS', 60_000],
  ['REQUEST_IDLE_TIMEOUT_MS', 120_000],
];

/** The server's timeouts from the environment (positive integers in ms; empty = default); throws naming the variable. */
export function serverTimeouts(env = process.env) {
  const out = {};
  for (const [name, fallback] of TIMEOUTS) {
    const raw = env[name];
    const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: must be a positive integer number of milliseconds (got "${raw}")`);
    out[name] = value;
  }
  if (out.HEADERS_TIMEOUT_MS > out.REQUEST_TIMEOUT_MS) throw new Error('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  return { requestTimeout: out.REQUEST_TIMEOUT_MS, headersTimeout: out.HEADERS_TIMEOUT_MS, idleTimeout: out.REQUEST_IDLE_TIMEOUT_MS };
}

/** The request's path without its query (an absolute-form target reduced to its path; an unreadable one is `/`). */
function pathnameOf(req) {
  const target = (req.url ?? '/').split('?')[0];
  if (target.startsWith('/')) return target;
  try {
    return new URL(target).pathname;
  } catch {
    return '/';
  }
}

/**
 * Every response this server sends — Next.js's (also for the routes proxy.ts skips), the fast lane's, the static
 * files', the refusals above — gets the headers of its path's class (server/header-policy.mjs) as its headers are
 * written: Node.js writes them through writeHead, also when a body is written without it (_implicitHeader). An
 * answer's own Content-Security-Policy (a page's nonce'd one) is kept.
 */
function enforceHeaderPolicy(req, res) {
  const pathname = pathnameOf(req);
  const writeHead = res.writeHead;
  res.writeHead = function (status, reason, headers) {
    // the fast lane applied the policy to the headers it gives (and set none before)
    if (this[POLICY_APPLIED] && !this.headersSent) return writeHead.call(this, status, reason, headers);
    if (typeof reason !== 'string') [reason, headers] = [undefined, reason];
    // headers given here win over those set before, as in Node.js: fold them in so the policy sees the final set
    if (headers && !Array.isArray(headers)) {
      for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
      headers = undefined;
    }
    if (!this.headersSent) {
      applyHeaderPolicy(pathname, { get: (k) => this.getHeader(k), set: (k, v) => this.setHeader(k, v), remove: (k) => this.removeHeader(k) });
    }
    return reason === undefined ? (headers ? writeHead.call(this, status, headers) : writeHead.call(this, status)) : writeHead.call(this, status, reason, headers);
  };
}

const staticBase = () => ({ 'x-request-id': randomUUID(), 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });

/**
 * A request for the content host (server/content-origin.mjs): it reads no cookie and sets none, and answers only
 * the content's paths — anything of the app is 404 there. Returns true when it answered (404).
 */
function asContentHost(req, res) {
  delete req.headers.cookie;
  req.headers[CONTENT_ORIGIN_HEADER] = '1';
  const setHeader = res.setHeader;
  res.setHeader = function (name, value) {
    if (String(name).toLowerCase() === 'set-cookie') return this;
    return setHeader.call(this, name, value);
  };
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    this.removeHeader('set-cookie');
    return writeHead.apply(this, args);
  };
  const pathname = pathnameOf(req);
  if (isContentPath(pathname)) return false;
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end('Not found');
  return true;
}

export async function startServer({ dev = false, dir = process.cwd(), port = 3000, hostname = '0.0.0.0' } = {}) {
  const timeouts = serverTimeouts();
  const content = contentOrigin({ ...process.env, PORT: String(port) });
  const app = next({ dev, dir, port, hostname: hostname === '0.0.0.0' ? 'localhost' : hostname });
  const handle = app.getRequestHandler();
  await app.prepare(); // runs instrumentation.ts: configuration check and database migrations
  // the request each connection is receiving or answering (for the idle timeout)
  const current = new WeakMap();
  const onRequest = (req, res, onContentPort) => {
    enforceHeaderPolicy(req, res);
    req.headers[CONNECTION_IP_HEADER] = req.socket.remoteAddress ?? 'unknown';
    // the tenant host is the proxy's to set (from Host): a client's own never reaches a route, proxied or not
    delete req.headers[HOST_HEADER];
    // so is the content host's mark: set below when the request is the content host's, by port or by name
    delete req.headers[CONTENT_ORIGIN_HEADER];
    const socket = req.socket;
    current.set(socket, req);
    res.once('close', () => current.get(socket) === req && current.delete(socket));
    const refused = refuseTarget(req.url);
    if (refused) return refuse(req, res, refused);
    if (declaredTooLarge(req)) return refuseBody(req, res);
    if (isContentRequest(content, req.headers.host, onContentPort) && asContentHost(req, res)) return;
    // static H5P files (server/static-files.mjs) and the hottest routes (lib/http/fast-lane.ts) never enter
    // the Next.js pipeline; everything else, and anything they leave, goes to Next.js
    const lane = fastLane();
    const viaLane = () => (lane ? lane.handle(req, res) : false);
    let answered;
    try {
      answered = mayServeStatic(req) ? serveStatic(req, res, staticBase).then((done) => done || viaLane()) : viaLane();
    } catch (err) {
      answered = Promise.reject(err);
    }
    // the fast lane may answer at once (a player's call from memory): no promise then
    if (answered === true) return;
    if (answered === false) return void handle(req, res);
    answered.then(
      (done) => done || handle(req, res),
      (err) => {
        console.error(err);
        if (res.headersSent) res.destroy();
        else handle(req, res);
      },
    );
  };
  const listen = async (onContentPort, listenPort) => {
    const server = http.createServer(
      // header and request timeouts are enforced by this periodic check
      { connectionsCheckingInterval: Math.min(10_000, timeouts.headersTimeout) },
      (req, res) => onRequest(req, res, onContentPort),
    );
    server.requestTimeout = timeouts.requestTimeout; // the whole request (large uploads are streamed to disk)
    server.headersTimeout = timeouts.headersTimeout;
    server.keepAliveTimeout = Math.min(61_000, timeouts.idleTimeout);
    // a connection without a byte for the idle timeout is closed while a request is being received (or none has
    // started); once a request is complete the app may take its time to answer
    server.timeout = timeouts.idleTimeout;
    server.on('timeout', (socket) => {
      const req = current.get(socket);
      if (req?.complete) return;
      socket.destroy();
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, hostname, resolve);
    });
    return server;
  };
  const server = await listen(false, port);
  // the content host's own port (CONTENT_PORT, default PORT+1): the quick start and the tests need no proxy
  const contentServer = content.port && content.port !== port ? await listen(true, content.port) : null;
  return { server, contentServer, app, content };
}

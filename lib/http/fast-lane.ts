// The fast lane: the hottest routes — the health check, the player's model, the player page and the players'
// statement intake — answered by the front HTTP server (server/server.mjs) by calling their route handlers
// directly, without Next.js's router, proxy and rendering machinery in between. The handlers are the same
// functions Next.js would call (the one route wrapper: rate limit, authentication, validation, error map); what the
// proxy does for them (the request id, the normalised host, the path's headers) is done here the same way
// (server/header-policy.mjs). A POST's body is read here as text, with the JSON body limit (lib/net/body.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, JSON_BODY_LIMIT, readNodeBodyText } from '@/lib/net/body';
import { HOST_HEADER, REQUEST_ID_HEADER, normalizeHost } from '@/lib/tenant/host';
import { applyHeaderPolicy, POLICY_APPLIED } from './edge-headers';
import { LiteHeaders } from './lite-headers';
import { setFastLane } from '../../server/globals.mjs';
import { FAST_LANE, LiteResponse, RAW_BODY, type FastHandler, type FastLaneRequest, type JsonText } from './route';

interface FastRoute {
  /** GET routes answer HEAD too */
  method: 'GET' | 'POST';
  pattern: RegExp;
  names: string[];
  load: () => Promise<FastHandler>;
  handler?: FastHandler;
  /** when only some requests of the path are the fast lane's (the others go to Next.js) */
  accepts?: (req: IncomingMessage) => boolean;
}

/** a POST whose body the fast lane reads whole as text: not a multipart upload (those stream to disk under Next.js) */
const notMultipart = (req: IncomingMessage) => !(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

const ROUTES: FastRoute[] = [
  { method: 'GET', pattern: /^\/api\/health$/, names: [], load: async () => (await import('@/app/api/health/route')).GET },
  { method: 'GET', pattern: /^\/h5p\/play\/([^/]+)$/, names: ['contentId'], load: async () => (await import('@/app/h5p/play/[contentId]/route')).GET },
  { method: 'GET', pattern: /^\/h5p\/embed\/([^/]+)$/, names: ['contentId'], load: async () => (await import('@/app/h5p/embed/[contentId]/route')).GET },
  { method: 'POST', pattern: /^\/h5p\/xapi\/([^/]+)$/, names: ['contentId'], load: async () => (await import('@/app/h5p/xapi/[contentId]/route')).POST },
  // the players' saved states (every 10 s of every open item: the most frequent write of a school): the handler the
  // catch-all route app/h5p/[...path] calls for them, with the same wrapper, checks and answers
  {
    method: 'POST',
    pattern: /^\/h5p\/contentUserData\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/,
    names: ['contentId', 'dataType', 'subContentId'],
    load: async () => (await import('@/lib/h5p/http/ajax')).ajaxPost as unknown as FastHandler,
    accepts: notMultipart,
  },
];

function match(req: IncomingMessage, pathname: string): { route: FastRoute; params: Record<string, string> } | null {
  const method = req.method ?? 'GET';
  const asMethod = method === 'HEAD' ? 'GET' : method;
  if (asMethod !== 'GET' && asMethod !== 'POST') return null;
  for (const route of ROUTES) {
    if (route.method !== asMethod) continue;
    const m = route.pattern.exec(pathname);
    if (!m || (route.accepts && !route.accepts(req))) continue;
    const params: Record<string, string> = {};
    try {
      route.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
    } catch {
      return null; // malformed escapes: Next.js answers
    }
    return { route, params };
  }
  return null;
}

/**
 * Answers the request when it is a fast-lane route; false lets Next.js answer it. Without a promise (true) when the
 * route's wrapper answers at once (FastHandler.now: a player's call answered from memory).
 */
function handle(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const pathname = q === -1 ? raw : raw.slice(0, q);
  const hit = match(req, pathname);
  if (!hit) return false;
  const route = hit.route;
  const handler = route.handler;
  if (!handler) {
    return route.load().then((h) => {
      route.handler = h;
      return handle(req, res);
    });
  }
  // req.headers, not the raw ones: the server has overwritten the connection address there (as Next.js reads it)
  const headers = LiteHeaders.fromNode(req.headers);
  // the headers only the app may set (as proxy.ts does)
  const requestId = randomUUID();
  headers.set(HOST_HEADER, normalizeHost(req.headers.host ?? null));
  headers.set(REQUEST_ID_HEADER, requestId);
  // what the route wrapper and these handlers read of a request (no signal; a GET has no body)
  const url = `http://${req.headers.host ?? 'localhost'}${raw}`;
  const state = { tooLarge: false };
  const request: FastLaneRequest =
    route.method === 'POST'
      ? {
          url,
          method: 'POST',
          headers,
          [FAST_LANE]: true,
          text: () =>
            readNodeBodyText(req, JSON_BODY_LIMIT).catch((err: unknown) => {
              state.tooLarge = err instanceof BodyTooLargeError;
              throw err;
            }),
        }
      : { url, method: 'GET', headers, [FAST_LANE]: true };
  const params = hit.params;
  const now = handler.now?.(request, params);
  if (now !== undefined && !(now instanceof Promise)) return send(req, res, pathname, requestId, now, state.tooLarge);
  // the parameters as they are (`ready`, what the route wrapper reads); Next.js's promise of them only if asked for
  const answer =
    now ??
    handler(request, {
      ready: params,
      get params() {
        return Promise.resolve(params);
      },
    });
  return answer.then((response) => send(req, res, pathname, requestId, response, state.tooLarge));
}

/** Writes a route's answer: its status, its headers with the path's policy, its body (true; a promise only for a body in a stream). */
function send(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string, response: Response, tooLarge: boolean): true | Promise<true> {
  const out: Record<string, string | string[]> = { [REQUEST_ID_HEADER]: requestId };
  // the rest of a body past the limit is read and thrown away after the answer (a lingering close, as nginx's): closing
  // at once with the client still sending makes the kernel answer its next bytes with a reset, which can reach the
  // client before it has read the 413 (it then sees EPIPE, not the answer). No `Connection: close` (Node would cut the
  // socket as soon as the answer is written); bounded in time, then the socket goes.
  if (tooLarge) {
    res.once('finish', () => lingerThenClose(req));
  }
  if (response instanceof LiteResponse) response.headers.copyInto(out);
  else
    response.headers.forEach((v, k) => {
      if (k !== 'set-cookie') out[k] = v;
    });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  // the path's headers; the player page's own nonce'd policy stays
  applyHeaderPolicy(pathname, { get: (k) => out[k.toLowerCase()], set: (k, v) => (out[k.toLowerCase()] = v), remove: (k) => delete out[k.toLowerCase()] });
  // written as they are by the front server (not a second time through the policy); an answer with cookies still
  // goes through every wrapper of writeHead (the content host drops them there)
  if (!cookies.length) (res as ServerResponse & { [POLICY_APPLIED]?: boolean })[POLICY_APPLIED] = true;
  const rawBody = (response as Response & { [RAW_BODY]?: JsonText })[RAW_BODY];
  if (Array.isArray(rawBody)) {
    // pieces (a large answer's fixed parts already encoded): written in order, one writev, never joined
    let length = 0;
    for (const c of rawBody) length += typeof c === 'string' ? Buffer.byteLength(c) : c.length;
    out['content-length'] = String(length);
    res.writeHead(response.status, out);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    res.cork();
    for (const c of rawBody) res.write(c);
    res.end();
    return true;
  }
  const written = (body: Buffer): true => {
    out['content-length'] = String(body.length);
    res.writeHead(response.status, out);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
  if (typeof rawBody === 'string') return written(Buffer.from(rawBody));
  return response.arrayBuffer().then((b) => written(Buffer.from(b)));
}

/** How long the rest of a refused body is drained before the connection is cut. */
const LINGER_MS = 5_000;

function lingerThenClose(req: IncomingMessage): void {
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.on('end', () => clearTimeout(timer));
  req.resume();
}

/** Lets the front server answer the fast-lane routes (called once at start-up). */
export function registerFastLane(): void {
  setFastLane({ handle });
}

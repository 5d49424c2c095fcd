// Bytes over the wire of a learner's view in Chromium, for `npm run bench:compare` (issue 26 item 2).
//
// A view: a new tab in the given browser context opens `url`, waits until `selector` exists in some frame (the
// content type has rendered), then until the network has been quiet for QUIET_MS (images, the video's first
// range, the player's saved-state and xAPI calls), and closes the tab. Every request of every frame is counted:
//  - Playwright: on 'requestfinished' (and 'requestfailed'), request.sizes(): response headers + response body
//    as received (encoded), and the request's own headers + body;
//  - CDP, to check it: Network.loadingFinished's encodedDataLength per request (for a request that failed, e.g. a
//    video range the player abandoned, the sum of its Network.dataReceived encodedDataLength), on the page's
//    session and on every out-of-process frame's (the player frame on the content origin is one: Target.setAutoAttach
//    on the page's session, each new frame held until its Network domain is enabled);
//  - a response served from the browser's cache (CDP: Network.requestServedFromCache, or a response marked
//    fromDiskCache / fromPrefetchCache) or by a service worker counts 0 bytes (a worker's own network fetches are
//    requests of the context and count).
// Transfers are keyed by origin, so a view splits into the app page (the app's origin) and the player frame (the
// content origin).
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';

const QUIET_MS = Number(process.env.BENCH_BYTES_QUIET_MS ?? 1000);

export interface Transfer {
  url: string;
  /** the request URL's origin */
  origin: string;
  method: string;
  status: number;
  /** received: response headers + encoded body (Playwright's request.sizes()); 0 for a cache hit */
  bytes: number;
  /** CDP's figure for the same request (encodedDataLength); null when CDP did not see it */
  cdpBytes: number | null;
  /** sent: request headers + body */
  sent: number;
  cacheHit: boolean;
  failed: boolean;
  /** response headers that decide shared caching (lowercase names) */
  cacheControl: string;
  vary: string;
  setCookie: boolean;
  /** the response's freshness lifetime in seconds for a shared cache (s-maxage, max-age or Expires − Date), 0 if none */
  sharedMaxAge: number;
  /** may a shared cache (a school's proxy, a CDN) store and reuse this response for other users? */
  sharable: boolean;
}

export interface View {
  /** navigation start → rendered, ms */
  ms: number;
  transfers: Transfer[];
}

export const sum = (ts: Transfer[], f: (t: Transfer) => number = (t) => t.bytes) => ts.reduce((s, t) => s + f(t), 0);

function headerOf(headers: Record<string, string>, name: string): string {
  return headers[name] ?? '';
}

/** Shared-cache freshness per RFC 9111 §4.2.1 (s-maxage, then max-age, then Expires − Date). */
function sharedLifetime(h: Record<string, string>): number {
  const cc = headerOf(h, 'cache-control').toLowerCase();
  const m = /(?:^|,)\s*s-maxage\s*=\s*"?(\d+)/.exec(cc) ?? /(?:^|,)\s*max-age\s*=\s*"?(\d+)/.exec(cc);
  if (m) return Number(m[1]);
  const expires = Date.parse(headerOf(h, 'expires'));
  const date = Date.parse(headerOf(h, 'date')) || Date.now();
  return Number.isFinite(expires) ? Math.max(0, Math.round((expires - date) / 1000)) : 0;
}

/**
 * May a shared cache store this response and answer other users with it while fresh (RFC 9111 §3, §3.5)? A GET
 * 200 with explicit shared freshness, no `private` / `no-store` / `no-cache`, no Set-Cookie (caches in practice
 * keep none), a request without Authorization (or a response marked public / s-maxage), and Vary on nothing
 * but Accept-Encoding (a Vary on Cookie or Origin would split it per user).
 */
function sharableOf(method: string, status: number, h: Record<string, string>, requestHadAuth: boolean): boolean {
  if (method !== 'GET' || status !== 200) return false;
  const cc = headerOf(h, 'cache-control').toLowerCase();
  if (/(^|,)\s*(private|no-store|no-cache)\b/.test(cc)) return false;
  if (headerOf(h, 'set-cookie')) return false;
  if (requestHadAuth && !/(^|,)\s*(public|s-maxage)\b/.test(cc)) return false;
  const vary = headerOf(h, 'vary').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);
  if (vary.some((v) => v !== 'accept-encoding')) return false;
  return sharedLifetime(h) > 0;
}

interface CdpRecord {
  bytes: number;
  cached: boolean;
  finished: boolean;
  url: string;
}

/** Follows Network events of the page's target and of every out-of-process frame under it. */
async function watchCdp(context: BrowserContext, page: Page): Promise<{ records: Map<string, CdpRecord>; inflight: () => number; stop: () => Promise<void> }> {
  const records = new Map<string, CdpRecord>();
  const rec = (key: string, url = '') => {
    let r = records.get(key);
    if (!r) records.set(key, (r = { bytes: 0, cached: false, finished: false, url }));
    if (url && !r.url) r.url = url;
    return r;
  };
  const onEvent = (scope: string, method: string, p: any) => {
    const key = `${p.requestId}`;
    switch (method) {
      case 'Network.requestWillBeSent':
        // a redirect reuses the request id: the hop before counts as its own transfer
        if (p.redirectResponse) {
          const prev = rec(key);
          records.set(`${key}#${records.size}`, { ...prev, bytes: prev.bytes, finished: true });
          records.set(key, { bytes: 0, cached: false, finished: false, url: p.request.url });
        } else rec(key, p.request.url);
        break;
      case 'Network.requestServedFromCache':
        rec(key).cached = true;
        break;
      case 'Network.responseReceived':
        if (p.response?.fromDiskCache || p.response?.fromPrefetchCache) rec(key).cached = true;
        break;
      case 'Network.dataReceived':
        rec(key).bytes += Number(p.encodedDataLength ?? 0);
        break;
      case 'Network.loadingFinished': {
        const r = rec(key);
        r.bytes = Number(p.encodedDataLength ?? r.bytes);
        r.finished = true;
        break;
      }
      case 'Network.loadingFailed':
        rec(key).finished = true;
        break;
    }
    void scope;
  };
  const root: CDPSession = await context.newCDPSession(page);
  root.on('Network.requestWillBeSent', (p) => onEvent('page', 'Network.requestWillBeSent', p));
  for (const m of ['Network.requestServedFromCache', 'Network.responseReceived', 'Network.dataReceived', 'Network.loadingFinished', 'Network.loadingFailed'] as const) root.on(m, (p) => onEvent('page', m, p));
  let msgId = 1_000_000;
  const send = (sessionId: string, method: string, params: Record<string, unknown> = {}) =>
    root.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: msgId++, method, params }) }).catch(() => undefined);
  root.on('Target.attachedToTarget', (p: any) => {
    const sessionId = p.sessionId as string;
    void (async () => {
      await send(sessionId, 'Network.enable');
      await send(sessionId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
      await send(sessionId, 'Runtime.runIfWaitingForDebugger');
    })();
  });
  root.on('Target.receivedMessageFromTarget', (p: any) => {
    const msg = JSON.parse(p.message as string) as { method?: string; params?: any };
    if (msg.method === 'Target.attachedToTarget') {
      // a frame inside a frame: enable and release it through the same relay
      const inner = msg.params.sessionId as string;
      const outer = p.sessionId as string;
      const relay = (method: string, params: Record<string, unknown> = {}) =>
        send(outer, 'Target.sendMessageToTarget', { sessionId: inner, message: JSON.stringify({ id: msgId++, method, params }) });
      void (async () => {
        await relay('Network.enable');
        await relay('Runtime.runIfWaitingForDebugger');
      })();
      return;
    }
    if (msg.method === 'Target.receivedMessageFromTarget') {
      const m2 = JSON.parse(msg.params.message as string) as { method?: string; params?: any };
      if (m2.method?.startsWith('Network.')) onEvent('frame', m2.method, m2.params);
      return;
    }
    if (msg.method?.startsWith('Network.')) onEvent('frame', msg.method, msg.params);
  });
  await root.send('Network.enable');
  await root.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    records,
    inflight: () => [...records.values()].filter((r) => !r.finished).length,
    stop: async () => {
      await root.detach().catch(() => undefined);
    },
  };
}

/** One view in `context` (see the file's comment). */
export async function measureView(context: BrowserContext, url: string, selector: string, timeoutMs = 30_000): Promise<View> {
  const page = await context.newPage();
  const cdp = await watchCdp(context, page);
  const pending = new Set<Request>();
  const done: Promise<Transfer | null>[] = [];
  let lastActivity = performance.now();
  // on the context, not the page: a service worker's own fetches are the context's (one tab at a time is open)
  const onRequest = (req: Request) => {
    pending.add(req);
    lastActivity = performance.now();
  };
  context.on('request', onRequest);
  const finish = (req: Request, failed: boolean) => {
    pending.delete(req);
    lastActivity = performance.now();
    done.push(
      (async () => {
        const res = await req.response().catch(() => null);
        const none: Record<string, string> = {};
        const headers = res ? await res.allHeaders().catch(() => none) : none;
        const reqHeaders = await req.allHeaders().catch(() => none);
        let bytes = 0;
        let sent = 0;
        if (res && !res.fromServiceWorker()) {
          const s = await req.sizes().catch(() => null);
          if (s) {
            bytes = Math.max(0, s.responseHeadersSize + s.responseBodySize);
            sent = s.requestHeadersSize + Math.max(0, s.requestBodySize);
          }
        }
        const u = new URL(req.url());
        return {
          url: req.url(),
          origin: u.origin,
          method: req.method(),
          status: res?.status() ?? 0,
          bytes,
          cdpBytes: null,
          sent,
          // answered by a service worker: no bytes on the wire for the page (the worker's own fetch, if it made
          // one, is a request of its own)
          cacheHit: !!res?.fromServiceWorker(),
          failed,
          cacheControl: headerOf(headers, 'cache-control'),
          vary: headerOf(headers, 'vary'),
          setCookie: !!headerOf(headers, 'set-cookie'),
          sharedMaxAge: sharedLifetime(headers),
          sharable: res ? sharableOf(req.method(), res.status(), headers, !!reqHeaders.authorization) : false,
        } satisfies Transfer;
      })().catch(() => null),
    );
  };
  const onFinished = (req: Request) => finish(req, false);
  const onFailed = (req: Request) => finish(req, true);
  context.on('requestfinished', onFinished);
  context.on('requestfailed', onFailed);
  try {
    const t0 = performance.now();
    const nav = page.goto(url, { waitUntil: 'commit', timeout: timeoutMs }).catch((e: Error) => e);
    let ms = 0;
    for (;;) {
      let found = false;
      for (const frame of page.frames()) {
        if (await frame.$(selector).catch(() => null)) {
          found = true;
          break;
        }
      }
      if (found) {
        ms = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > timeoutMs) throw new Error(`"${selector}" did not appear in ${timeoutMs} ms at ${url} (frames: ${page.frames().map((f) => f.url()).join(', ')})`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const navResult = await nav;
    if (navResult instanceof Error) throw navResult;
    // the rest of the view: until nothing has been in flight (Playwright and CDP) for QUIET_MS
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (pending.size === 0 && cdp.inflight() === 0 && performance.now() - lastActivity >= QUIET_MS) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const transfers = (await Promise.all(done)).filter((t): t is Transfer => t !== null);
    // CDP's view of the same requests: cache hits, and its byte count per URL (in request order)
    const byUrl = new Map<string, CdpRecord[]>();
    for (const r of cdp.records.values()) {
      const list = byUrl.get(r.url) ?? [];
      list.push(r);
      byUrl.set(r.url, list);
    }
    for (const t of transfers) {
      const r = byUrl.get(t.url)?.shift();
      if (!r) continue;
      t.cdpBytes = r.cached ? 0 : r.bytes;
      if (r.cached || t.cacheHit) {
        t.cacheHit = true;
        t.bytes = 0;
      }
      // a request that failed after part of its body (Playwright has no sizes for it): CDP's count
      if (t.failed && !t.cacheHit) t.bytes = r.bytes;
    }
    return { ms, transfers };
  } finally {
    context.off('request', onRequest);
    context.off('requestfinished', onFinished);
    context.off('requestfailed', onFailed);
    await cdp.stop();
    await page.close().catch(() => undefined);
  }
}

export interface ClassResult {
  learners: number;
  /** each learner's view */
  views: View[];
  /** what the browsers received, all learners */
  browserBytes: number;
  /** what would leave the origins behind one shared cache (a school's proxy or a CDN) in front of them */
  originBytes: number;
}

/**
 * The class scenario: `learners` learners, each in a browser context of their own (a first visit: nothing in
 * their cache), open the same item one after the other. Besides what the browsers received, the bytes the
 * origins would have sent with one shared HTTP cache in front of them: a transfer costs nothing at the origin when
 * an earlier learner's response for the same URL was sharable (see sharableOf) and is still fresh.
 */
export async function classViews(browser: Browser, learners: number, open: (i: number) => Promise<{ context: BrowserContext; url: string }>, selector: string): Promise<ClassResult> {
  const views: View[] = [];
  const shared = new Map<string, number>(); // URL → time (ms) until which the stored response is fresh
  let originBytes = 0;
  for (let i = 0; i < learners; i++) {
    const { context, url } = await open(i);
    try {
      const v = await measureView(context, url, selector);
      views.push(v);
      const now = Date.now();
      for (const t of v.transfers) {
        if (t.cacheHit) continue;
        const fresh = shared.get(t.url);
        if (t.method === 'GET' && fresh !== undefined && fresh > now) continue; // the shared cache answers
        originBytes += t.bytes;
        if (t.sharable) shared.set(t.url, now + t.sharedMaxAge * 1000);
      }
    } finally {
      await context.close();
    }
  }
  return { learners, views, browserBytes: views.reduce((s, v) => s + sum(v.transfers), 0), originBytes };
}

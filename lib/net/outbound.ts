// The one way the server fetches a URL a user typed (LTI key sets, token, AGS and NRPS endpoints; AI "from a URL"
// sources): http(s) only, and never a private, loopback, link-local, reserved or metadata address — judged after DNS
// resolution and again on every redirect (external-services.md §7) unless config().allowedPrivateHosts lists the host.
// The resolved addresses are judged inside the socket's own `lookup`, so the address checked is the address connected
// to: a second DNS answer (rebinding) never reaches the connection.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { config } from '@/lib/config';

/** A policy refusal (scheme, credentials, blocked host or address) or a limit hit ('Response too large', 'Too many redirects'). */
export class OutboundUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundUrlError';
  }
}

export interface OutboundResponse {
  status: number;
  /** lowercase names; repeated headers joined with ', ' (so several `link` headers stay one parseable list) */
  headers: Record<string, string>;
  text: string;
  /** the body's bytes (only when asked for with `binary`; `text` is empty then) */
  bytes?: Buffer;
  /** the final URL, after redirects */
  url: string;
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** whole request, redirects included */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** keep the body as bytes (`bytes`) instead of decoding it as UTF-8 text */
  binary?: boolean;
}

// ---- addresses -------------------------------------------------------------------------------------------------

const cidr4 = (base: string, prefix: number) => {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return { net: (v4ToInt(base) & mask) >>> 0, mask };
};

// Everything an outside host has no business making us reach (IANA special-purpose registry, minus the globally
// reachable service ranges).
const BLOCKED_V4 = [
  cidr4('0.0.0.0', 8), // "this network", unspecified
  cidr4('10.0.0.0', 8), // private
  cidr4('100.64.0.0', 10), // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  cidr4('127.0.0.0', 8), // loopback
  cidr4('169.254.0.0', 16), // link-local, incl. the cloud metadata address 169.254.169.254
  cidr4('172.16.0.0', 12), // private
  cidr4('192.0.0.0', 24), // IETF protocol assignments
  cidr4('192.0.2.0', 24), // documentation
  cidr4('192.88.99.0', 24), // 6to4 relay anycast
  cidr4('192.168.0.0', 16), // private
  cidr4('198.18.0.0', 15), // benchmarking
  cidr4('198.51.100.0', 24), // documentation
  cidr4('203.0.113.0', 24), // documentation
  cidr4('224.0.0.0', 4), // multicast
  cidr4('240.0.0.0', 4), // reserved, incl. broadcast 255.255.255.255
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

function isBlockedV4(ip: string): boolean {
  const n = v4ToInt(ip);
  return BLOCKED_V4.some((r) => (n & r.mask) >>> 0 === r.net);
}

/** Eight 16-bit groups of a valid IPv6 literal (a trailing dotted quad becomes the last two). */
function v6Groups(ip: string): number[] {
  let s = ip;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (quad) {
    const n = v4ToInt(quad[1]!);
    s = `${s.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const embeddedV4 = (hi: number, lo: number) => `${hi >>> 8}.${hi & 0xff}.${lo >>> 8}.${lo & 0xff}`;

function isBlockedV6(ip: string): boolean {
  const g = v6Groups(ip);
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96) reach an IPv4 host: judge that host.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isBlockedV4(embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedV4(embeddedV4(g6, g7));
  // 6to4 (2002:aabb:ccdd::/48) carries its IPv4 host too.
  if (g0 === 0x2002) return isBlockedV4(embeddedV4(g1, g2));
  // Only global unicast (2000::/3) is public; that leaves out ::, ::1, fc00::/7, fe80::/10, ff00::/8 and the rest.
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 < 0x200) return true; // 2001::/23 IETF protocol assignments (Teredo, ORCHID, …)
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return true; // documentation (3fff::/20)
  return false;
}

/** True for an address outbound requests must not reach (and for anything that is not an IP address at all). */
export function isBlockedAddress(ip: string): boolean {
  const bare = ip.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''); // brackets and a zone id (fe80::1%eth0)
  switch (net.isIP(bare)) {
    case 4:
      return isBlockedV4(bare);
    case 6:
      return isBlockedV6(bare.toLowerCase());
    default:
      return true;
  }
}

// ---- URL policy ------------------------------------------------------------------------------------------------

/** URL.hostname without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function isAllowed(host: string, ip?: string): boolean {
  const list = config().allowedPrivateHosts;
  return list.includes(host) || list.includes(host.replace(/\.+$/, '')) || (ip !== undefined && list.includes(ip));
}

function checkAddress(host: string, ip: string): void {
  if (isBlockedAddress(ip) && !isAllowed(host, ip)) {
    throw new OutboundUrlError(`URL resolves to a private, loopback or link-local address (${ip})`);
  }
}

/** Everything that can be judged without DNS: syntax, scheme, credentials, host names, IP literals. */
function checkUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundUrlError('URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlError('URL must use http or https');
  // Credentials in a URL would be sent to whatever host a redirect names; callers pass them as headers instead.
  if (url.username || url.password) throw new OutboundUrlError('URL must not contain a user name or password');
  const host = bareHost(url);
  if (net.isIP(host)) {
    checkAddress(host, host); // a literal is connected to without any lookup: judge it here
  } else {
    const name = host.replace(/\.+$/, '');
    if ((name === 'localhost' || name.endsWith('.localhost') || name === 'metadata.google.internal') && !isAllowed(host)) {
      throw new OutboundUrlError(`URL host is not allowed (${name})`);
    }
  }
  return url;
}

/** net's `lookup` hook: resolve every address and refuse the connection if any of them is blocked. */
const checkedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    try {
      if (addresses.length === 0) throw new Error(`No address found for ${hostname}`);
      for (const a of addresses) checkAddress(hostname, a.address);
    } catch (e) {
      return callback(e as Error, '');
    }
    // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), otherwise for one.
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Parse and check a user-typed URL, resolving its host; throws OutboundUrlError when the policy refuses it. */
export async function assertOutboundUrl(url: string): Promise<URL> {
  const parsed = checkUrl(url);
  const host = bareHost(parsed);
  if (!net.isIP(host)) {
    await new Promise<void>((resolve, reject) =>
      checkedLookup(host, {}, (err) =>
        err ? reject(err instanceof OutboundUrlError ? err : new Error(`Could not resolve ${host}: ${err.message}`)) : resolve(),
      ),
    );
  }
  return parsed;
}

// ---- fetching --------------------------------------------------------------------------------------------------

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Where a request went, for error messages: no query string (it can carry tokens). */
const where = (url: URL) => `${url.origin}${url.pathname}`;

function collectHeaders(raw: string[]): Record<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const prev = out.get(name);
    out.set(name, prev === undefined ? raw[i + 1]! : `${prev}, ${raw[i + 1]!}`);
  }
  return Object.fromEntries(out); // own properties only: a header named __proto__ stays a header
}

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  deadline: number;
  timeoutMs: number;
  maxBytes: number;
  binary: boolean;
}

function send(url: URL, hop: Hop): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const fail = (e: Error) => finish(() => reject(e));

    const req = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: hop.headers,
      lookup: checkedLookup,
      // No pooling: a shared agent could hand us a socket some other caller opened without this check.
      agent: false,
    });
    const timer = setTimeout(() => {
      fail(new Error(`Request to ${where(url)} timed out after ${hop.timeoutMs} ms`));
      req.destroy();
    }, Math.max(0, hop.deadline - Date.now()));

    req.on('error', (e) =>
      fail(e instanceof OutboundUrlError ? e : new Error(`Request to ${where(url)} failed: ${e.message}`, { cause: e })),
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const headers = collectHeaders(res.rawHeaders);
      const done = (body: Buffer) =>
        finish(() => resolve({ status, headers, text: hop.binary ? '' : body.toString('utf8'), ...(hop.binary ? { bytes: body } : {}), url: url.href }));
      if (REDIRECTS.has(status) && headers.location) {
        res.resume(); // the caller follows the redirect; this body is never read
        return done(Buffer.alloc(0));
      }
      const tooLarge = () => {
        fail(new OutboundUrlError('Response too large'));
        req.destroy();
      };
      if (Number(headers['content-length']) > hop.maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > hop.maxBytes) tooLarge();
        else chunks.push(chunk);
      });
      res.on('end', () => done(Buffer.concat(chunks)));
      res.on('error', (e) => fail(new Error(`Request to ${where(url)} failed: ${e.message}`, { cause: e })));
      res.on('close', () => {
        if (!res.complete) fail(new Error(`Request to ${where(url)} failed: connection closed before the response ended`));
      });
    });
    req.end(hop.body);
  });
}

/**
 * Fetch a user-typed URL under the outbound policy. Policy refusals and limits throw OutboundUrlError; network failures
 * and timeouts throw a plain Error. Bodies and Authorization headers are never logged (nor put in messages).
 */
export async function outboundFetch(url: string, init: OutboundInit = {}): Promise<OutboundResponse> {
  const timeoutMs = init.timeoutMs ?? 10_000;
  const maxRedirects = init.maxRedirects ?? 5;
  const headers: Record<string, string> = { 'user-agent': 'Lumen' };
  for (const [k, v] of Object.entries(init.headers ?? {})) headers[k.toLowerCase()] = v;
  const hop: Hop = {
    method: (init.method ?? 'GET').toUpperCase(),
    headers,
    body: init.body,
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    maxBytes: init.maxBytes ?? 2 * 1024 * 1024,
    binary: init.binary ?? false,
  };

  let current = checkUrl(url);
  for (let redirects = 0; ; redirects++) {
    if (hop.body !== undefined) hop.headers['content-length'] = String(Buffer.byteLength(hop.body));
    const res = await send(current, hop);
    if (!REDIRECTS.has(res.status) || !res.headers.location) return res;
    if (redirects >= maxRedirects) throw new OutboundUrlError('Too many redirects');

    let next: URL;
    try {
      next = new URL(res.headers.location, current);
    } catch {
      throw new OutboundUrlError('Redirect location is not a valid URL');
    }
    next = checkUrl(next); // every hop meets the same policy (its DNS is checked when it connects)
    // 301/302/303 become a GET without a body (as browsers do); 307/308 repeat the request as it was.
    if (res.status <= 303 && hop.method !== 'GET' && hop.method !== 'HEAD') {
      hop.method = 'GET';
      hop.body = undefined;
      for (const h of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']) delete hop.headers[h];
    }
    // Credentials were meant for the origin the caller named, not for wherever it redirects (as fetch does).
    if (next.origin !== current.origin) {
      for (const h of ['authorization', 'proxy-authorization', 'cookie']) delete hop.headers[h];
    }
    current = next;
  }
}

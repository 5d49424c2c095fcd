#!/usr/bin/env node
// A small round-robin HTTP proxy in front of several app instances: each request goes to the next instance in
// turn, bodies are streamed both ways (a 500 MB import is never buffered). It is what the two-instance test
// (tests/integration/scale-out.test.ts) runs its load through, and the `proxy` service of compose.yaml.
//
//   PORT=8080 UPSTREAMS=http://app1:3000,http://app2:3000 node scripts/round-robin.mjs
//
// X-Forwarded-For: the instances run with TRUST_PROXY=true and take its first entry as the client. By default
// the proxy is the edge: it replaces whatever the client sent with the connection's address, so no client can
// pick its own rate-limit bucket. `trustForwardedFor` (env TRUST_FORWARDED_FOR=true) keeps the client's list
// and appends the connection's address instead — for a proxy that itself sits behind a trusted load balancer,
// and for the test, whose calls play many client addresses.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

// hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardHeaders(headers, extra = []) {
  const named = new Set([
    ...HOP,
    ...String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((s) => s.trim()),
    ...extra,
  ]);
  const out = {};
  for (const [k, v] of Object.entries(headers)) if (!named.has(k.toLowerCase()) && v !== undefined) out[k] = v;
  return out;
}

/**
 * Starts the proxy. `upstreams`: base URLs of the instances. Answers 502 (JSON) when an instance cannot be
 * reached; `counts[i]` is how many requests went to upstream i.
 */
export async function startRoundRobin({ upstreams, port = 0, host = '127.0.0.1', trustForwardedFor = false }) {
  if (!upstreams?.length) throw new Error('UPSTREAMS: at least one upstream URL is required');
  const targets = upstreams.map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = targets.map(() => 0);
  let next = 0;

  const server = http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % targets.length;
    counts[i]++;
    const target = targets[i];
    const peer = req.socket.remoteAddress ?? 'unknown';
    const headers = forwardHeaders(req.headers, ['x-forwarded-for']);
    const inbound = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = trustForwardedFor && inbound ? `${inbound}, ${peer}` : peer;
    const upstream = http.request(
      { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (up) => {
        const out = forwardHeaders(up.headers);
        out['x-upstream'] = String(i);
        res.writeHead(up.statusCode ?? 502, up.statusMessage, out);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'Content-Type': 'application/json', 'x-upstream': String(i) });
      res.end(JSON.stringify({ success: false, error: `Bad gateway: ${err.code ?? err.message}` }));
    });
    // a client that goes away aborts its upstream request
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  // long uploads: the instances bound request times themselves
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
    port: address.port,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const upstreams = (process.env.UPSTREAMS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const port = Number(process.env.PORT || 8080);
  const p = await startRoundRobin({
    upstreams,
    port,
    host: process.env.HOST || '0.0.0.0',
    trustForwardedFor: process.env.TRUST_FORWARDED_FOR === 'true',
  });
  console.log(`round-robin proxy on :${p.port} → ${upstreams.join(', ')}`);
  const stop = () => p.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

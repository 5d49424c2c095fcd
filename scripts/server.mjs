// The HTTP server: Next.js behind a plain Node server that stamps each request with the socket's
// address (x-lumen-connection-ip, never taken from the client) so rate limits see the real client.
import http from 'node:http';
import next from 'next';

export async function startServer({ dev = false, dir = process.cwd(), port = 3000, hostname = '0.0.0.0' } = {}) {
  const app = next({ dev, dir, port, hostname: hostname === '0.0.0.0' ? 'localhost' : hostname });
  const handle = app.getRequestHandler();
  await app.prepare(); // runs instrumentation.ts: configuration check and database migrations
  const server = http.createServer((req, res) => {
    req.headers['x-lumen-connection-ip'] = req.socket.remoteAddress ?? 'unknown';
    handle(req, res);
  });
  server.requestTimeout = 0; // large uploads are streamed; per-route limits apply
  server.headersTimeout = 65_000;
  server.keepAliveTimeout = 61_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
  return { server, app };
}

// A stand-in Learning Record Store for the tests: the xAPI Statements API (POST and PUT /statements) with basic
// auth and the version header, storing by statement id; it can be told to fail the next requests (503) or to
// lose its answer after storing (the client sees a dropped connection), to test the outbox's retries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LrsStandin {
  url: string;
  key: string;
  secret: string;
  /** statements held, by id */
  statements: Map<string, Record<string, unknown>>;
  /** how many times each statement id was offered (POST or PUT) */
  offered: Map<string, number>;
  /** requests refused for a missing or wrong version header or credentials */
  refused: number;
  /** answer the next n requests 503 without storing anything */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startLrsStandin(): Promise<LrsStandin> {
  const key = 'lrs-key';
  const secret = 'lrs-secret';
  const statements = new Map<string, Record<string, unknown>>();
  const offered = new Map<string, number>();
  let failing = 0;
  const lrs = { refused: 0 } as LrsStandin;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body?: unknown) => void res.writeHead(status, { 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' }).end(body === undefined ? undefined : JSON.stringify(body));
      if (!String(req.headers['x-experience-api-version'] ?? '').startsWith('1.0')) return (lrs.refused++, send(400, { error: 'X-Experience-API-Version header required' }));
      if (req.headers.authorization !== `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`) return (lrs.refused++, send(401, { error: 'unauthorized' }));
      if (u.pathname !== '/xapi/statements') return send(404, { error: 'not found' });
      if (failing > 0) {
        failing--;
        return send(503, { error: 'down for maintenance' });
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { error: 'invalid JSON' });
      }
      const list = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
      for (const s of list) offered.set(String(s.id), (offered.get(String(s.id)) ?? 0) + 1);
      if (req.method === 'PUT') {
        const id = u.searchParams.get('statementId') ?? '';
        if (statements.has(id)) return send(409, { error: 'statement exists' });
        statements.set(id, list[0]!);
        return send(204);
      }
      if (req.method !== 'POST') return send(405, { error: 'method not allowed' });
      if (list.some((s) => !s.id || !s.actor || !s.verb || !s.object)) return send(400, { error: 'invalid statement' });
      if (list.some((s) => statements.has(String(s.id)))) return send(409, { error: 'a statement with this id exists' });
      for (const s of list) statements.set(String(s.id), s);
      send(200, list.map((s) => s.id));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(lrs, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xapi`,
    key,
    secret,
    statements,
    offered,
    failNext: (n: number) => void (failing = n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
  return lrs;
}

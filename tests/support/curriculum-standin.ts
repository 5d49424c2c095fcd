// A stand-in for the central curriculum service (docs/curriculum-service.md), served over real HTTP on
// 127.0.0.1 (test code, not product code). It follows the contract: GET /health, GET /frameworks,
// GET /frameworks/{code}, bearer token required (401 when refused), 404 for an unknown framework.
// Tests control it through /admin/*: load frameworks, refuse tokens, go down, answer slowly, read the
// Authorization headers it received.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { readBody } from './read-body';

export interface CurriculumStandin {
  url: string;
  close(): Promise<void>;
}

export interface StandinMode {
  /** every request's connection is dropped (service down) */
  down: boolean;
  /** every request answers 401 (token refused) */
  refuseTokens: boolean;
  /** answers to framework requests wait this long */
  delayMs: number;
}


export async function startCurriculumStandin(port = 0): Promise<CurriculumStandin> {
  const frameworks = new Map<string, Record<string, unknown>>();
  let mode: StandinMode = { down: false, refuseTokens: false, delayMs: 0 };
  const seen: { path: string; authorization: string | null }[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://standin');
      // ---- test control
      if (url.pathname.startsWith('/admin/')) {
        const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
        if (url.pathname === '/admin/frameworks' && req.method === 'POST') {
          frameworks.set(String(body.code), body);
          return send(201, { ok: true });
        }
        if (url.pathname === '/admin/mode' && req.method === 'POST') {
          mode = { ...mode, ...body };
          return send(200, mode);
        }
        if (url.pathname === '/admin/reset' && req.method === 'POST') {
          mode = { down: false, refuseTokens: false, delayMs: 0 };
          seen.length = 0;
          return send(200, { ok: true });
        }
        if (url.pathname === '/admin/requests') return send(200, seen);
        return send(404, { error: 'unknown admin path' });
      }
      // ---- the contract
      seen.push({ path: url.pathname, authorization: req.headers.authorization ?? null });
      if (mode.down) {
        req.socket.destroy();
        return;
      }
      const auth = req.headers.authorization ?? '';
      if (mode.refuseTokens || !/^Bearer \S+/.test(auth)) return send(401, { error: 'invalid_token' });
      if (req.method !== 'GET') return send(405, { error: 'method not allowed' });
      if (url.pathname === '/health') return send(200, { status: 'ok' });
      if (mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs));
      if (url.pathname === '/frameworks') {
        const list = [...frameworks.values()].map((f) => {
          const { stages: _s, grades: _g, subjects: _su, units: _u, topics: _t, objectives: _o, ...head } = f;
          return head;
        });
        return send(200, { data: list });
      }
      const m = /^\/frameworks\/([^/]+)$/.exec(url.pathname);
      if (m) {
        const f = frameworks.get(decodeURIComponent(m[1] as string));
        if (!f) return send(404, { error: 'Framework not found' });
        return send(200, { data: f });
      }
      return send(404, { error: 'not found' });
    } catch (err) {
      if (!res.headersSent) send(500, { error: String(err) });
    }
  }
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

// ---------------------------------------------------------------- sample data

/** A small but complete framework document in the contract's snake_case shape. */
export function sampleFramework(code: string, opts: { name?: string; isActive?: boolean } = {}) {
  const subject = 'MATH';
  const grade = 'G1';
  const unit = 'U1';
  return {
    code,
    name: opts.name ?? `Framework ${code}`,
    description: 'A test framework',
    framework_type: 'national',
    country_code: 'NZ',
    organization: 'Ministry',
    version: '2024',
    language: 'en',
    valid_from: '2024-01-01',
    valid_until: null,
    is_active: opts.isActive ?? true,
    is_published: true,
    stages: [
      { framework_code: code, code: 'S2', name: 'Stage two', description: null, age_start: 9, age_end: 12, sequence: 2 },
      { framework_code: code, code: 'S1', name: 'Stage one', description: 'Early years', age_start: 5, age_end: 8, sequence: 1 },
    ],
    grades: [
      { framework_code: code, stage_code: 'S1', code: 'G2', name: 'Grade 2', typical_age: 7, sequence: 2 },
      { framework_code: code, stage_code: 'S1', code: grade, name: 'Grade 1', typical_age: 6, sequence: 1 },
      { framework_code: code, stage_code: 'S2', code: 'G3', name: 'Grade 3', typical_age: 9, sequence: 3 },
    ],
    subjects: [
      { framework_code: code, code: 'SCI', name: 'Science', description: null, icon: 'flask', color: '#00aa00', is_core: true, sequence: 2 },
      { framework_code: code, code: subject, name: 'Mathematics', description: 'Numbers', icon: 'calc', color: '#3366ff', is_core: true, sequence: 1 },
    ],
    units: [
      { framework_code: code, subject_code: subject, grade_code: grade, code: 'U2', name: 'Shapes', description: null, estimated_hours: 4.5, sequence: 2 },
      { framework_code: code, subject_code: subject, grade_code: grade, code: unit, name: 'Counting', description: null, estimated_hours: 6, sequence: 1 },
    ],
    topics: [
      { framework_code: code, subject_code: subject, grade_code: grade, unit_code: unit, code: 'T2', name: 'Counting to 100', description: null, base_difficulty: 0.6, estimated_minutes: 40, sequence: 2 },
      { framework_code: code, subject_code: subject, grade_code: grade, unit_code: unit, code: 'T1', name: 'Counting to 10', description: null, base_difficulty: 0.2, estimated_minutes: 30, sequence: 1 },
    ],
    objectives: [
      { framework_code: code, subject_code: subject, grade_code: grade, unit_code: unit, topic_code: 'T1', code: 'O2', objective: 'Count backwards from 10', bloom_level: 'apply', mastery_threshold: 0.8, sequence: 2 },
      { framework_code: code, subject_code: subject, grade_code: grade, unit_code: unit, topic_code: 'T1', code: 'O1', objective: 'Count to 10', bloom_level: 'remember', sequence: 1 },
    ],
  };
}

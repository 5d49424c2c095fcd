// A stand-in cmi5 LMS with its LRS, for the tests (cmi5 spec, "Launch" and "Content launch mechanisms"): it serves
// an unpacked AU package, launches it with the five launch parameters (endpoint, fetch, registration,
// activityId, actor), writes the `launched` statement and LMS.LaunchData itself, answers the one-time fetch URL
// with an auth token, and takes statements on its LRS (basic auth with that token, the xAPI version header). Its
// LRS also answers statement queries (agent, verb, activity, registration, limit: xAPI 7.2.3), the learner
// preferences agent profile (cmi5 11.0) and the state API; a launch may reuse a registration (a later session of
// the same enrolment), and the LMS's returnURL is a page of its own (/return).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface Cmi5Launch {
  url: string;
  registration: string;
  sessionId: string;
  activityId: string;
  actor: Record<string, unknown>;
}

export interface Cmi5Standin {
  origin: string;
  statements: Record<string, any>[];
  /** times a fetch URL was used after its first use (a conforming AU never does) */
  fetchReuse: number;
  /** LRS requests refused for missing or wrong credentials or version header */
  refused: number;
  /** reads of the cmi5LearnerPreferences agent profile */
  profileReads: number;
  /** statement queries (GET /statements) the AU made */
  queries: URLSearchParams[];
  launch(opts: {
    activityId: string;
    masteryScore?: number;
    launchMode?: 'Normal' | 'Browse' | 'Review';
    moveOn?: string;
    /** a later session of an existing registration */
    registration?: string;
    /** the LMS's returnURL (default its /return page; null: none) */
    returnURL?: string | null;
  }): Cmi5Launch;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2', '.xml': 'application/xml' };

export async function startCmi5Standin(packageDir: string): Promise<Cmi5Standin> {
  const statements: Record<string, any>[] = [];
  const tokens = new Map<string, { token: string; used: boolean }>();
  const valid = new Set<string>();
  const launchData = new Map<string, unknown>();
  const s = { statements, fetchReuse: 0, refused: 0, profileReads: 0, queries: [] } as unknown as Cmi5Standin;
  const sameAgent = (a: Record<string, any> | undefined, b: Record<string, any>) =>
    !!a && (a.account ? !!b.account && a.account.homePage === b.account.homePage && a.account.name === b.account.name : a.mbox === b.mbox);
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Experience-API-Version', 'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body?: unknown) => void res.writeHead(status, { ...cors, 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' }).end(body === undefined ? undefined : JSON.stringify(body));
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      if (u.pathname === '/return') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>LMS</title><h1 id="lms-return">Back in the LMS</h1>');
      if (u.pathname.startsWith('/au/')) {
        const file = path.join(packageDir, decodeURIComponent(u.pathname.slice(4)));
        if (!file.startsWith(packageDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
        return void res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
      }
      if (u.pathname.startsWith('/fetch/')) {
        const entry = tokens.get(u.pathname.slice(7));
        if (req.method !== 'POST' || !entry) return json(404, { 'error-code': '3', 'error-text': 'unknown fetch URL' });
        if (entry.used) {
          s.fetchReuse++;
          return json(200, { 'error-code': '1', 'error-text': 'already in use' });
        }
        entry.used = true;
        return json(200, { 'auth-token': entry.token });
      }
      if (!u.pathname.startsWith('/lrs/')) return json(404, { error: 'not found' });
      const auth = String(req.headers.authorization ?? '');
      if (!String(req.headers['x-experience-api-version'] ?? '').startsWith('1.0') || !auth.startsWith('Basic ') || !valid.has(auth.slice(6))) {
        s.refused++;
        return json(401, { error: 'unauthorized' });
      }
      if (u.pathname === '/lrs/activities/state' && req.method === 'GET') {
        const data = launchData.get(`${u.searchParams.get('registration')}|${u.searchParams.get('stateId')}`);
        return data ? json(200, data) : json(404, { error: 'no state' });
      }
      if (u.pathname === '/lrs/agents/profile' && req.method === 'GET') {
        s.profileReads++;
        return u.searchParams.get('profileId') === 'cmi5LearnerPreferences' ? json(200, { languagePreference: 'en-US', audioPreference: 'on' }) : json(404, { error: 'no profile' });
      }
      if (u.pathname === '/lrs/statements' && req.method === 'GET') {
        const f = u.searchParams;
        s.queries.push(f);
        const agent = f.get('agent') ? (JSON.parse(f.get('agent')!) as Record<string, any>) : null;
        const limit = Number(f.get('limit') ?? 0);
        const found = statements
          .filter((st) => (!f.get('verb') || st.verb?.id === f.get('verb')) && (!f.get('activity') || st.object?.id === f.get('activity')))
          .filter((st) => (!f.get('registration') || st.context?.registration === f.get('registration')) && (!agent || sameAgent(st.actor, agent)))
          .reverse();
        return json(200, { statements: limit > 0 ? found.slice(0, limit) : found, more: '' });
      }
      if (u.pathname === '/lrs/statements' && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        const list = (Array.isArray(body) ? body : [body]) as Record<string, any>[];
        for (const st of list) statements.push({ ...st, stored: new Date().toISOString() });
        return json(200, list.map((st) => st.id));
      }
      return json(405, { error: 'method not allowed' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s.origin = origin;
  s.launch = ({ activityId, masteryScore, launchMode = 'Normal', moveOn = 'CompletedOrPassed', registration = randomUUID(), returnURL = `${origin}/return` }) => {
    const sessionId = randomUUID();
    const actor = { objectType: 'Agent', account: { homePage: origin, name: `learner-${registration.slice(0, 8)}` }, name: 'Casey Learner' };
    const key = randomUUID();
    const token = Buffer.from(`${key}:${randomUUID()}`).toString('base64');
    tokens.set(key, { token, used: false });
    valid.add(token);
    const contextTemplate = {
      contextActivities: { grouping: [{ id: `${origin}/course/1`, objectType: 'Activity' }] },
      extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': sessionId },
    };
    launchData.set(`${registration}|LMS.LaunchData`, { contextTemplate, launchMode, moveOn, ...(returnURL ? { returnURL } : {}), ...(masteryScore !== undefined ? { masteryScore } : {}) });
    // the LMS's own statement
    statements.push({
      id: randomUUID(),
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/launched' },
      object: { id: activityId, objectType: 'Activity' },
      context: {
        ...contextTemplate,
        registration,
        extensions: {
          ...contextTemplate.extensions,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': launchMode,
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': moveOn,
          ...(masteryScore !== undefined ? { 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore': masteryScore } : {}),
        },
      },
      timestamp: new Date().toISOString(),
    });
    const q = new URLSearchParams({ endpoint: `${origin}/lrs/`, fetch: `${origin}/fetch/${key}`, registration, activityId, actor: JSON.stringify(actor) });
    return { url: `${origin}/au/index.html?${q}`, registration, sessionId, activityId, actor };
  };
  s.close = () => new Promise<void>((r) => server.close(() => r()));
  return s;
}

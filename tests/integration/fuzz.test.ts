// Standing guard (issue 7): a bounded, seeded fuzz run over every route file under app/. Each route's path is
// built from its file path ([param] and [...param] segments get hostile or plausible values), its methods come
// from the file's exports, and each request carries hostile query values and bodies (control characters, huge
// strings, wrong types, malformed escapes, deep JSON, unicode, negative and huge numbers), anonymously or as a
// signed-in teacher. No request may answer 5xx (or drop the connection).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/app-process';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { SAMPLE_PARAMS } from '../support/h5p-packages';
import { freshLimits } from '../support/rate-limits';

// fixed seed: the same requests on every run (FUZZ_SEED=<n> explores other sequences locally)
const SEED = Number(process.env.FUZZ_SEED ?? 7);
const REQUESTS = 2_400;
const CONCURRENCY = 8;

// ---------------------------------------------------------------- seeded randomness (mulberry32)
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const chance = (p: number) => rand() < p;
const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
const seededUuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

// ---------------------------------------------------------------- the routes
interface RouteFile {
  file: string;
  segments: string[];
  methods: string[];
}

function routeFiles(): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'route.ts') {
        const src = fs.readFileSync(p, 'utf8');
        const methods = new Set<string>();
        for (const m of src.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD)\b/g)) methods.add(m[1]!);
        for (const m of src.matchAll(/export\s*\{([^}]*)\}/g)) for (const n of m[1]!.matchAll(/as\s+(GET|POST|PUT|PATCH|DELETE|HEAD)\b/g)) methods.add(n[1]!);
        const rel = path.relative(path.join(ROOT, 'app'), path.dirname(p));
        out.push({ file: path.relative(ROOT, p), segments: rel ? rel.split(path.sep).filter((s) => !/^\(.*\)$/.test(s)) : [], methods: [...methods] });
      }
    }
  };
  walk(path.join(ROOT, 'app'));
  return out;
}

// ---------------------------------------------------------------- hostile values
const CONTROL = ['%00', '%01', '%08', '%0A', '%0D', '%1F', '%7F', '%09'];
const MALFORMED = ['%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF', '%%', '%2', '%u0000'];
const UNICODE = ['%F0%9F%98%80', '%E2%80%AE', '%D8%B9%D8%B1%D8%A8%D9%8A', 'e%CC%81', '%EF%BB%BF', '%E2%80%8B', '%F4%8F%BF%BF'];
const WEIRD = ['..', '.', '%2e%2e', '..%2F..%2Fpackage.json', '%2F', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '9'.repeat(40), '-9999999999999', '0x10', 'true', '[]', '{}', "'", '"', '<script>', "' OR 1=1 --", '${x}', '*', ' ', '%20'];

// contentId: public content of another teacher (readable, never changed by the run); ownId: the fuzzing
// teacher's own content, only in the paths of writes (a delete racing a read is not what this run is about)
let known = { contentId: 'x', ownId: 'x', privateId: 'x', collectionId: 'x' };
let writing = false;

function hostileSegment(): string {
  switch (int(8)) {
    case 0:
      return `ab${pick(CONTROL)}cd`;
    case 1:
      return `x${pick(MALFORMED)}`;
    case 2:
      return pick(UNICODE);
    case 3:
      return 'a'.repeat(pick([101, 256, 1_000, 5_000]));
    case 4:
      return pick(WEIRD);
    case 5:
      return seededUuid();
    case 6:
      return pick([writing ? known.ownId : known.contentId, known.privateId, known.collectionId]);
    default:
      return String(pick([0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5]));
  }
}

const HINTS: Record<string, string[]> = {
  path: ['ajax', 'contentUserData', 'finishedData', 'params', 'download', 'core', 'editor', 'custom', 'temp', 'nope'],
  nextauth: ['session', 'csrf', 'providers', 'signin', 'signout', 'callback', 'error', '_log', 'nope'],
  file: ['content.json', 'images', 'library.json', 'x.svg'],
  realm: ['lumen', 'master'],
};

function segmentValue(param: string, catchAll: boolean): string {
  const first = HINTS[param] && chance(0.6) ? pick(HINTS[param]) : hostileSegment();
  if (!catchAll) return first;
  const rest = Array.from({ length: int(4) }, () => (chance(0.5) ? hostileSegment() : pick(['state', '0', 'x.png', known.contentId, 'H5P.MultiChoice-1.16'])));
  return [first, ...rest].join('/');
}

const QUERY_KEYS = ['offset', 'limit', 'search', 'sortBy', 'contentType', 'frameworkCode', 'gradeCode', 'subjectCode', 'difficulty', 'language', 'license', 'action', 'machineName', 'majorVersion', 'minorVersion', 'contextId', 'asUserId', 'token', 'version', 'id', 'hubId', 'ignorePost', 'format', 'ref', 'next', 'contentId', 'x'];
const ACTIONS = ['content-type-cache', 'content-hub-metadata-cache', 'libraries', 'translations', 'files', 'filter', 'library-install', 'library-upload', 'get-content', 'nope'];

function hostileQueryValue(): string {
  switch (int(6)) {
    case 0:
      return `a${pick(CONTROL)}`;
    case 1:
      return pick(MALFORMED);
    case 2:
      return pick(UNICODE);
    case 3:
      return 'q'.repeat(pick([51, 101, 501, 3_000]));
    case 4:
      return pick(WEIRD);
    default:
      return String(pick([-1, 0, 1, 20, 50, 51, 1e9, 2 ** 53, -(2 ** 31), 0.5]));
  }
}

function query(): string {
  if (chance(0.3)) return '';
  const parts: string[] = [];
  for (let i = 0, n = 1 + int(4); i < n; i++) {
    const key = chance(0.9) ? pick(QUERY_KEYS) : hostileQueryValue();
    const value = key === 'action' && chance(0.7) ? pick(ACTIONS) : hostileQueryValue();
    parts.push(`${key}=${value}`);
  }
  return `?${parts.join('&')}`;
}

const FIELDS = ['title', 'description', 'name', 'email', 'password', 'refreshToken', 'referralCode', 'contentId', 'contentIds', 'itemIds', 'visibility', 'library', 'params', 'metadata', 'machineName', 'frameworkCode', 'frameworkName', 'gradeCode', 'gradeName', 'subjectCode', 'subjectName', 'topicCodes', 'topicNames', 'objectiveCodes', 'difficulty', 'language', 'data', 'score', 'maxScore', 'opened', 'finished', 'time', 'libraryParameters', 'libraries', 'mimeType', 'filename', 'file', 'field', 'coverImageUrl', 'order', 'items', 'brandConfig', 'license', 'licenseVersion', 'authors', 'source', 'yearFrom', 'yearTo', 'change', 'authorComments', 'licenseExtras', 'baseRevision', '__proto__', 'constructor'];

function deep(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function hostileJson(level = 0): unknown {
  switch (int(level > 2 ? 7 : 10)) {
    case 0:
      return `x\u0000y`;
    case 1:
      return String.fromCharCode(int(32)) + 'z';
    case 2:
      return 's'.repeat(pick([256, 1_001, 5_000, 100_001]));
    case 3:
      return pick([-1, 0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MIN_VALUE]);
    case 4:
      return pick([null, true, false, '', ' ', 'private', 'public', 'H5P.MultiChoice 1.16', 'not-an-email', 'a@b.co', '😀\u202e\ud800', '<img src=x onerror=alert(1)>']);
    case 5:
      return pick([known.contentId, known.privateId, known.collectionId, seededUuid()]);
    case 6:
      return pick(['%00', '%zz', '../../etc/passwd', '0x41', 'NaN']);
    case 7:
      return Array.from({ length: pick([0, 1, 3, 501]) }, () => (chance(0.7) ? pick([known.contentId, 'x', 1]) : hostileJson(level + 1)));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = 0, n = 1 + int(5); i < n; i++) o[pick(FIELDS)] = hostileJson(level + 1);
      return o;
    }
  }
}

interface Body {
  body?: unknown;
  headers?: Record<string, string>;
}

function body(method: string): Body {
  if (method === 'GET' || method === 'HEAD' || chance(0.1)) return {};
  switch (int(9)) {
    case 0: {
      // a mostly valid body with one hostile field
      const base: Record<string, unknown> = pick([
        { title: 'Fuzz' },
        { library: 'H5P.MultiChoice 1.16', params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Fuzz' } },
        { email: 'a@b.co', password: 'x' },
        { referralCode: 'ABCDEF12', email: 'a@b.co' },
        { contentId: known.contentId },
        { contentIds: [known.contentId, known.privateId] },
        { itemIds: [seededUuid()] },
        { visibility: 'public' },
        { machineName: 'H5P.MultiChoice' },
        { frameworkCode: 'NZC', gradeCode: 'Y5', subjectCode: 'MATH', difficulty: 'easy', language: 'en' },
      ]);
      return { body: { ...base, [pick(Object.keys(base))]: hostileJson() } };
    }
    case 1:
    case 2:
      return { body: hostileJson() ?? {} };
    case 3:
      return { body: chance(0.5) ? deep(pick([100, 5_000, 50_000]), 'array') : deep(pick([100, 5_000]), 'object'), headers: { 'Content-Type': 'application/json' } };
    case 4:
      return { body: pick(['{', '{"a":', 'null', '"str"', '1', '[]', '\u0000', '{"a":"\\u0000"}', '{"title":"x\\u0001"}']), headers: { 'Content-Type': 'application/json' } };
    case 5: {
      const p = new URLSearchParams();
      for (let i = 0, n = 1 + int(5); i < n; i++) {
        const k = pick([...FIELDS, 'libraries[]', 'constructor[]', '__proto__[]', 'toString']);
        p.append(k, String(hostileJson(3)));
      }
      return { body: p.toString().replace(/%25/g, chance(0.3) ? '%' : '%25'), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
    }
    case 6: {
      const fd = new FormData();
      fd.append(pick(FIELDS), String(hostileJson(3)));
      if (chance(0.6)) fd.append(pick(['file', 'h5p', 'upload', 'x']), new Blob([pick(['PK\u0003\u0004garbage', '<svg onload=alert(1)>', 'x'.repeat(1000)])]), pick(['a.h5p', 'x.png', '../../x', 'a\u0000b.zip', '😀.svg']));
      return { body: fd };
    }
    case 7:
      return { body: pick(['', 'garbage', '\u0000\u0001', '--x\r\n\r\n']), headers: { 'Content-Type': pick(['multipart/form-data', 'multipart/form-data; boundary=', 'text/plain', 'application/octet-stream', 'application/json; charset=utf-16']) } };
    default:
      return { body: JSON.stringify(hostileJson()), headers: { 'Content-Type': pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) } };
  }
}

function requestPath(r: RouteFile): string {
  const parts = r.segments.map((s) => {
    const m = /^\[(\.\.\.)?(\w+)\]$/.exec(s);
    return m ? segmentValue(m[2]!, Boolean(m[1])) : s;
  });
  return `/${parts.join('/')}`;
}

// ---------------------------------------------------------------- the run
let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  await installTestLibraries();
  teacher = await signedIn(['teacher']);
  const other = await signedIn(['teacher']);
  const contentId = await createContent(other.token, 'H5P.MultiChoice', { title: 'Fuzz target' });
  expect((await api('PATCH', `/h5p/content/${contentId}/visibility`, { token: other.token, body: { visibility: 'public' } })).status).toBe(200);
  const ownId = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Fuzz own' });
  const privateId = await createContent(other.token, 'H5P.TrueFalse', { title: 'Fuzz private' });
  const collection = await api('POST', '/api/collections', { token: teacher.token, body: { title: 'Fuzz collection' } });
  known = { contentId, ownId, privateId, collectionId: collection.body.data.id };
});

describe('fuzz: no 5xx from any route (fixed seed)', () => {
  it(`${REQUESTS} hostile requests over every route file, anonymous and as a teacher`, async () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(40);
    const plan = Array.from({ length: REQUESTS }, (_, i) => {
      const r = routes[i % routes.length]!;
      const method = pick(r.methods.length ? r.methods : ['GET']);
      writing = method !== 'GET' && method !== 'HEAD';
      return { method, path: `${requestPath(r)}${query()}`, ...body(method), token: chance(0.6) ? 'teacher' : undefined };
    });
    const failures: string[] = [];
    const seenRoutes = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const p = plan[next++]!;
        const token = p.token ? teacher.token : undefined;
        // the fuzz looks for 5xx past validation, not for the teacher's rate limit (per user since issue 22 item 13)
        if (token) await freshLimits(teacher.user.id);
        const label = () => `${p.method} ${p.path.slice(0, 300)}${p.token ? ' (teacher)' : ''} body=${typeof p.body === 'string' ? p.body.slice(0, 120) : p.body instanceof FormData ? '[form-data]' : JSON.stringify(p.body)?.slice(0, 120)}`;
        try {
          const res = await api(p.method, p.path, { token, body: p.body as never, headers: p.headers });
          seenRoutes.add(p.path.split('/').slice(0, 3).join('/'));
          // the 5xx the spec prescribes for what this test app runs without: payments (503 Payments are not
          // configured), an AI provider (503 AI generation is not configured), and — when no LTI platform is
          // registered yet — LTI (503 LTI integration is not configured)
          const prescribed =
            res.status === 503 &&
            ((res.text.includes('"Payments are not configured"') && /^\/api\/auth\/(checkout|billing-portal|webhook)/.test(p.path)) ||
              (res.text.includes('"AI generation is not configured"') && p.path.startsWith('/api/ai/')) ||
              (res.text.includes('"LTI integration is not configured"') && /^\/lti\/(launch|login)/.test(p.path)));
          if (res.status >= 500 && !prescribed) failures.push(`${res.status} ${label()} → ${res.text.slice(0, 200)}`);
        } catch (err) {
          failures.push(`connection error ${(err as Error).message} ${label()}`);
        }
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    expect(Date.now() - t0).toBeLessThan(60_000);
  }, 120_000);
});

// Issue 22 item 9: client errors that answered 500, kept here as fixed cases so every run sends them.
describe('fuzz: the client errors that once answered 500 (issue 22 item 9)', () => {
  const BROKEN_JSON = ['{', '{"csrfToken":', '', '\u0000', '{"a":"\\u00'];

  it.each(['callback/credentials', 'signin', 'signout', 'session', '_log'])(
    'POST /api/auth/%s with a broken JSON body answers 400 Validation error: body is not valid JSON',
    async (action) => {
      for (const body of BROKEN_JSON) {
        const res = await api('POST', `/api/auth/${action}`, { body, headers: { 'Content-Type': 'application/json' } });
        expect(res.status, `${JSON.stringify(body)} → ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.body).toEqual({ success: false, error: 'Validation error: body is not valid JSON' });
      }
      // JSON that is no object is no form next-auth could read
      for (const body of ['null', '"str"', '1', '[]']) {
        const res = await api('POST', `/api/auth/${action}`, { body, headers: { 'Content-Type': 'application/json' } });
        expect(res.status, `${body} → ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.body).toEqual({ success: false, error: 'Validation error: body must be a JSON object' });
      }
      // an object goes on to next-auth, which answers it without a 5xx
      const empty = await api('POST', `/api/auth/${action}`, { body: '{}', headers: { 'Content-Type': 'application/json' } });
      expect(empty.status, empty.text.slice(0, 200)).toBeLessThan(500);
    },
  );

  const NOT_A_LANGUAGE = ['libraries', '../en', 'en/../../x', 'e', 'english-language', 'en-', '12', 'en_US_POSIX', 'xx_yy', 'xx-YY'];
  const LANGUAGE_ERROR = 'Validation error: language: must be a language code such as en or pt-BR';

  it.each(NOT_A_LANGUAGE)('GET /h5p/new?language=%s answers 400 with the language error', async (language) => {
    const res = await api('GET', `/h5p/new?language=${encodeURIComponent(language)}`, { token: teacher.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: LANGUAGE_ERROR });
  });

  it.each(NOT_A_LANGUAGE)('GET /h5p/ajax?action=libraries…&language=%s answers 400 with the language error', async (language) => {
    const res = await api('GET', `/h5p/ajax?action=libraries&machineName=H5P.MultiChoice&majorVersion=1&minorVersion=16&language=${encodeURIComponent(language)}`, { token: teacher.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: LANGUAGE_ERROR });
  });

  it.each(['pt_BR', 'de', 'zh-Hans', 'sma'])('a language code (%s) is served, in English where H5P has no texts for it', async (language) => {
    const lib = await api('GET', `/h5p/ajax?action=libraries&machineName=H5P.MultiChoice&majorVersion=1&minorVersion=16&language=${language}`, { token: teacher.token });
    expect(lib.status, lib.text.slice(0, 200)).toBe(200);
    expect(Array.isArray(lib.body.semantics)).toBe(true);
    const editor = await api('GET', `/h5p/new?language=${language}`, { token: teacher.token });
    expect(editor.status, editor.text.slice(0, 200)).toBe(200);
  });
});

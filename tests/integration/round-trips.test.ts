// The request path's budget (issue 9, item 1): how many times a route talks to PostgreSQL and Redis. An app
// instance runs behind counting relays (tests/support/round-trips.ts) on the test database and Redis; after a
// warm-up, each call is counted on its own once the app is quiet. Budgets: health 0 SQL + 1 Redis; /me ≤ 1 + 1;
// play ≤ 1 + 1 (library metadata and dependency lists cached, view counts batched); a content token's calls after its
// first on an instance: no Redis (the player tier's windows are counted in the instance, lib/http/rate-batch.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import Redis from 'ioredis';
import { issueEmbedToken, issuePlayerToken, tokenText } from '@/lib/auth/embed-token';
import { startApp, type AppProcess } from '../support/app-process';
import { browserSignIn, type BrowserSession } from '../support/browser';
import { testDatabaseUrl, testRedisUrl } from '../support/env';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { db } from '@/lib/db/client';
import { createContent, installTestLibraries } from '../support/h5p';
import { libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';
import { api, randomIp, type CallOptions } from '../support/http';
import { pgCountingRelay, redisCountingRelay, type CountingRelay } from '../support/round-trips';

let app: AppProcess;
let pg: CountingRelay;
let redis: CountingRelay;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let browser: BrowserSession;
let contentId: string;
let presentationId: string;

async function readRedis(key: string): Promise<string | null> {
  const client = new Redis(testRedisUrl());
  try {
    return await client.get(key);
  } finally {
    client.disconnect();
  }
}

function via(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

// longer than the view-count batch (lib/h5p/content/views.ts): the previous call's batched write is done before counting
const quiet = () => new Promise((r) => setTimeout(r, 400));

/** The outbox loops every instance runs in the background (lib/db/outbox-worker.ts): not the request's own trips. */
// (and the start-up sweep of abandoned uploads, which may still be running when the first call is counted)
const BACKGROUND = /\b(grade_passback|xapi_outbox|pending_contents)\b/;

/** The round trips of one call: counted from a quiet app until its answer has arrived. */
async function count(method: string, path: string, opts: CallOptions = {}) {
  await quiet();
  pg.reset();
  redis.reset();
  const res = await api(method, path, { base: app.url, ...opts });
  const sql = pg.read();
  const own = sql.items.filter((q) => !BACKGROUND.test(q));
  return { status: res.status, sql: { count: sql.count - (sql.items.length - own.length), items: own }, redis: redis.read() };
}

/** Warms the route up, then counts five calls; every one must be within the budget. */
async function within(budget: { sql: number; redis: number }, method: string, path: string | (() => Promise<string>), opts: CallOptions = {}) {
  const target = async () => (typeof path === 'string' ? path : path());
  for (let i = 0; i < 3; i++) expect((await api(method, await target(), { base: app.url, ...opts })).status).toBe(200);
  for (let i = 0; i < 5; i++) {
    const c = await count(method, await target(), opts);
    expect(c.status).toBe(200);
    expect(c.sql.count, `SQL round trips: ${JSON.stringify(c.sql.items, null, 1)}`).toBeLessThanOrEqual(budget.sql);
    expect(c.redis.count, `Redis round trips: ${JSON.stringify(c.redis.items)}`).toBeLessThanOrEqual(budget.redis);
  }
}

beforeAll(async () => {
  await installTestLibraries();
  teacher = await signedIn(['teacher']);
  contentId = await createContent(teacher.token, 'H5P.MultiChoice');
  presentationId = await createContent(teacher.token, 'H5P.DragText');
  const u = await createIdpUser({ email: uniqueEmail('budget'), roles: ['teacher'] });
  browser = await browserSignIn(u.email, u.password);
  pg = await pgCountingRelay(Number(new URL(testDatabaseUrl()).port || 5432));
  redis = await redisCountingRelay(Number(new URL(testRedisUrl()).port || 6379));
  app = await startApp(
    {
      ...appEnv(inject('idpUrl')),
      H5P_HUB_URL: inject('hubUrl'),
      DATA_DIR: inject('appDataDir'),
      DATABASE_URL: via(testDatabaseUrl(), pg.port),
      REDIS_URL: via(testRedisUrl(), redis.port),
    },
    { waitForHealthy: true },
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await pg?.close();
  await redis?.close();
});

describe('round trips per request', () => {
  it('GET /api/health: 0 SQL and 1 Redis', async () => {
    await within({ sql: 0, redis: 1 }, 'GET', '/api/health');
  });

  it('GET /api/auth/me with a bearer token: at most 1 SQL and 1 Redis', async () => {
    await within({ sql: 1, redis: 1 }, 'GET', '/api/auth/me', { token: teacher.token });
  });

  it('GET /api/auth/me with the session cookie: at most 1 SQL and 1 Redis', async () => {
    await within({ sql: 1, redis: 1 }, 'GET', '/api/auth/me', { ip: browser.ip, headers: { Cookie: browser.cookie } });
  });

  it('GET /h5p/play/:id as the owner: at most 1 SQL and 1 Redis (two content types)', async () => {
    await within({ sql: 1, redis: 1 }, 'GET', `/h5p/play/${contentId}`, { token: teacher.token });
    await within({ sql: 1, redis: 1 }, 'GET', `/h5p/play/${presentationId}`, { token: teacher.token });
  });

  it('GET /h5p/play/:id with a player token and with an embed token: at most 1 SQL, and 0 Redis once the token\'s window is known here (its first call: 1)', async () => {
    // the player tier is counted in the instance between batched round trips (lib/http/rate-batch.ts)
    const player = await issuePlayerToken(teacher.user.id, contentId);
    const first = await count('GET', `/h5p/play/${contentId}?token=${player}`);
    expect(first.status).toBe(200);
    expect(first.redis.items).toEqual([expect.stringMatching(/^eval/i)]);
    await within({ sql: 1, redis: 0 }, 'GET', `/h5p/play/${contentId}?token=${player}`);
    const embed = await issueEmbedToken(teacher.user.id, contentId);
    await within({ sql: 1, redis: 0 }, 'GET', `/h5p/play/${contentId}?token=${embed}`, { ip: randomIp() });
    // every call reached the shared window with the batches: 1 + 3 warm-up + 5 counted
    await quiet();
    const window = (await readRedis(`rl:PLAYER:player:${tokenText(player).digest.toString('hex', 0, 20)}`)) ?? '0';
    expect(Number(window)).toBe(9);
  });
});

describe('round trips of the saved state (the players\' most frequent write)', () => {
  it('POST /h5p/contentUserData with a player token, form-encoded as the H5P core posts it: 1 SQL (its upsert) and at most 1 Redis (the other instances told; the count is batched)', async () => {
    const student = await signedIn(['student']);
    const player = await issuePlayerToken(student.user.id, contentId);
    let n = 0;
    const save = () =>
      api('POST', `/h5p/contentUserData/${contentId}/state/0?token=${encodeURIComponent(player)}`, {
        base: app.url,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: `data=${encodeURIComponent(JSON.stringify({ answers: [n++] }))}&preload=1&invalidate=0`,
      });
    for (let i = 0; i < 3; i++) expect((await save()).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await quiet();
      pg.reset();
      redis.reset();
      const res = await save();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const sql = pg.read().items.filter((q) => !BACKGROUND.test(q));
      expect(sql.length, `SQL round trips: ${JSON.stringify(sql)}`).toBeLessThanOrEqual(1);
      const r = redis.read();
      expect(r.count, `Redis round trips: ${JSON.stringify(r.items)}`).toBeLessThanOrEqual(1);
    }
    // the last save is the state the player is handed next
    const rows = await db().h5pContentUserData.findMany({ where: { contentId, userId: student.user.id, dataType: 'state' }, select: { userState: true } });
    expect(rows).toEqual([{ userState: JSON.stringify({ answers: [n - 1] }) }]);

    // a multipart save is Next.js's to read (the fast lane takes only the text bodies): stored the same
    const form = new FormData();
    form.set('data', JSON.stringify({ answers: ['multipart'] }));
    form.set('preload', '1');
    form.set('invalidate', '0');
    const multipart = await fetch(`${app.url}/h5p/contentUserData/${contentId}/state/0?token=${encodeURIComponent(player)}`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect(await multipart.json()).toEqual({ success: true });
    const after = await db().h5pContentUserData.findMany({ where: { contentId, userId: student.user.id, dataType: 'state' }, select: { userState: true } });
    expect(after).toEqual([{ userState: JSON.stringify({ answers: ['multipart'] }) }]);
  });
});

describe('round trips of the statement intake (issue 26 item 3)', () => {
  it('POST /h5p/xapi/:id with a player token: 1 SQL (its batch, in its group\'s one statement) and 0 Redis (the count is batched)', async () => {
    const student = await signedIn(['student']);
    const player = await issuePlayerToken(student.user.id, contentId);
    const statement = (verb: string) => ({
      id: crypto.randomUUID(),
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
      object: { id: `http://app.lumen.test/h5p/embed/${contentId}`, definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId } } },
      ...(verb === 'completed' ? { result: { score: { raw: 1, max: 2 }, completion: true } } : {}),
    });
    const send = () =>
      api('POST', `/h5p/xapi/${contentId}?token=${encodeURIComponent(player)}`, {
        base: app.url,
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: { attempt: crypto.randomUUID(), statements: [statement('attempted'), statement('interacted'), statement('completed')] },
      });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      await quiet();
      pg.reset();
      redis.reset();
      expect((await send()).status).toBe(201);
      const sql = pg.read().items;
      // the group's statement is prepared once per connection: its text (recorded cut to its first 300 characters,
      // which begin with the batch's CTE — lib/results/intake-commit.ts GROUP_SQL), then the prepared statement's name
      const intake = sql.filter((q) => q === '(prepared statement)' || q.includes('INSERT INTO xapi_statements') || q.startsWith('WITH bt AS MATERIALIZED ('));
      const others = sql.filter((q) => !intake.includes(q) && !BACKGROUND.test(q));
      expect(intake, JSON.stringify(sql, null, 1)).toHaveLength(1);
      expect(others, JSON.stringify(sql, null, 1)).toEqual([]);
      expect(redis.read().count, JSON.stringify(redis.read().items)).toBe(0);
    }
  });
});

describe('in-process caches stay coherent', () => {
  const question = async (id: string) => {
    const res = await api('GET', `/h5p/play/${id}`, { base: app.url, token: teacher.token });
    expect(res.status).toBe(200);
    return JSON.stringify(res.body.data.integration.contents[`cid-${id}`].jsonContent);
  };

  it('an edit made through another instance is served by this one at once', async () => {
    const id = await createContent(teacher.token, 'H5P.MultiChoice');
    expect(await question(id)).toContain('What is 2 + 2?');
    for (const n of [3, 4, 5]) {
      const params = { ...(SAMPLE_PARAMS['H5P.MultiChoice'] as object), question: `<p>What is ${n} + ${n}?</p>` };
      const put = await api('PUT', `/h5p/content/${id}`, { token: teacher.token, body: { library: libraryString('H5P.MultiChoice'), params, metadata: { title: `v${n}` } } });
      expect(put.status).toBe(200);
      expect(await question(id)).toContain(`What is ${n} + ${n}?`);
    }
  });

  it('a visibility change made through another instance applies here at once', async () => {
    const id = await createContent(teacher.token, 'H5P.MultiChoice');
    const student = await signedIn(['student']);
    const play = () => api('GET', `/h5p/play/${id}`, { base: app.url, token: student.token });
    expect((await play()).status).toBe(404);
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: teacher.token, body: { visibility: 'public' } })).status).toBe(200);
    expect((await play()).status).toBe(200);
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: teacher.token, body: { visibility: 'private' } })).status).toBe(200);
    expect((await play()).status).toBe(404);
  });

  it('a state saved through another instance is what this one hands the player next', async () => {
    const id = await createContent(teacher.token, 'H5P.MultiChoice');
    const states = async () => {
      const res = await api('GET', `/h5p/play/${id}`, { base: app.url, token: teacher.token });
      expect(res.status).toBe(200);
      return JSON.stringify(res.body.data.integration.contents[`cid-${id}`].contentUserData);
    };
    // a viewer without a saved state gets an explicit "none" preloaded (the player need not ask before it renders)
    expect(await states()).toBe(JSON.stringify([{ state: 'false' }]));
    for (const n of [1, 2]) {
      const body = `data=${encodeURIComponent(JSON.stringify({ answer: n }))}&preload=1&invalidate=0`;
      const saved = await api('POST', `/h5p/contentUserData/${id}/state/0`, { token: teacher.token, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(saved.status).toBe(200);
      expect(await states()).toContain(`answer\\":${n}`);
    }
  });

  it('a change made in the database outside the app (a plan set by SQL) reaches the cached user', async () => {
    const u = await signedIn(['teacher']);
    const me = () => api('GET', '/api/auth/me', { base: app.url, token: u.token });
    expect((await me()).body.data.user.plan).toBe('pro');
    await db().$executeRaw`UPDATE users SET plan = 'free' WHERE id = ${u.user.id}::uuid`;
    let plan = '';
    for (let i = 0; i < 20 && plan !== 'free'; i++) {
      plan = (await me()).body.data.user.plan;
      if (plan !== 'free') await new Promise((r) => setTimeout(r, 25));
    }
    expect(plan).toBe('free');
  });
});

// Issue 8 item 1: limits that fit a classroom. API clients keep the spec's tiers per client IP; the player's
// runtime calls with a content token count in PLAYER per content session; a signed-in browser counts in SESSION
// per user; static H5P files are not limited; a limited player page is a readable HTML page.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMBED_TOKEN_TYPE, issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { browserSignIn } from '../support/browser';
import { createIdpUser, idpToken, signedIn, uniqueEmail } from '../support/factories';
import { api, randomIp, type ApiResponse } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const TOO_MANY = 'Too many requests. Please try again later.';
const BUSY = 'This activity is busy right now. Please try again in a few minutes.';

let teacher: Awaited<ReturnType<typeof signedIn>>;
let contentId: string;

beforeAll(async () => {
  await installTestLibraries();
  teacher = await signedIn(['teacher']);
  contentId = await createContent(teacher.token, 'H5P.MultiChoice');
});

/** n calls, at most `width` at a time */
async function many(n: number, call: (i: number) => Promise<ApiResponse>, width = 20): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => call(i + j)))));
  return out;
}

const statuses = (rs: ApiResponse[]) => [...new Set(rs.map((r) => r.status))];

/** A player token of a learner of its own (a token names its viewer, item and second: one per learner and test) */
const learnerToken = async () => issuePlayerToken((await signedIn(['student'])).user.id, contentId);

async function browserTeacher() {
  const u = await createIdpUser({ email: uniqueEmail('limits'), roles: ['teacher'] });
  return browserSignIn(u.email, u.password);
}

describe('the player tier: content-token calls count per content session, not per IP', () => {
  it('101 player-token calls from one IP leave the API tier alone; a bearer client there still gets 429 after 100', async () => {
    const ip = randomIp();
    const player = await learnerToken();
    const calls = await many(101, (i) =>
      i % 10 === 0 ? api('GET', `/h5p/play/${contentId}?token=${player}`, { ip }) : api('GET', `/h5p/contentUserData/${contentId}/state/0?token=${player}`, { ip }),
    );
    expect(statuses(calls)).toEqual([200]);
    const last = calls[100]!;
    expect(last.headers.get('ratelimit-limit')).toBe('600');
    expect(last.headers.get('ratelimit-remaining')).toBe('499');

    const client = await idpToken({ roles: ['teacher'] });
    const apiCalls = await many(100, () => api('GET', '/api/auth/me', { ip, token: client }));
    expect(statuses(apiCalls)).toEqual([200]);
    expect(apiCalls[0]!.headers.get('ratelimit-limit')).toBe('100');
    const limited = await api('GET', '/api/auth/me', { ip, token: client });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: TOO_MANY });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // the learner's player on that address plays on
    const still = await api('GET', `/h5p/play/${contentId}?token=${player}`, { ip });
    expect(still.status).toBe(200);
    expect(still.headers.get('ratelimit-limit')).toBe('600');
  });

  it('a warm player call (answered from memory, without a promise) is refused past the window like any other: 429, the tier’s text, Retry-After', async () => {
    const player = await learnerToken();
    const play = () => api('GET', `/h5p/play/${contentId}?token=${player}`);
    // one at a time: every call after the first is counted in this instance and answered from memory
    const calls: ApiResponse[] = [];
    for (let i = 0; i < 600; i++) calls.push(await play());
    expect(statuses(calls)).toEqual([200]);
    expect(calls[599]!.headers.get('ratelimit-remaining')).toBe('0');
    for (let i = 0; i < 2; i++) {
      const limited = await play();
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ success: false, error: TOO_MANY });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
      expect(limited.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(limited.headers.get('x-error-code')).toBeTruthy();
    }
  });

  it('a player token is its own session (the same on any address); an embed snippet token is split by address', async () => {
    const player = await learnerToken();
    const a = await api('GET', `/h5p/contentUserData/${contentId}/state/0?token=${player}`);
    const b = await api('GET', `/h5p/contentUserData/${contentId}/state/0?token=${player}`);
    expect([a.headers.get('ratelimit-remaining'), b.headers.get('ratelimit-remaining')]).toEqual(['599', '598']);

    const embed = await issueEmbedToken(teacher.user.id, contentId);
    const ip = randomIp();
    const first = await api('GET', `/h5p/play/${contentId}?token=${embed}`, { ip });
    const second = await api('GET', `/h5p/play/${contentId}?token=${embed}`, { ip });
    const elsewhere = await api('GET', `/h5p/play/${contentId}?token=${embed}`);
    expect([first.status, second.status, elsewhere.status]).toEqual([200, 200, 200]);
    expect([first, second, elsewhere].map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['599', '598', '599']);
  });

  it('a player token is limited at 600 per window: its page is then a readable HTML page (429, Retry-After), its calls 429 JSON', async () => {
    const ip = randomIp();
    const player = await learnerToken();
    const calls = await many(600, () => api('GET', `/h5p/contentUserData/${contentId}/state/0?token=${player}`, { ip }), 25);
    expect(statuses(calls)).toEqual([200]);
    const page = await api('GET', `/h5p/embed/${contentId}?token=${player}`, { ip });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`<p role="alert">${BUSY}</p>`);
    expect(page.text).not.toContain('"success"');
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.headers.get('ratelimit-limit')).toBe('600');
    expect(page.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const result = await api('POST', `/h5p/finishedData?token=${player}`, {
      ip,
      body: new URLSearchParams({ contentId, score: '1', maxScore: '1', opened: '1', finished: '2' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(result.status).toBe(429);
    expect(result.body).toEqual({ success: false, error: TOO_MANY });
    // another learner's token on the same address is not affected
    const other = await learnerToken();
    expect((await api('GET', `/h5p/embed/${contentId}?token=${other}`, { ip })).status).toBe(200);
  });

  it('missing or invalid content tokens stay limited per IP: 100 refusals, then the page says busy in HTML', async () => {
    const ip = randomIp();
    const forged = () =>
      new SignJWT({ cid: contentId, use: 'player' })
        .setProtectedHeader({ alg: 'HS256', typ: EMBED_TOKEN_TYPE })
        .setSubject(randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(randomUUID()));
    const refused = await many(100, async (i) =>
      i % 2 === 0 ? api('GET', `/h5p/play/${contentId}?token=${await forged()}`, { ip }) : api('GET', `/h5p/embed/${contentId}`, { ip }),
    );
    expect(statuses(refused)).toEqual([401]);
    expect(refused[0]!.body).toEqual({ success: false, error: 'Invalid or expired token' });
    expect(refused[1]!.body).toEqual({ success: false, error: 'Authentication required' });
    expect(refused[99]!.headers.get('ratelimit-limit')).toBe('100');
    const json = await api('GET', `/h5p/play/${contentId}?token=${await forged()}`, { ip });
    expect(json.status).toBe(429);
    expect(json.body).toEqual({ success: false, error: TOO_MANY });
    const page = await api('GET', `/h5p/embed/${contentId}?token=${await forged()}`, { ip });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(BUSY);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('API clients: a bearer token counts per user, not per address (issue 22 item 13)', () => {
  it('one user is limited at 100 on any address; another user on the same address goes on', async () => {
    const ip = randomIp();
    const [a, b] = await Promise.all([idpToken({ roles: ['teacher'] }), idpToken({ roles: ['teacher'] })]);
    const calls = await many(100, (i) => (i % 2 ? api('GET', '/api/auth/me', { ip, token: a }) : api('GET', `/api/auth/me?token=${a}`, { ip })));
    expect(statuses(calls)).toEqual([200]);
    expect(Math.min(...calls.map((r) => Number(r.headers.get('ratelimit-remaining'))))).toBe(0);
    // the same user on another address is the same principal
    const elsewhere = await api('GET', '/api/auth/me', { token: a });
    expect([elsewhere.status, elsewhere.body]).toEqual([429, { success: false, error: TOO_MANY }]);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await api('GET', '/api/auth/me', { ip, token: b });
    expect(other.status).toBe(200);
    expect([other.headers.get('ratelimit-limit'), other.headers.get('ratelimit-remaining')]).toEqual(['100', '99']);
  });

  it('tokens that fail still count per address: 100 refusals, then 429', async () => {
    const ip = randomIp();
    const refused = await many(100, (i) => api('GET', '/api/auth/me', { ip, token: `not-a-token-${i}` }));
    expect(statuses(refused)).toEqual([401]);
    const limited = await api('GET', '/api/auth/me', { ip, token: 'not-a-token' });
    expect([limited.status, limited.body]).toEqual([429, { success: false, error: TOO_MANY }]);
  });
});

describe('the health probe is never limited (issue 22 item 12)', () => {
  it('250 calls of GET /api/health from one address are all answered 200, with no RateLimit headers', async () => {
    const ip = randomIp();
    const res = await many(250, () => api('GET', '/api/health', { ip }), 25);
    expect(statuses(res)).toEqual([200]);
    expect(res.every((r) => r.headers.get('ratelimit-limit') === null)).toBe(true);
  });
});

describe('the session tier: a signed-in browser counts per user, not per school address', () => {
  it('two teachers on one IP do not share a limit, and neither uses up the API tier of a bearer client there', async () => {
    const ip = randomIp();
    const [a, b] = await Promise.all([browserTeacher(), browserTeacher()]);
    const calls = await many(150, () => a.call('GET', '/api/auth/me', { ip }));
    expect(statuses(calls)).toEqual([200]);
    expect(calls[149]!.headers.get('ratelimit-limit')).toBe('1000');
    expect(Math.min(...calls.map((r) => Number(r.headers.get('ratelimit-remaining'))))).toBe(850);
    const other = await b.call('GET', '/h5p/content', { ip });
    expect(other.status).toBe(200);
    expect([other.headers.get('ratelimit-limit'), other.headers.get('ratelimit-remaining')]).toEqual(['1000', '999']);
    const client = await api('GET', '/api/auth/me', { ip, token: await idpToken({ roles: ['teacher'] }) });
    expect(client.status).toBe(200);
    expect([client.headers.get('ratelimit-limit'), client.headers.get('ratelimit-remaining')]).toEqual(['100', '99']);
  });

  it('one user cannot flood: the 1,001st call of the window is 429 on any address, other users go on', async () => {
    const [a, b] = await Promise.all([browserTeacher(), browserTeacher()]);
    const calls = await many(1000, () => a.call('GET', '/api/auth/me'), 25);
    expect(statuses(calls)).toEqual([200]);
    const limited = await a.call('GET', '/api/auth/me');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: TOO_MANY });
    expect(limited.headers.get('ratelimit-limit')).toBe('1000');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await b.call('GET', '/api/auth/me', { ip: a.ip })).status).toBe(200);
  });

  it('a session that has ended counts per IP in the API tier', async () => {
    const a = await browserTeacher();
    const csrf = await a.call('GET', '/api/auth/csrf');
    const out = await a.call('POST', '/api/auth/signout', {
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: 'true' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(out.status).toBeLessThan(400);
    const ip = randomIp();
    const ended = await a.call('GET', '/api/auth/me', { ip });
    expect(ended.status).toBe(401);
    expect(ended.body.reason).toBe('signed_out');
    expect(ended.headers.get('ratelimit-limit')).toBe('100');
    expect(ended.headers.get('ratelimit-remaining')).toBe('99');
  });
});

describe('static H5P files are not rate limited', () => {
  it('250 requests from one IP for core and library files are all served, with no RateLimit headers', async () => {
    const ip = randomIp();
    const model = await api('GET', `/h5p/play/${contentId}?token=${await learnerToken()}`);
    const all: string[] = [...model.body.data.scripts, ...model.body.data.styles];
    const files = [...all.filter((f) => f.startsWith('/h5p/core/')).slice(0, 2), ...all.filter((f) => f.startsWith('/h5p/libraries/')).slice(0, 2)];
    expect(files).toHaveLength(4);
    const res = await many(250, (i) => api('GET', files[i % files.length]!, { ip }), 25);
    expect(statuses(res)).toEqual([200]);
    expect(res.every((r) => r.headers.get('ratelimit-limit') === null)).toBe(true);
  });
});

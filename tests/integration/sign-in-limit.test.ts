// Issue 23 item 11: sign-in for a class. The browser's own sign-in (the form → next-auth's credentials callback)
// counts FAILED attempts per account (10) and per address (100) over 15 minutes, shared by all instances through
// Redis; successful sign-ins of different accounts from one school address are a class, not an attack, and use up
// nothing. A refusal says why and how long to wait (Retry-After). The spec's AUTH tier stays exactly as it was on
// POST /api/auth/login and /api/auth/refresh (tests/integration/rate-limit.test.ts keeps checking it there).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppProcess } from '../support/app-process';
import { createIdpUser, uniqueEmail } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { api, randomIp } from '../support/http';

const ACCOUNT_TEXT = 'Too many failed sign-ins for this account. Try again in 15 minutes.';
const ADDRESS_TEXT = 'Too many failed sign-ins from this network. Try again in 15 minutes.';
const AUTH_TEXT = 'Too many authentication attempts. Please try again later.';

interface Attempt {
  status: number;
  body: Record<string, any> | null;
  headers: Headers;
  /** the session cookie was set */
  signedIn: boolean;
}

/** One browser sign-in through the real form's endpoints: next-auth's CSRF token, then the credentials callback. */
async function signInAttempt(email: string, password: string, ip: string, base = inject('appUrl')): Promise<Attempt> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`, { headers: { 'X-Forwarded-For': ip } });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrfCookie = (csrfRes.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: csrfCookie, 'X-Forwarded-For': ip, Origin: base },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  const text = await res.text();
  let body: Record<string, any> | null = null;
  try {
    body = JSON.parse(text) as Record<string, any>;
  } catch {
    body = null;
  }
  const signedIn = (res.headers.getSetCookie?.() ?? []).some((c) => /next-auth\.session-token=[^;]/.test(c));
  return { status: res.status, body, headers: res.headers, signedIn };
}

/** n attempts, at most `width` at a time */
async function many(n: number, attempt: (i: number) => Promise<Attempt>, width = 10): Promise<Attempt[]> {
  const out: Attempt[] = [];
  for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => attempt(i + j)))));
  return out;
}

const pupils = (n: number) => Promise.all(Array.from({ length: n }, () => createIdpUser({ email: uniqueEmail('pupil'), roles: ['student'] })));
const errorOf = (a: Attempt) => (typeof a.body?.url === 'string' ? new URL(a.body.url, 'http://x').searchParams.get('error') : null);

function expectRefusal(a: Attempt, scope: 'account' | 'address') {
  expect(a.status).toBe(429);
  expect(a.body).toEqual({ success: false, error: scope === 'account' ? ACCOUNT_TEXT : ADDRESS_TEXT, reason: scope, retryAfter: expect.any(Number) });
  const retryAfter = Number(a.headers.get('retry-after'));
  expect(retryAfter).toBe(a.body!.retryAfter);
  expect(retryAfter).toBeGreaterThan(840);
  expect(retryAfter).toBeLessThanOrEqual(900);
  expect(a.headers.get('ratelimit-limit')).toBe(scope === 'account' ? '10' : '100');
  expect(a.headers.get('ratelimit-remaining')).toBe('0');
  expect(a.signedIn).toBe(false);
}

describe('a class behind one school address signs in', () => {
  it('30 pupils sign in one after another from one address, each with a session; successes use up no failure budget', async () => {
    const ip = randomIp();
    const class30 = await pupils(30);
    for (const [i, p] of class30.entries()) {
      const a = await signInAttempt(p.email, p.password, ip);
      expect([i, a.status, a.signedIn]).toEqual([i, 200, true]);
    }
    // the address's whole failure budget is still there: 100 wrong passwords (10 accounts, 10 each) are answered as such
    const typos = await pupils(10);
    const wrong = await many(100, (i) => signInAttempt(typos[i % 10]!.email, 'wrong-password', ip));
    expect(wrong.map((a) => `${a.status} ${errorOf(a)}`)).toEqual(Array(100).fill('401 Invalid email or password'));
    // … and the 101st failure is refused for the address, whoever it names
    expectRefusal(await signInAttempt(uniqueEmail('nobody'), 'x', ip), 'address');
  });

  it('browser sign-ins leave the AUTH tier of POST /api/auth/login alone, and the API sign-in keeps it exactly', async () => {
    const ip = randomIp();
    const [p] = await pupils(1);
    for (let i = 0; i < 12; i++) expect((await signInAttempt(p!.email, p!.password, ip)).status).toBe(200);
    const login = await api('POST', '/api/auth/login', { ip, body: { email: p!.email, password: p!.password } });
    expect(login.status).toBe(200);
    expect([login.headers.get('ratelimit-limit'), login.headers.get('ratelimit-remaining')]).toEqual(['10', '9']);
    for (let i = 0; i < 9; i++) await api('POST', '/api/auth/login', { ip, body: { email: p!.email, password: 'x' } });
    const limited = await api('POST', '/api/auth/login', { ip, body: { email: p!.email, password: p!.password } });
    expect([limited.status, limited.body]).toEqual([429, { success: false, error: AUTH_TEXT }]);
    expect((await api('POST', '/api/auth/refresh', { ip, body: { refreshToken: 'x' } })).body).toEqual({ success: false, error: AUTH_TEXT });
    // the browser's sign-in from that address goes on: the AUTH tier is the API's, the form has its own
    expect((await signInAttempt(p!.email, p!.password, ip)).signedIn).toBe(true);
  });
});

describe('failed sign-ins per account', () => {
  it('10 wrong passwords, then 429 with the reason and the wait, even with the right password and from another address', async () => {
    const [p] = await pupils(1);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const a = await signInAttempt(p!.email, `wrong-${i}`, ip);
      expect([a.status, errorOf(a)]).toEqual([401, 'Invalid email or password']);
    }
    expectRefusal(await signInAttempt(p!.email, p!.password, ip), 'account');
    // per account: the typed address in any case, from any address
    expectRefusal(await signInAttempt(p!.email.toUpperCase(), p!.password, randomIp()), 'account');
    // another pupil at the same address signs in
    const [q] = await pupils(1);
    expect((await signInAttempt(q!.email, q!.password, ip)).signedIn).toBe(true);
  });

  it('a successful sign-in clears its account failures: 9 wrong, right, then 10 more wrong before the refusal', async () => {
    const [p] = await pupils(1);
    const ip = randomIp();
    for (let i = 0; i < 9; i++) expect((await signInAttempt(p!.email, 'wrong', ip)).status).toBe(401);
    expect((await signInAttempt(p!.email, p!.password, ip)).signedIn).toBe(true);
    for (let i = 0; i < 10; i++) expect((await signInAttempt(p!.email, 'wrong', ip)).status).toBe(401);
    expectRefusal(await signInAttempt(p!.email, 'wrong', ip), 'account');
  });

  it('a burst of 30 concurrent guesses cannot slip past: exactly 10 are checked, 20 refused', async () => {
    const [p] = await pupils(1);
    const ip = randomIp();
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signInAttempt(p!.email, `guess-${i}`, ip)));
    expect(burst.filter((a) => a.status === 401)).toHaveLength(10);
    const refused = burst.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    for (const a of refused) expectRefusal(a, 'account');
  });

  it('a disabled account counts as a failure too; an empty email is refused as a wrong password and counts for the address only', async () => {
    const p = await createIdpUser({ email: uniqueEmail('disabled'), enabled: false });
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect(errorOf(await signInAttempt(p.email, p.password, ip))).toBe('Account is disabled');
    expectRefusal(await signInAttempt(p.email, p.password, ip), 'account');
    const empty = await signInAttempt('', 'x', randomIp());
    expect([empty.status, errorOf(empty)]).toEqual([401, 'Invalid email or password']);
  });
});

describe('failed sign-ins per address', () => {
  it('100 failures across accounts from one address, then 429 for every account there, a pupil with the right password too; other addresses go on', async () => {
    const ip = randomIp();
    const res = await many(100, (i) => signInAttempt(uniqueEmail(`guess${i}`), 'x', ip));
    expect(res.every((a) => a.status === 401)).toBe(true);
    const [p] = await pupils(1);
    expectRefusal(await signInAttempt(p!.email, p!.password, ip), 'address');
    expect((await signInAttempt(p!.email, p!.password, randomIp())).signedIn).toBe(true);
  });
});

describe('shared across instances through Redis', () => {
  let second: AppProcess;
  beforeAll(async () => {
    second = await startApp(appEnv(inject('idpUrl')));
  });
  afterAll(async () => second?.stop());

  it('5 failures on one instance and 5 on another use up the account: the 11th is refused on either', async () => {
    const [p] = await pupils(1);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await signInAttempt(p!.email, 'wrong', ip)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signInAttempt(p!.email, 'wrong', ip, second.url)).status).toBe(401);
    expectRefusal(await signInAttempt(p!.email, p!.password, ip, second.url), 'account');
    expectRefusal(await signInAttempt(p!.email, p!.password, ip), 'account');
  });
});

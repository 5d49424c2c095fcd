import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { createIdpUser, idpToken, localToken, setPlan, uniqueEmail } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { CLIENT_ID, REALM } from '../support/idp-standin';
import { api } from '../support/http';
import { TEST_INTERNAL_KEY, TEST_JWT_SECRET } from '../support/env';

describe('POST /api/auth/login', () => {
  it('exchanges credentials for tokens and returns the local user with the plan of the role', async () => {
    const u = await createIdpUser({ roles: ['teacher'], name: 'Tess Teacher' });
    const res = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ expiresIn: 300, user: { email: u.email, name: 'Tess Teacher', plan: 'pro' } });
    expect(typeof res.body.data.token).toBe('string');
    expect(typeof res.body.data.refreshToken).toBe('string');
    const row = await db().user.findUnique({ where: { email: u.email } });
    expect(row?.id).toBe(res.body.data.user.id);
    expect(row?.externalUserId).toBe(u.id);
  });

  it('stores the email lowercased and signs in case-insensitively', async () => {
    const u = await createIdpUser({ email: uniqueEmail('MiXeD').toUpperCase() });
    const res = await api('POST', '/api/auth/login', { body: { email: u.email.toUpperCase(), password: u.password } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(u.email.toLowerCase());
  });

  it('answers 401 Invalid email or password for a wrong password', async () => {
    const u = await createIdpUser();
    const res = await api('POST', '/api/auth/login', { body: { email: u.email, password: 'wrong' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it('answers 401 Invalid email or password for an unknown account', async () => {
    const res = await api('POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'whatever' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid email or password');
  });

  it('answers 401 Account is disabled for a disabled account', async () => {
    const u = await createIdpUser({ enabled: false });
    const res = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Account is disabled' });
  });

  it('answers 400 Validation error for a body without a password', async () => {
    const res = await api('POST', '/api/auth/login', { body: { email: 'a@b.c' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/^Validation error: password/);
  });

  it('answers 400 Validation error for a body that is not JSON', async () => {
    const res = await api('POST', '/api/auth/login', { body: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Validation error: /);
  });
});

describe('POST /api/auth/refresh', () => {
  it('returns new tokens for a valid refresh token', async () => {
    const u = await createIdpUser();
    const login = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    const res = await api('POST', '/api/auth/refresh', { body: { refreshToken: login.body.data.refreshToken } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['expiresIn', 'refreshToken', 'token']);
    const me = await api('GET', '/api/auth/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
  });

  it('answers 401 Token refresh failed for a refused refresh token', async () => {
    const res = await api('POST', '/api/auth/refresh', { body: { refreshToken: 'not-a-refresh-token' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Token refresh failed' });
  });

  it('answers 401 Token refresh failed once the account is disabled', async () => {
    const u = await createIdpUser();
    const login = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    await createIdpUser({ email: u.email, enabled: false }); // same account, now disabled
    const res = await api('POST', '/api/auth/refresh', { body: { refreshToken: login.body.data.refreshToken } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Token refresh failed');
  });
});

describe('authentication of protected routes', () => {
  it('answers 401 Authentication required without a token', async () => {
    const res = await api('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Authentication required' });
  });

  it.each([
    ['a malformed token', async () => 'abc.def'],
    ['an expired token', async () => idpToken({ expiresIn: -60 })],
    ['a token signed by another key', async () => idpToken({ foreignKey: true })],
    ['a token from an unknown issuer', async () => idpToken({ issuer: 'http://evil.test/realms/test-realm' })],
    ['a local token signed with the wrong secret', async () => localToken({ secret: 'x'.repeat(32) })],
  ])('answers 401 Invalid or expired token for %s', async (_name, make) => {
    const res = await api('GET', '/api/auth/me', { token: await make() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Invalid or expired token' });
  });

  it('accepts tokens of the external issuer address', async () => {
    const res = await api('GET', '/api/auth/me', { token: await idpToken({ issuer: 'external' }) });
    expect(res.status).toBe(200);
  });

  it('accepts locally issued HS256 tokens (JWT_SECRET) with the same claims', async () => {
    const email = uniqueEmail('local');
    const res = await api('GET', '/api/auth/me', { token: await localToken({ email, roles: ['teacher'] }) });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, plan: 'pro' });
  });

  it('reads the token from the ?token= query parameter', async () => {
    const token = await idpToken();
    const res = await api('GET', `/api/auth/me?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
  });

  it('authorises internal calls with x-api-key (no local user: 401 User not found on /me)', async () => {
    const res = await api('GET', '/api/auth/me', { headers: { 'x-api-key': TEST_INTERNAL_KEY, 'x-tenant-code': 'acme' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('User not found');
    const wrong = await api('GET', '/api/auth/me', { headers: { 'x-api-key': 'not-the-key' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Authentication required');
  });
});

describe('just-in-time users and plans', () => {
  it.each([
    [['super_admin'], 'premium'],
    [['tenant_admin'], 'premium'],
    [['school_admin', 'teacher'], 'premium'],
    [['teacher'], 'pro'],
    [['student'], 'free'],
    [['offline_access', 'uma_authorization'], 'free'],
  ] as const)('creates the record on first sight: roles %j give plan %s', async (roles, plan) => {
    const email = uniqueEmail('jit');
    const res = await api('GET', '/api/auth/me', { token: await idpToken({ email, roles: [...roles] as never }) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.plan).toBe(plan);
    expect(res.body.data.planDetails.id).toBe(plan);
  });

  it('does not downgrade a paid plan on the next login', async () => {
    const u = await createIdpUser({ roles: ['student'] });
    const first = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(first.body.data.user.plan).toBe('free');
    await setPlan(first.body.data.user.id, 'premium'); // e.g. after a payment
    const second = await api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(second.body.data.user.plan).toBe('premium');
  });

  it('reads the plan from the local record, not from the token', async () => {
    const email = uniqueEmail('plan');
    const token = await idpToken({ email, roles: ['student'], claims: { plan: 'premium' } });
    const res = await api('GET', '/api/auth/me', { token });
    expect(res.body.data.user.plan).toBe('free');
  });

  it('resets the monthly counters when the month changed, and never the storage', async () => {
    const email = uniqueEmail('reset');
    const token = await idpToken({ email, roles: ['teacher'] });
    const me = await api('GET', '/api/auth/me', { token });
    const id = me.body.data.user.id;
    await db().user.update({
      where: { id },
      data: { contentsCreatedThisMonth: 7, aiGenerationsThisMonth: 9, storageUsed: 1234n, monthResetDate: new Date('2020-01-15') },
    });
    const after = await api('GET', '/api/auth/me', { token });
    expect(after.body.data.usage).toMatchObject({ contentsUsed: 0, aiUsed: 0, storageUsed: 1234 });
    const row = await db().user.findUniqueOrThrow({ where: { id } });
    expect(row.monthResetDate.getUTCFullYear()).toBe(new Date().getUTCFullYear());
    expect(row.monthResetDate.getUTCMonth()).toBe(new Date().getUTCMonth());
  });

  it('keeps this month\'s counters within the month', async () => {
    const email = uniqueEmail('keep');
    const token = await idpToken({ email, roles: ['teacher'] });
    const me = await api('GET', '/api/auth/me', { token });
    await db().user.update({ where: { id: me.body.data.user.id }, data: { contentsCreatedThisMonth: 2, aiGenerationsThisMonth: 3 } });
    const after = await api('GET', '/api/auth/me', { token });
    expect(after.body.data.usage).toMatchObject({ contentsUsed: 2, aiUsed: 3 });
  });
});

describe('GET /api/auth/me and /api/auth/plans', () => {
  it('returns user, usage and plan details', async () => {
    const res = await api('GET', '/api/auth/me', { token: await idpToken({ roles: ['student'] }) });
    expect(res.status).toBe(200);
    expect(res.body.data.usage).toEqual({ plan: 'free', contentsUsed: 0, contentsLimit: 3, aiUsed: 0, aiLimit: 5, storageUsed: 0, storageLimit: 104857600 });
    expect(res.body.data.planDetails).toMatchObject({ id: 'free', name: 'Free', price: 0, limits: { contentsPerMonth: 3, aiGenerationsPerMonth: 5, storageBytes: 104857600 } });
  });

  it('lists the three plans with prices, limits and feature flags, without authentication', async () => {
    const res = await api('GET', '/api/auth/plans');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([['free', 0], ['pro', 4], ['premium', 8]]);
    const [free, pro, premium] = res.body.data;
    expect(free.features).toEqual([]);
    expect(pro.limits).toEqual({ contentsPerMonth: 30, aiGenerationsPerMonth: 100, storageBytes: 5368709120 });
    expect(premium.limits).toEqual({ contentsPerMonth: -1, aiGenerationsPerMonth: -1, storageBytes: 53687091200 });
    expect(pro.features).toContain('scorm-export');
    expect(pro.features).not.toContain('whitelabel');
    expect(premium.features).toHaveLength(18);
  });
});

describe('local HS256 tokens: issued now, for at most 24 hours (issue 22 item 10)', () => {
  const sign = (claims: { iat?: number; exp: number }) => {
    const jwt = new SignJWT({ email: uniqueEmail('local'), name: 'Local', realm_access: { roles: ['teacher'] }, ...(claims.iat === undefined ? {} : { iat: claims.iat }) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
  };
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['issued in the future (iat two minutes ahead)', () => ({ iat: now() + 120, exp: now() + 600 })],
    ['living longer than 24 hours', () => ({ iat: now(), exp: now() + 24 * 3600 + 1 })],
    ['living a year, dated a day back to look short-lived from now', () => ({ iat: now() - 24 * 3600, exp: now() + 365 * 24 * 3600 })],
    ['without iat (its lifetime cannot be bounded)', () => ({ exp: now() + 300 })],
  ])('a token %s answers 401 Invalid or expired token', async (_name, claims) => {
    const res = await api('GET', '/api/auth/me', { token: await sign(claims()) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Invalid or expired token' });
  });

  it('accepts a token of exactly 24 hours, and one whose issuer clock runs a few seconds fast', async () => {
    expect((await api('GET', '/api/auth/me', { token: await sign({ iat: now(), exp: now() + 24 * 3600 }) })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: await sign({ iat: now() + 20, exp: now() + 600 }) })).status).toBe(200);
  });
});

describe('the embedded identity provider: refresh tokens rotate, live 8 hours sliding, never past 14 days (issue 22 item 10)', () => {
  // an app on the embedded provider, whose state (key, client secret, one account) this test writes itself
  let app: AppProcess;
  let dataDir: string;
  const email = uniqueEmail('embedded');
  const password = 'embedded-password-1';
  const clientSecret = 'embedded-client-secret-0123456789';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const userId = randomUUID();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-embedded-idp-'));
    fs.mkdirSync(path.join(dataDir, 'embedded'));
    const state = {
      clientId: CLIENT_ID,
      clientSecret,
      key: { kid, privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) },
      users: [{ id: userId, email, name: 'Embedded Teacher', password, roles: ['teacher'], enabled: true }],
    };
    fs.writeFileSync(path.join(dataDir, 'embedded', 'idp.json'), JSON.stringify(state), { mode: 0o600 });
    // no IDP_BASE_URL: the app is its own provider, at its own address (APP_URL unset: http://localhost:<port>)
    app = await startApp({ ...appEnv(inject('idpUrl')), DATA_DIR: dataDir, IDP_BASE_URL: '', IDP_EXTERNAL_URL: '', IDP_CLIENT_SECRET: '', APP_URL: '' }, { waitForHealthy: true });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async () => {
    const res = await api('POST', '/api/auth/login', { body: { email, password }, base: app.url });
    expect(res.status, res.text).toBe(200);
    return res.body.data.refreshToken as string;
  };
  const refresh = (refreshToken: string) => api('POST', '/api/auth/refresh', { body: { refreshToken }, base: app.url });
  const tokenEndpoint = (form: Record<string, string>) =>
    fetch(`${app.url}/realms/${REALM}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: clientSecret, ...form }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));

  it('each refresh answers a new refresh token; the spent one is refused (401 Token refresh failed), and so is the whole session after that reuse', async () => {
    const first = await login();
    const once = await refresh(first);
    expect(once.status, once.text).toBe(200);
    const second = once.body.data.refreshToken as string;
    expect(second).not.toBe(first);
    const again = await refresh(first);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ success: false, error: 'Token refresh failed' });
    // the reuse may be a thief's: the token the legitimate holder got is revoked with it
    const revoked = await refresh(second);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ success: false, error: 'Token refresh failed' });
    // a new sign-in is a new session, untouched
    expect((await refresh(await login())).status).toBe(200);
  });

  it('answers Keycloak\'s 400 invalid_grant to a reused refresh token at its token endpoint', async () => {
    const grant = await tokenEndpoint({ grant_type: 'password', username: email, password });
    expect(grant.status).toBe(200);
    const used = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: grant.body.refresh_token });
    expect(used.status).toBe(200);
    const reuse = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: grant.body.refresh_token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
  });

  it('spends a refresh token once under concurrency: of two simultaneous refreshes exactly one succeeds', async () => {
    const token = await login();
    const statuses = (await Promise.all([refresh(token), refresh(token)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('gives refresh tokens the 8-hour idle lifetime of a browser session, renewed on each refresh', async () => {
    const grant = await tokenEndpoint({ grant_type: 'password', username: email, password });
    expect(grant.body.refresh_expires_in).toBe(8 * 3600);
    const claims = decodeJwt(grant.body.refresh_token);
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    const next = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: grant.body.refresh_token });
    expect(next.status).toBe(200);
    expect(next.body.refresh_expires_in).toBe(8 * 3600);
  });

  it('never lets a refresh token outlive 14 days after sign-in', async () => {
    const grant = await tokenEndpoint({ grant_type: 'password', username: email, password });
    const iss = decodeJwt(grant.body.refresh_token).iss!;
    // a token of a session opened 14 days less 100 seconds ago, signed with the provider's own key
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ typ: 'Refresh', azp: CLIENT_ID, sid: randomUUID(), auth_time: now - 14 * 24 * 3600 + 100 })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(iss)
      .setAudience(iss)
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setJti(randomUUID())
      .sign(await importJWK(privateKey.export({ format: 'jwk' }) as JWK, 'RS256'));
    const res = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: old });
    expect(res.status).toBe(200);
    expect(res.body.refresh_expires_in).toBeLessThanOrEqual(100);
    expect(decodeJwt(res.body.refresh_token).exp).toBeLessThanOrEqual(now - 14 * 24 * 3600 + 100 + 14 * 24 * 3600);
  });
});

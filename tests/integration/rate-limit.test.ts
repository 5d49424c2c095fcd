import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { rateLimit } from '@/lib/http/rate-limit';
import { startApp, type AppProcess } from '../support/app-process';
import { appEnv } from '../support/global-setup';
import { idpToken } from '../support/factories';
import { api, randomIp } from '../support/http';

const AUTH_TEXT = 'Too many authentication attempts. Please try again later.';
const OTHER_TEXT = 'Too many requests. Please try again later.';

function expectStandardHeaders(h: Headers, limit: number) {
  expect(h.get('ratelimit-limit')).toBe(String(limit));
  expect(h.get('ratelimit-remaining')).toMatch(/^\d+$/);
  const reset = Number(h.get('ratelimit-reset'));
  expect(reset).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(900);
  expect(h.get('x-ratelimit-limit')).toBeNull();
  expect(h.get('x-ratelimit-remaining')).toBeNull();
}

describe('rate limits per client IP over 15 minutes', () => {
  it('AUTH tier: 10 login attempts, then 429 with the authentication text', async () => {
    const ip = randomIp();
    for (let i = 1; i <= 10; i++) {
      const res = await api('POST', '/api/auth/login', { ip, body: { email: 'nobody@example.test', password: 'x' } });
      expect(res.status).toBe(401);
      expectStandardHeaders(res.headers, 10);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(10 - i));
    }
    const limited = await api('POST', '/api/auth/login', { ip, body: { email: 'nobody@example.test', password: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: AUTH_TEXT });
    expectStandardHeaders(limited.headers, 10);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    // refresh shares the AUTH tier
    const refresh = await api('POST', '/api/auth/refresh', { ip, body: { refreshToken: 'x' } });
    expect(refresh.status).toBe(429);
    expect(refresh.body.error).toBe(AUTH_TEXT);
    // another IP is not affected, nor another tier of the same IP
    expect((await api('POST', '/api/auth/login', { body: { email: 'nobody@example.test', password: 'x' } })).status).toBe(401);
    expect((await api('GET', '/api/auth/plans', { ip })).status).toBe(200);
  });

  it('API tier: 100 authenticated requests, then 429 Too many requests', async () => {
    const ip = randomIp();
    const token = await idpToken({ roles: ['teacher'] });
    const results = await Promise.all(Array.from({ length: 100 }, () => api('GET', '/api/auth/me', { ip, token })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expectStandardHeaders(results[0]!.headers, 100);
    const limited = await api('GET', '/api/auth/me', { ip, token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: OTHER_TEXT });
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('PUBLIC tier: 200 requests, then 429 Too many requests', async () => {
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 200 }, () => api('GET', '/api/auth/plans', { ip })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(200);
    expectStandardHeaders(results[0]!.headers, 200);
    const limited = await api('GET', '/api/auth/plans', { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: OTHER_TEXT });
  });

  it('AI tier: 50 per window in the shared Redis store (no AI endpoint is specified yet; the limiter itself is checked)', async () => {
    const ip = randomIp();
    const results = [];
    for (let i = 0; i < 51; i++) results.push(await rateLimit('AI', ip));
    expect(results.slice(0, 50).every((r) => !r.limited)).toBe(true);
    expect(results[49]!.headers['RateLimit-Remaining']).toBe('0');
    expect(results[50]!.limited).toBe(true);
    expect(results[50]!.headers['RateLimit-Limit']).toBe('50');
  });

  it('counts are shared by all instances through Redis', async () => {
    const second = await startApp(appEnv(inject('idpUrl')));
    try {
      const ip = randomIp();
      for (let i = 0; i < 5; i++) await api('POST', '/api/auth/login', { ip, body: { email: 'x@example.test', password: 'x' } });
      const other = await api('POST', '/api/auth/login', { ip, base: second.url, body: { email: 'x@example.test', password: 'x' } });
      expect(other.headers.get('ratelimit-remaining')).toBe('4');
    } finally {
      await second.stop();
    }
  });
});

describe('E2E_TEST_CODE and the client IP without a trusted proxy', () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startApp({ ...appEnv(inject('idpUrl')), E2E_TEST_CODE: 'ci-run', TRUST_PROXY: 'false' });
  });
  afterAll(async () => app?.stop());

  it('raises every tier to 10,000', async () => {
    const login = await api('POST', '/api/auth/login', { base: app.url, body: { email: 'x@example.test', password: 'x' } });
    expect(login.headers.get('ratelimit-limit')).toBe('10000');
    const plans = await api('GET', '/api/auth/plans', { base: app.url });
    expect(plans.headers.get('ratelimit-limit')).toBe('10000');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY=true: the connection address is the client', async () => {
    const a = await api('GET', '/api/auth/plans', { base: app.url, ip: '203.0.113.1' });
    const b = await api('GET', '/api/auth/plans', { base: app.url, ip: '203.0.113.2' });
    expect(Number(b.headers.get('ratelimit-remaining'))).toBe(Number(a.headers.get('ratelimit-remaining')) - 1);
  });
});

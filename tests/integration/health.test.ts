import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startApp, tcpRelay, type AppProcess } from '../support/app-process';
import { appEnv } from '../support/global-setup';
import { testDatabaseUrl, testRedisUrl } from '../support/env';
import { api } from '../support/http';

const started: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.stop()));
});

function via(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

describe('GET /api/health', () => {
  it('is 200 ok with database and Redis latencies when both answer', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(Date.parse(res.body.timestamp)).not.toBeNaN();
    expect(res.body.checks.database).toMatchObject({ status: 'ok' });
    expect(res.body.checks.redis).toMatchObject({ status: 'ok', kind: 'redis' });
    expect(typeof res.body.checks.database.latencyMs).toBe('number');
    expect(typeof res.body.checks.redis.latencyMs).toBe('number');
    expect(res.body.checks.database.error).toBeUndefined();
  });

  it('is 503 degraded when Redis is unreachable, then 503 error when the database is too', async () => {
    const pgPort = Number(new URL(testDatabaseUrl()).port || 5432);
    const redisPort = Number(new URL(testRedisUrl()).port || 6379);
    const pgRelay = await tcpRelay(pgPort);
    const redisRelay = await tcpRelay(redisPort);
    const app = await startApp({
      ...appEnv(inject('idpUrl')),
      DATABASE_URL: via(testDatabaseUrl(), pgRelay.port),
      REDIS_URL: via(testRedisUrl(), redisRelay.port),
    });
    started.push(app);
    expect((await api('GET', '/api/health', { base: app.url })).status).toBe(200);

    await redisRelay.cut();
    const degraded = await api('GET', '/api/health', { base: app.url });
    expect(degraded.status).toBe(503);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.checks.database.status).toBe('ok');
    expect(degraded.body.checks.redis.status).toBe('error');
    expect(typeof degraded.body.checks.redis.error).toBe('string');
    expect(degraded.body.checks.redis.latencyMs).toBeUndefined();

    await pgRelay.cut();
    // a database ping is shared for 250 ms (lib/db/watch.ts PING_REUSE_MS): the cut shows within that
    let down = await api('GET', '/api/health', { base: app.url });
    for (const until = Date.now() + 2_000; down.body.status !== 'error' && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      down = await api('GET', '/api/health', { base: app.url });
    }
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('error');
    expect(down.body.checks.database.status).toBe('error');
    expect(down.body.checks.redis.status).toBe('error');
  });

  it('reports the embedded in-process cache as such when REDIS_URL is unset', async () => {
    const app = await startApp({ ...appEnv(inject('idpUrl')), REDIS_URL: '' });
    started.push(app);
    const res = await api('GET', '/api/health', { base: app.url });
    expect(res.status).toBe(200);
    expect(res.body.checks.redis).toMatchObject({ status: 'ok', kind: 'embedded-memory' });
  });
});

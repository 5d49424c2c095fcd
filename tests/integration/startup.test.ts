import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ROOT, freePort, portRaced, startApp } from '../support/app-process';
import { appEnv, resetDatabase } from '../support/global-setup';
import { testDatabaseUrl } from '../support/env';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';

async function runStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  for (let attempt = 1; ; attempt++) {
    const result = await runStartOnce(env);
    // the configuration is checked on the first request, after listening: a port another test took in between is retried
    if (attempt >= 3 || !portRaced(result.output)) return result;
  }
}

async function runStartOnce(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [port, contentPort] = [String(await freePort()), String(await freePort())];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'server', 'start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: port, CONTENT_PORT: contentPort, HOST: '127.0.0.1', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up', () => {
  it.each([
    ['REDIS_URL', { REDIS_URL: 'ftp://cache.example' }, 'REDIS_URL: must be a redis:// or rediss:// URL'],
    ['TRUST_PROXY', { TRUST_PROXY: 'perhaps' }, 'TRUST_PROXY: must be true or false'],
    ['IDP_CLIENT_SECRET', { IDP_BASE_URL: 'http://idp.example', IDP_CLIENT_SECRET: '' }, 'IDP_CLIENT_SECRET: required when IDP_BASE_URL is set'],
    ['JWT_SECRET', { JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 16 characters'],
    ['PORT', { PORT: 'eighty' }, 'PORT: must be an integer'],
  ])('stops with a message naming %s when its value is bad', async (_name, bad, message) => {
    const { code, output } = await runStart({ ...appEnv(inject('idpUrl')), ...bad });
    expect(code).toBe(1);
    expect(output).toContain(message);
  });

  it('applies migrations once when two instances start together on an empty database', async () => {
    // a database of this tier's own (lumen_test → lumen_test_migrate), not one another worktree's run may be resetting
    const url = Object.assign(new URL(testDatabaseUrl()), { pathname: `${new URL(testDatabaseUrl()).pathname}_migrate` }).toString();
    await resetDatabase(url);
    const env = { ...appEnv(inject('idpUrl')), DATABASE_URL: url };
    const [a, b] = await Promise.all([startApp(env, { waitForHealthy: true }), startApp(env, { waitForHealthy: true })]);
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query('SELECT migration_name, finished_at, applied_steps_count FROM _prisma_migrations');
      await c.end();
      const files = readdirSync(path.join(ROOT, 'prisma', 'migrations'), { withFileTypes: true }).filter((d) => d.isDirectory());
      expect(rows).toHaveLength(files.length);
      expect(rows.every((r) => r.finished_at && r.applied_steps_count === 1)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('starts on the embedded defaults with the database on a thread of its own process: healthy, a demo account signs in, a restart keeps the data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumen-embedded-'));
    const env = { DATABASE_URL: '', REDIS_URL: '', IDP_BASE_URL: '', IDP_CLIENT_SECRET: '', DATA_DIR: dataDir };
    const signIn = async (url: string) => {
      const { users } = JSON.parse(readFileSync(path.join(dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: { email: string; password: string }[] };
      const teacher = users.find((u) => u.email === 'teacher@demo.lumen.test')!;
      const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: teacher.email, password: teacher.password }) });
      const body = (await res.json()) as { data: { token: string; user: { id: string; email: string } } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${body.data.token}` } });
      expect(me.status).toBe(200);
      return body.data.user;
    };
    try {
      const first = await startApp(env, { waitForHealthy: true });
      let user: { id: string; email: string };
      try {
        const health = (await (await fetch(`${first.url}/api/health`)).json()) as { status: string; checks: { database: { status: string }; redis: { kind: string } } };
        expect([health.status, health.checks.database.status, health.checks.redis.kind]).toEqual(['ok', 'ok', 'embedded-memory']);
        // no second process: the embedded database runs on a worker thread of the app's
        const children = readdirSync(`/proc/${first.pid}/task`).flatMap((t) => readFileSync(`/proc/${first.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
        expect(children.filter((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('pglite'))).toEqual([]);
        user = await signIn(first.url);
        expect(user.email).toBe('teacher@demo.lumen.test');
      } finally {
        await first.stop();
      }
      // the database was closed cleanly: the restart opens it and finds the user made at the first sign-in
      const second = await startApp(env, { waitForHealthy: true });
      try {
        expect((await signIn(second.url)).id).toBe(user.id);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

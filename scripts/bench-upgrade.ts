#!/usr/bin/env tsx
// npm run bench:upgrade — the server-side mass content upgrade on many items (issue 28 item 1). Builds the app if
// needed, starts it on its own database / Redis db / data folder (BENCH_DATABASE_URL, BENCH_REDIS_URL; PostgreSQL
// and Redis must be running), installs the project's test type Lumen Cards 1.0 (tests/fixtures/h5p-libraries-upgrade)
// through an import, makes BENCH_ITEMS items on it (default 10,000; copies of the imported item with their own
// texts, written straight into the database), installs 1.1, then runs a dry run and the upgrade of every item as
// the super admin, through the API, as an admin would. Reports items per second and the memory of the app and of
// its upgrade sandbox (peak resident set size, sampled every 100 ms).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { resetDatabase, resetRedis } from './stores.mjs';
import { lumenCardsPackage } from '../tests/support/h5p-packages';

const ROOT = path.resolve(__dirname, '..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 3332);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_upgrade';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

const rssOf = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const childrenOf = (pid: number): number[] => {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
};
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;

/** Peak RSS of the app and of its child processes (the sandbox) while `fn` runs. */
async function sampled<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; app: number; sandbox: number }> {
  let app = 0;
  let sandbox = 0;
  const timer = setInterval(() => {
    app = Math.max(app, rssOf(pid));
    for (const c of childrenOf(pid)) sandbox = Math.max(sandbox, rssOf(c));
  }, 100);
  try {
    const result = await fn();
    return { result, app, sandbox };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  await resetDatabase(databaseUrl);
  await resetRedis(redisUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upgrade-data-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      E2E_TEST_CODE: 'bench',
      LOG_LEVEL: 'warn',
      NEXT_DIST_DIR: distDir,
      IDP_BASE_URL: '',
      IDP_CLIENT_SECRET: '',
      H5P_HUB_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    for (let i = 0; ; i++) {
      if (i > 480) throw new Error('app did not start');
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await db.connect();
    const idp = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded', 'idp.json'), 'utf8')) as {
      users: { email: string; password: string; roles: string[] }[];
    };
    const u = idp.users.find((x) => x.roles.includes('super_admin'))!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await db.query(`UPDATE users SET plan = 'premium' WHERE email = $1`, [u.email.toLowerCase()]);
    const auth = { Authorization: `Bearer ${token}` };
    const importPkg = async (pkg: Buffer) => {
      const form = new FormData();
      form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'cards.h5p');
      const res = await fetch(`${base}/h5p/import`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { contentId: string } }).data.contentId;
    };
    // five cards an item, as a small real deck
    const cards = ['Sun', 'Moon', 'Mars', 'Venus', 'Earth'].map((t) => ({ text: ` ${t} `, answer: `About ${t}` }));
    const source = await importPkg(lumenCardsPackage('1.0', { title: 'Bench source', cards }));
    const owner = (await db.query<{ user_id: string }>('SELECT user_id FROM content_ownership WHERE content_id = $1', [source])).rows[0]!
      .user_id;
    const t0 = performance.now();
    await db.query(
      `INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, creator_id, created_at, updated_at)
       SELECT gen_random_uuid()::text, 'Deck ' || n, c.main_library, jsonb_set(c.metadata, '{title}', to_jsonb('Deck ' || n)),
              jsonb_set(c.parameters, '{question}', to_jsonb('Question of deck ' || n)), c.creator_id, now() - make_interval(secs => n), now()
       FROM h5p_contents c, generate_series(1, $2::int) n WHERE c.id = $1`,
      [source, ITEMS],
    );
    await db.query(
      `INSERT INTO content_ownership (content_id, user_id, visibility, updated_at) SELECT id, $1::uuid, 'private', now() FROM h5p_contents WHERE id <> $2 AND NOT EXISTS (SELECT 1 FROM content_ownership o WHERE o.content_id = h5p_contents.id)`,
      [owner, source],
    );
    console.log(`made ${ITEMS} items on Lumen Cards 1.0 in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await importPkg(lumenCardsPackage('1.1', { title: 'Installs 1.1' }));

    const run = async (dryRun: boolean) => {
      const start = await fetch(`${base}/api/admin/content-upgrades`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ machineName: 'H5P.LumenCards', dryRun }),
      });
      if (start.status !== 202) throw new Error(`start: ${start.status} ${await start.text()}`);
      const { id, total } = ((await start.json()) as { data: { id: string; total: number } }).data;
      const began = performance.now();
      for (;;) {
        await new Promise((r) => setTimeout(r, 2_000));
        // read from the database (the API token would expire on a long run)
        const j = (
          await db.query<{ status: string; done: number; upgraded: number; failed: number; ms: number }>(
            'SELECT status, done, upgraded, failed, EXTRACT(EPOCH FROM (finished_at - created_at)) * 1000 AS ms FROM content_upgrade_jobs WHERE id = $1',
            [id],
          )
        ).rows[0]!;
        if (!['queued', 'running'].includes(j.status))
          return { ...j, total, seconds: Number(j.ms) / 1000 || (performance.now() - began) / 1000 };
      }
    };
    const pid = child.pid!;
    const rssBefore = rssOf(pid);
    const dry = await sampled(pid, () => run(true));
    const real = await sampled(pid, () => run(false));
    const revisions = (await db.query<{ n: string }>("SELECT count(*)::text AS n FROM content_revisions WHERE kind = 'upgrade'")).rows[0]!
      .n;
    console.log(
      `\n${ITEMS + 1} items of Lumen Cards 1.0 (5 cards each: the main hook and each card's hook), app RSS before ${mib(rssBefore)}\n`,
    );
    console.log('| Run | Items | Upgraded | Failed | Time | Items/s | App peak RSS | Sandbox peak RSS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [name, r] of [
      ['Dry run', dry],
      ['Upgrade', real],
    ] as const) {
      const j = r.result;
      console.log(
        `| ${name} | ${j.total} | ${j.upgraded} | ${j.failed} | ${j.seconds.toFixed(1)} s | ${(j.total / j.seconds).toFixed(0)} | ${mib(r.app)} | ${mib(r.sandbox)} |`,
      );
    }
    console.log(`\n${revisions} upgrade revisions written`);
  } finally {
    await db.end().catch(() => undefined);
    child.kill('SIGTERM');
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// npm run bench:state — the H5P player's saved state for a whole school (issue 26, item 6's sizing), over real HTTP
// against the built app: POST /h5p/contentUserData/:id/state/0?token=<player token> as the H5P core posts it
// (form-encoded `data`, `preload=1`, `invalidate=0`; a Course Presentation-sized state of about 1 KB that changes
// with every save), each request one of BENCH_LEARNERS learners at one of 100 items, by autocannon at 10 and 50
// connections (closed loop). For each run: saves/s, p50/p95/p99, the app's CPU per save (utime + stime of its process
// tree) and the PostgreSQL backends' CPU per save. A learner's player saves every 10 s while an item is open
// (`contentUserStateSaveInterval`), so docs/scaling.md sizes 10,000 learners at 1,000 saves/s from these figures.
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/lumen_bench_state), BENCH_REDIS_URL
// (default redis://127.0.0.1:6379/10), BENCH_SECONDS (per run, default 10), BENCH_WARMUP_SECONDS (default 3),
// BENCH_CONNECTIONS (default 10,50), BENCH_LEARNERS (default 2000).
import { createRequire } from 'node:module';
import os from 'node:os';
import pg from 'pg';
import { cpuMs, pgCpuMsBetween, pgTicks } from './bench-compare/measure';

process.env.BENCH_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/lumen_bench_state';
// content tokens are minted here and verified there: one secret for the bench and the app
process.env.AUTH_SECRET ??= 'bench-state-session-secret-0123456789abcdef';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const ITEMS = 100;
const log = (m: string) => console.log(`[bench:state] ${m}`);

// autocannon ships no types
type Cannon = { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void };
type CannonResult = { errors: number; timeouts: number };
const autocannon = createRequire(__filename)('autocannon') as (opts: Record<string, unknown>, cb: (err: Error | null, r: CannonResult) => void) => Cannon;

/** a Course Presentation's saved state (slide, answers of a few tasks), about 1 KB; `n` makes every save differ */
const stateOf = (n: number) =>
  JSON.stringify({
    progress: n % 25,
    answers: Array.from({ length: 25 }, (_, i) => (i <= n % 25 ? { answers: [i % 4], score: i % 2, checked: true } : {})),
    answered: Array.from({ length: 25 }, (_, i) => i <= n % 25),
  });
const formOf = (n: number) => `data=${encodeURIComponent(stateOf(n))}&preload=1&invalidate=0`;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

async function load(url: string, paths: string[], connections: number, seconds: number) {
  let n = 0;
  let ok = 0;
  let other = 0;
  const times: number[] = [];
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const cannon = autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-requested-with': 'XMLHttpRequest' },
            setupRequest: (req: Record<string, unknown>) => {
              const i = n++;
              return { ...req, path: paths[i % paths.length], body: formOf(i) };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        if (r.errors + r.timeouts) log(`  ${r.errors} errors, ${r.timeouts} timeouts`);
        resolve();
      },
    );
    cannon.on('response', (_client, status, _bytes, ms) => {
      times.push(ms);
      if (status === 200) ok++;
      else other++;
    });
  });
  times.sort((a, b) => a - b);
  return { ok, other, elapsed: (performance.now() - t0) / 1000, times };
}

async function main() {
  process.env.DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  const { BENCH_DB, seedPlayers, startBench } = await import('./bench-lib');
  const { resetDatabase } = await import('./stores.mjs');
  const { migrate } = await import('../lib/db/migrate');

  log('resetting the bench database and applying migrations…');
  await resetDatabase(BENCH_DB);
  await migrate(BENCH_DB);
  const b = await startBench(log);
  const c = new pg.Client({ connectionString: BENCH_DB });
  await c.connect();
  const rows: string[] = [];
  try {
    // one player token per learner, for one item each (as the workspace's player frame holds it)
    const players = await seedPlayers(c, b.userId, { prefix: 'st-', items: ITEMS, learners: LEARNERS });
    const paths = players.map((p) => `/h5p/contentUserData/${p.contentId}/state/0?token=${encodeURIComponent(p.token)}`);
    log(`${LEARNERS} learners with a player token each, ${ITEMS} items; a save is ${formOf(7).length.toLocaleString('en')} bytes`);
    for (const connections of CONNECTIONS) {
      // every learner's token once (verified and cached, as in a school's steady state), then the warm-up
      if (connections === CONNECTIONS[0]) await load(b.app.url, paths, connections, Math.max(WARMUP, 5));
      await load(b.app.url, paths, connections, WARMUP);
      const app0 = cpuMs(b.app.pid);
      const pg0 = await pgTicks(c);
      const run = await load(b.app.url, paths, connections, SECONDS);
      const app = cpuMs(b.app.pid) - app0;
      const pgMs = pgCpuMsBetween(pg0, await pgTicks(c));
      const rate = Math.round(run.ok / run.elapsed);
      const row = `| ${connections} | ${rate.toLocaleString('en')} | ${r1(pct(run.times, 50))} | ${r1(pct(run.times, 95))} | ${r1(pct(run.times, 99))} | ${r2(app / run.ok)} | ${r2(pgMs / run.ok)} | ${run.other} |`;
      rows.push(row);
      log(`${connections} connections: ${rate.toLocaleString('en')} saves/s, p99 ${r1(pct(run.times, 99))} ms, app ${r2(app / run.ok)} ms and PostgreSQL ${r2(pgMs / run.ok)} ms CPU per save; ${run.other} other answers; load average ${os.loadavg()[0]!.toFixed(1)}`);
      if (run.other) process.exitCode = 1;
    }
    const { rows: kept } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM h5p_content_user_data');
    log(`saved states stored: ${kept[0]!.n.toLocaleString('en')} (one per learner and item: ${LEARNERS.toLocaleString('en')} at most)`);
    console.log(`\n| connections | saves/s | p50 ms | p95 ms | p99 ms | app CPU ms/save | PostgreSQL CPU ms/save | other answers |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}\n`);
  } finally {
    await c.end();
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

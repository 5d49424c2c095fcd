// npm run bench:intake — xAPI intake for a whole school (issue 26, item 3), over real HTTP against the built app:
// batches of 20 H5P-shaped statements (19 answered questions, then completed; as `npm run bench:results` builds
// them) posted to POST /h5p/xapi/:id?token=<player token> as text/plain JSON, each batch a new attempt of one of
// BENCH_LEARNERS learners at one of 100 items, by autocannon at 10 and 50 connections (closed loop: a connection
// sends its next batch when the last one is answered). For each run: statements/s (201 answers × 20 / seconds),
// p50/p95/p99 of the answers, the app's CPU per batch (utime + stime of its process tree), the PostgreSQL backends'
// CPU per batch, and statements per server CPU-second (summed over instances). Runs on one instance, then on two
// instances behind the round-robin proxy (scripts/round-robin.mjs, its own process). At the end every answered
// statement is looked up: acknowledged = stored.
//
// Targets (issue 26 item 3): ≥ 10,000 statements/s with p99 ≤ 200 ms at 10 and 50 connections (one instance).
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/lumen_bench_intake),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/10), BENCH_SECONDS (per run, default 15), BENCH_WARMUP_SECONDS
// (default 3), BENCH_CONNECTIONS (default 10,50), BENCH_INSTANCES (default 1,2), BENCH_LEARNERS (default 2000),
// BENCH_PORT (the proxy's port, default 4290), BENCH_APP_ROOT (another checkout whose build to run, e.g. main's
// for the figures before), BENCH_COMPARE_ROW (a file: the rows `npm run bench:compare` shows, as JSON).
//
// Before/after on a busy machine: BENCH_AGAINST=<another checkout> (e.g. a worktree of main, built there if stale)
// starts that checkout's app too, on the same stores, and runs both in alternating rounds (BENCH_ROUNDS, default 5,
// of BENCH_ROUND_SECONDS, default 6, each side in turn, the first side alternating): medians per side and the
// median of each round's ratio, so load that comes and goes on the machine weighs on both alike. One instance each.
// BENCH_AGAINST_ENV="NAME=value …" sets variables for that side only (BENCH_AGAINST=. INTAKE_GROUP_COMMIT=false:
// this checkout with and without group commit).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { Bench } from './bench-lib';
import { pgCpuMsBetween, pgTicks } from './bench-compare/measure';

process.env.BENCH_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/lumen_bench_intake';
// content tokens are minted here and verified there: one secret for the bench and every instance
process.env.AUTH_SECRET ??= 'bench-intake-session-secret-0123456789abcdef';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const PROXY_PORT = Number(process.env.BENCH_PORT ?? 4290);
const APP_ROOT = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : undefined;
const AGAINST = process.env.BENCH_AGAINST ? path.resolve(process.env.BENCH_AGAINST) : undefined;
const AGAINST_ENV = Object.fromEntries(
  (process.env.BENCH_AGAINST_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 6);
const ROOT_DIR = path.resolve(__dirname, '..');
const ITEMS = 100;
const BATCH = 20;
const TARGET_RATE = 10_000;
const TARGET_P99 = 200;
const log = (m: string) => console.log(`[bench:intake] ${m}`);

// autocannon ships no types
type Cannon = { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void; stop(): void };
type CannonResult = { errors: number; timeouts: number };
const autocannon = createRequire(__filename)('autocannon') as (opts: Record<string, unknown>, cb: (err: Error | null, r: CannonResult) => void) => Cannon;

/**
 * A batch as a template: the JSON of 20 statements about `contentId` with the attempt's and the statements' ids left
 * out, so each request is a fresh batch for a few string joins (the client's CPU is the server's machine's too).
 */
function batchTemplate(contentId: string, base: string): string[] {
  const object = (sub?: string) => ({
    id: `${base}/content/${contentId}${sub ? `?subContentId=${sub}` : ''}`,
    objectType: 'Activity',
    definition: {
      name: { 'en-US': sub ? `Question ${sub}` : 'Bench item' },
      interactionType: 'choice',
      correctResponsesPattern: ['0'],
      choices: [0, 1, 2, 3].map((c) => ({ id: String(c), description: { 'en-US': `Choice ${c}` } })),
      extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId, ...(sub ? { 'http://h5p.org/x-api/h5p-subContentId': sub } : {}) },
    },
  });
  const statements = Array.from({ length: BATCH }, (_, i) => {
    const last = i === BATCH - 1;
    const sub = `q${i % 5}`;
    const correct = i % 5 < 3;
    return {
      id: '\u0001',
      verb: { id: `http://adlnet.gov/expapi/verbs/${last ? 'completed' : 'answered'}`, display: { 'en-US': last ? 'completed' : 'answered' } },
      object: object(last ? undefined : sub),
      result: last
        ? { score: { raw: 3, max: 5, min: 0, scaled: 0.6 }, success: true, completion: true, duration: 'PT2M10S' }
        : { response: correct ? '0' : String(1 + (i % 3)), success: correct, score: { raw: correct ? 1 : 0, max: 1, min: 0 } },
      context: { contextActivities: { category: [{ id: 'http://h5p.org/libraries/H5P.MultiChoice-1.16', objectType: 'Activity' }] } },
      timestamp: new Date().toISOString(),
    };
  });
  return JSON.stringify({ attempt: '\u0001', statements }).split('"\\u0001"');
}

const fill = (parts: string[], ids: string[]) => {
  let s = parts[0]!;
  for (let i = 1; i < parts.length; i++) s += `"${ids[i - 1]}"${parts[i]}`;
  return s;
};

// ---------------------------------------------------------------- CPU of processes

// ---------------------------------------------------------------- one run

interface Run {
  setup: string;
  connections: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  cpuPerBatch: number;
  perCpuSecond: number;
  pgPerBatch: number;
  /** this process (autocannon, the client) */
  clientPerBatch: number;
  other: number;
  answered: { attempt: string; ids: string[] }[];
  /** every answer's latency (ms), sorted */
  times: number[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const r1 = (n: number) => Math.round(n * 10) / 10;

async function load(
  url: string,
  targets: { path: string; parts: string[] }[],
  connections: number,
  /** seconds, or { amount } requests */
  length: number | { amount: number },
  measure?: { setup: string; pids: number[]; cpuMs: (pid: number) => number; pg: pg.Client },
): Promise<Run | null> {
  let n = 0;
  const times: number[] = [];
  const answered: Run['answered'] = [];
  let ok = 0;
  let other = 0;
  const before = measure ? { app: measure.pids.map(measure.cpuMs), pg: await pgTicks(measure.pg), client: process.cpuUsage() } : null;
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const cannon = autocannon(
      {
        url,
        connections,
        ...(typeof length === 'number' ? { duration: length } : { amount: length.amount }),
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain;charset=UTF-8' },
            // the request's context lives until its answer has been reported (one request at a time per connection)
            setupRequest: (req: Record<string, unknown>, context: { batch?: Run['answered'][number] }) => {
              const t = targets[n++ % targets.length]!;
              const ids = Array.from({ length: BATCH + 1 }, () => randomUUID());
              context.batch = { attempt: ids[0]!, ids: ids.slice(1) };
              return { ...req, path: t.path, body: fill(t.parts, ids) };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        if (r.errors + r.timeouts && measure) log(`  ${r.errors} errors, ${r.timeouts} timeouts`);
        resolve();
      },
    );
    cannon.on('response', (client, status, _bytes, ms) => {
      times.push(ms);
      const batch = (client as { requestIterator?: { context?: { batch?: Run['answered'][number] } } }).requestIterator?.context?.batch;
      if (status === 201 || status === 200) {
        ok++;
        if (batch) answered.push(batch);
      } else other++;
    });
  });
  const elapsed = (performance.now() - t0) / 1000;
  if (!measure || !before) return null;
  const cpu = measure.pids.map(measure.cpuMs).reduce((s, v, i) => s + v - before.app[i]!, 0);
  const pgCpu = pgCpuMsBetween(before.pg, await pgTicks(measure.pg));
  const client = process.cpuUsage(before.client);
  const clientCpu = (client.user + client.system) / 1000;
  times.sort((a, b) => a - b);
  return {
    setup: measure.setup,
    connections,
    rate: Math.round((ok * BATCH) / elapsed),
    p50: r1(pct(times, 50)),
    p95: r1(pct(times, 95)),
    p99: r1(pct(times, 99)),
    cpuPerBatch: ok ? Math.round((cpu / ok) * 100) / 100 : NaN,
    perCpuSecond: cpu ? Math.round((ok * BATCH) / (cpu / 1000)) : NaN,
    pgPerBatch: ok ? Math.round((pgCpu / ok) * 100) / 100 : NaN,
    clientPerBatch: ok ? Math.round((clientCpu / ok) * 100) / 100 : NaN,
    other,
    answered,
    times,
  };
}

// ---------------------------------------------------------------- before/after in alternating rounds

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function interleaved(b: Bench, c: pg.Client, targets: { path: string; parts: string[] }[], cpuMs: (pid: number) => number) {
  const other = await b.startInstance({ root: AGAINST, env: AGAINST_ENV });
  const extra = Object.entries(AGAINST_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
  const sides = [
    { name: `this checkout`, app: b.app },
    { name: `${AGAINST === ROOT_DIR ? 'this checkout' : path.basename(AGAINST!)}${extra ? ` with ${extra}` : ''}`, app: other },
  ];
  log(`alternating rounds: ${sides.map((s) => `${s.name} on ${s.app.url}`).join(', ')}; ${ROUNDS} rounds of ${ROUND_SECONDS} s per side`);
  const lines: string[] = [];
  for (const s of sides) await load(s.app.url, targets, CONNECTIONS[0]!, { amount: targets.length });
  for (const connections of CONNECTIONS) {
    for (const s of sides) await load(s.app.url, targets, connections, WARMUP);
    const runs: Run[][] = sides.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const s = sides[i]!;
        runs[i]!.push((await load(s.app.url, targets, connections, ROUND_SECONDS, { setup: s.name, pids: [s.app.pid], cpuMs, pg: c }))!);
      }
      log(`  ${connections} connections, round ${round + 1}: ${sides.map((s, i) => `${s.name} ${runs[i]![round]!.rate.toLocaleString('en')}/s (app ${runs[i]![round]!.cpuPerBatch} ms/batch)`).join(', ')}; load average ${os.loadavg()[0]!.toFixed(1)}`);
    }
    const ratios = runs[0]!.map((r, k) => r.rate / runs[1]![k]!.rate);
    const cpuRatios = runs[0]!.map((r, k) => runs[1]![k]!.cpuPerBatch / r.cpuPerBatch);
    sides.forEach((s, i) => {
      const rs = runs[i]!;
      const times = rs.flatMap((r) => r.times).sort((x, y) => x - y);
      lines.push(
        `| ${s.name} | ${connections} | ${Math.round(median(rs.map((r) => r.rate))).toLocaleString('en')} | ${r1(pct(times, 50))} | ${r1(pct(times, 95))} | ${r1(pct(times, 99))} | ${median(rs.map((r) => r.cpuPerBatch)).toFixed(2)} | ${median(rs.map((r) => r.pgPerBatch)).toFixed(2)} | ${i === 0 ? `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : '1'} | ${i === 0 ? `${median(cpuRatios).toFixed(2)}×` : '1'} |`,
      );
    });
  }
  console.log(
    `\n| side | connections | statements/s (median of rounds) | p50 ms | p95 ms | p99 ms (all rounds) | app CPU ms/batch | PostgreSQL CPU ms/batch | throughput ratio (median, range) | app CPU ratio |\n|---|---|---|---|---|---|---|---|---|---|\n${lines.join('\n')}\n`,
  );
  log(`load average at the end (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
}

// ---------------------------------------------------------------- main

async function main() {
  process.env.DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  const { BENCH_DB, seedPlayers, startBench } = await import('./bench-lib');
  const { cpuMs } = await import('./bench-compare/measure');
  const { resetDatabase } = await import('./stores.mjs');
  const { migrate } = await import('../lib/db/migrate');

  log('resetting the bench database and applying migrations…');
  await resetDatabase(BENCH_DB);
  await migrate(BENCH_DB);
  const b = await startBench(log, { root: APP_ROOT });
  const c = new pg.Client({ connectionString: BENCH_DB });
  await c.connect();
  let proxy: ChildProcess | undefined;
  const runs: Run[] = [];
  try {
    // one player token per learner, for one item each (as the workspace's player frame holds it)
    const players = await seedPlayers(c, b.userId, { prefix: 'res-', items: ITEMS, learners: LEARNERS });
    const templates = Array.from({ length: ITEMS }, (_, i) => batchTemplate(`res-${i + 1}`, b.app.url));
    const targets = players.map((p, i) => ({ path: `/h5p/xapi/${p.contentId}?token=${encodeURIComponent(p.token)}`, parts: templates[i % ITEMS]! }));
    const bytes = fill(targets[0]!.parts, Array.from({ length: BATCH + 1 }, () => randomUUID())).length;
    log(`${LEARNERS} learners with a player token each, ${ITEMS} items; a batch is ${BATCH} statements, ${bytes.toLocaleString('en')} bytes`);

    if (AGAINST) {
      await interleaved(b, c, targets, cpuMs);
      return;
    }

    for (const instances of INSTANCES) {
      const apps = [b.app];
      while (apps.length < instances) apps.push(await b.startInstance());
      let url = b.app.url;
      if (instances > 1) {
        proxy?.kill('SIGTERM');
        proxy = spawn(process.execPath, [path.join(__dirname, 'round-robin.mjs')], {
          env: { ...process.env, PORT: String(PROXY_PORT), HOST: '127.0.0.1', UPSTREAMS: apps.map((a) => a.url).join(','), TRUST_FORWARDED_FOR: 'true' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        await new Promise<void>((resolve, reject) => {
          proxy!.once('exit', (code) => reject(new Error(`the proxy exited with ${String(code)}`)));
          proxy!.stdout!.once('data', () => resolve());
        });
        url = `http://127.0.0.1:${PROXY_PORT}`;
      }
      const setup = instances === 1 ? 'one instance' : `${instances} instances behind the proxy`;
      for (const connections of CONNECTIONS) {
        // every learner's token once (verified and cached, as a school's tokens are in a steady state), then the warm-up
        if (connections === CONNECTIONS[0]) await load(url, targets, connections, { amount: targets.length * instances });
        await load(url, targets, connections, WARMUP);
        const run = (await load(url, targets, connections, SECONDS, { setup, pids: apps.map((a) => a.pid), cpuMs, pg: c }))!;
        runs.push(run);
        log(
          `${setup}, ${connections} connections: ${run.rate.toLocaleString('en')} statements/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms; ` +
            `app CPU ${run.cpuPerBatch} ms/batch (${run.perCpuSecond.toLocaleString('en')} statements per CPU-second), PostgreSQL ${run.pgPerBatch} ms/batch, client ${run.clientPerBatch} ms/batch; ${run.other} other answers; load average ${os.loadavg()[0]!.toFixed(1)}`,
        );
      }
    }

    // every answered statement is stored, once
    const ids = runs.flatMap((r) => r.answered.flatMap((a) => a.ids));
    let stored = 0;
    for (let i = 0; i < ids.length; i += 10_000) {
      const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM xapi_statements WHERE id = ANY($1::uuid[])', [ids.slice(i, i + 10_000)]);
      stored += rows[0]!.n;
    }
    log(`acknowledged statements in the measured runs: ${ids.length.toLocaleString('en')}; of them stored: ${stored.toLocaleString('en')}`);
    if (stored !== ids.length) process.exitCode = 1;

    const head =
      '| run | connections | statements/s | p50 ms | p95 ms | p99 ms | app CPU ms/batch | statements per app CPU-second | PostgreSQL CPU ms/batch | client CPU ms/batch | refused |\n|---|---|---|---|---|---|---|---|---|---|---|';
    const line = (r: Run) =>
      `| ${r.setup} | ${r.connections} | ${r.rate.toLocaleString('en')} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpuPerBatch} | ${r.perCpuSecond.toLocaleString('en')} | ${r.pgPerBatch} | ${r.clientPerBatch} | ${r.other} |`;
    console.log(`\n${head}\n${runs.map(line).join('\n')}\n`);
    log(`load average at the end (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
    const one = runs.filter((r) => r.setup === 'one instance');
    const two = runs.filter((r) => r.setup !== 'one instance');
    const eff = (rs: Run[]) => rs.reduce((s, r) => s + r.perCpuSecond, 0) / (rs.length || 1);
    if (one.length && two.length) {
      log(`per-core efficiency (statements per app CPU-second, summed over instances): one instance ${Math.round(eff(one)).toLocaleString('en')}, two ${Math.round(eff(two)).toLocaleString('en')} (${(eff(two) / eff(one)).toFixed(2)} of one)`);
    }
    const met = one.length > 0 && one.every((r) => r.rate >= TARGET_RATE && r.p99 <= TARGET_P99 && r.other === 0);
    log(`target (one instance, every connection count): ≥ ${TARGET_RATE.toLocaleString('en')} statements/s with p99 ≤ ${TARGET_P99} ms: ${met ? 'met' : 'not met'}`);
    if (process.env.BENCH_COMPARE_ROW) {
      // the rows `npm run bench:compare` shows (an array: one per setup)
      const figures = (rs: Run[]) => rs.map((r) => `${r.rate.toLocaleString('en')}/s p99 ${r.p99} ms at ${r.connections}`).join('; ');
      const worst = Math.min(...one.map((r) => r.rate));
      const rows: Record<string, string>[] = [
        {
          path: 'xAPI intake, one instance, 10 and 50 connections',
          today: `${figures(one)} (statements, batches of ${BATCH}; app CPU ${one.map((r) => r.cpuPerBatch).join(' / ')} ms per batch; \`npm run bench:intake\`)`,
          peer: `target floor ${TARGET_RATE.toLocaleString('en')} statements/s`,
          ratio: `${(worst / TARGET_RATE).toFixed(2)}×`,
          target: `≥ ${TARGET_RATE.toLocaleString('en')} statements/s, p99 ≤ ${TARGET_P99} ms at 10 and 50 connections`,
          met: met ? 'yes' : 'no',
        },
      ];
      if (two.length && one.length) {
        const ratio = eff(two) / eff(one);
        rows.push({
          path: 'xAPI intake, two instances behind the proxy',
          today: `${figures(two)}; ${Math.round(eff(two)).toLocaleString('en')} statements per app CPU-second (one instance: ${Math.round(eff(one)).toLocaleString('en')})`,
          peer: 'one instance, per app CPU-second',
          ratio: `${ratio.toFixed(2)}×`,
          target: 'per-core efficiency ≥ 0.9 of one instance',
          met: ratio >= 0.9 ? 'yes' : 'no',
        });
      }
      fs.writeFileSync(process.env.BENCH_COMPARE_ROW, JSON.stringify(rows));
    }

    if (!met) process.exitCode = 1;
  } finally {
    proxy?.kill('SIGTERM');
    await c.end();
    await b.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

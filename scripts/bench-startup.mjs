#!/usr/bin/env node
// npm run bench:startup [-- <first starts> <restarts>]  (default 3 and 5)
// Time from `npm start` to the first 200 from GET /api/health on the embedded defaults (no DATABASE_URL,
// REDIS_URL or IdP): first starts, each on an empty DATA_DIR (with the PGlite template `npm install` made), and
// restarts on one DATA_DIR; medians of each. Also the resident memory (VmRSS, and the peak VmHWM) of the
// embedded database's process (server/embedded/pglite-server.mjs) and of the app's, when healthy and after a
// settle of a few seconds with a handful of requests. Needs a build (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firstRuns = Number(process.argv[2] ?? 3);
const restartRuns = Number(process.argv[3] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3197);
const SETTLE_MS = 3_000;
const base = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', IDP_BASE_URL: '', LOG_LEVEL: 'warn' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mib = (kb) => Math.round(kb / 1024);

/** The process and all its descendants, as { pid, cmd }. */
function tree(pid) {
  const out = [];
  const walk = (p) => {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return;
    }
    out.push({ pid: p, cmd });
    for (const t of readdirSync(`/proc/${p}/task`)) {
      for (const c of readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) walk(Number(c));
    }
  };
  walk(pid);
  return out;
}

function memory(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  // CPU seconds used so far (utime + stime, in clock ticks of 1/100 s): a figure a busy machine moves less
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpu = (Number(stat[11]) + Number(stat[12])) / 100;
  return { rss: mib(Number(s.match(/VmRSS:\s+(\d+)/)[1])), hwm: mib(Number(s.match(/VmHWM:\s+(\d+)/)[1])), cpu };
}

function measure(pid) {
  const procs = tree(pid);
  const db = procs.find((p) => p.cmd.includes('pglite-server.mjs'));
  const app = procs.find((p) => /^\S*node\S* .*scripts\/start\.mjs/.test(p.cmd)); // not npm's shell
  return { db: db && memory(db.pid), app: app && memory(app.pid) };
}

async function once(dataDir, { settle = false } = {}) {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...base, DATA_DIR: dataDir }, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    await sleep(10);
    if (performance.now() - t0 > 120_000) throw new Error('not healthy after 120 s');
  }
  const ms = performance.now() - t0;
  const healthy = measure(child.pid);
  let settled;
  if (settle) {
    // a few ordinary requests (pages, the IdP's discovery document), then a pause for background compilation
    for (const p of ['/api/health', '/login', '/realms/lumen/.well-known/openid-configuration', '/api/marketplace/public-contents', '/api/marketplace/public-contents/facets']) await fetch(`http://127.0.0.1:${port}${p}`).catch(() => {});
    await sleep(SETTLE_MS);
    settled = measure(child.pid);
  }
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  await sleep(500);
  return { ms, healthy, settled };
}

const dirs = [];
const fresh = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-startup-'));
  dirs.push(d);
  return d;
};
const fmt = (m) => (m ? `${m.rss} MiB (peak ${m.hwm}), ${m.cpu.toFixed(2)} s CPU` : 'n/a');
try {
  const first = [];
  for (let i = 0; i < firstRuns; i++) {
    const r = await once(fresh(), { settle: i === 0 });
    first.push(r);
    console.log(`first start ${i + 1} (empty DATA_DIR): ${(r.ms / 1000).toFixed(2)} s; embedded database ${fmt(r.healthy.db)}, app ${fmt(r.healthy.app)}`);
  }
  const dataDir = dirs[0];
  const restarts = [];
  for (let i = 0; i < restartRuns; i++) {
    const r = await once(dataDir, { settle: i === restartRuns - 1 });
    restarts.push(r);
    console.log(`restart ${i + 1}: ${(r.ms / 1000).toFixed(2)} s; embedded database ${fmt(r.healthy.db)}, app ${fmt(r.healthy.app)}`);
  }
  const settledFirst = first[0].settled;
  const settledRestart = restarts.at(-1)?.settled;
  console.log(`after ${SETTLE_MS / 1000} s and a few requests: first start: database ${fmt(settledFirst?.db)}, app ${fmt(settledFirst?.app)}`);
  if (settledRestart) console.log(`after ${SETTLE_MS / 1000} s and a few requests: restart: database ${fmt(settledRestart.db)}, app ${fmt(settledRestart.app)}`);
  const all = [...first, ...restarts];
  const summary = {
    firstStartMedianMs: Math.round(median(first.map((r) => r.ms))),
    firstStartsMs: first.map((r) => Math.round(r.ms)),
    restartMedianMs: restarts.length ? Math.round(median(restarts.map((r) => r.ms))) : null,
    restartsMs: restarts.map((r) => Math.round(r.ms)),
    databaseRssMiB: { healthyMedian: median(all.map((r) => r.healthy.db?.rss ?? 0)), settledMax: Math.max(...all.map((r) => r.settled?.db?.rss ?? 0)), peakMax: Math.max(...all.map((r) => Math.max(r.healthy.db?.hwm ?? 0, r.settled?.db?.hwm ?? 0))) },
    appRssMiB: { healthyMedian: median(all.map((r) => r.healthy.app?.rss ?? 0)) },
    cpuToHealthyS: {
      firstStart: { app: median(first.map((r) => r.healthy.app?.cpu ?? 0)), database: median(first.map((r) => r.healthy.db?.cpu ?? 0)) },
      restart: { app: median(restarts.map((r) => r.healthy.app?.cpu ?? 0)), database: median(restarts.map((r) => r.healthy.db?.cpu ?? 0)) },
    },
  };
  console.log(JSON.stringify(summary));
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

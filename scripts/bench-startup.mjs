#!/usr/bin/env node
// npm run bench:startup [-- <first starts> <restarts>]  (default 3 and 5)
// Time from `npm start` to the first 200 from GET /api/health on the embedded defaults (no DATABASE_URL,
// REDIS_URL or IdP): first starts, each on an empty DATA_DIR (with the PGlite template `npm install` made), and
// restarts on one DATA_DIR; medians of each. Also the time from the node process's own start (without npm's
// launcher), the CPU each process had used by then, and the resident memory (VmRSS, and the peak VmHWM) of the
// app's process — which runs the embedded database on a thread (server/embedded/pglite-server.mjs) — and of a
// separate database process when there is one (older layouts), when healthy and after a settle of a few seconds
// with a handful of requests. The memory figures are the sum over those processes (npm's launcher is not counted).
// Needs a build (`npm run build`).
//
// Targets (issue 26 item 5): ready ≤ 1.5 s and ≤ 220 MiB after start; the peer is Lumi's own server as the
// outside review measured it (0.66 s, 89 MiB). With BENCH_COMPARE_ROW=<file> (npm run bench:compare) the result
// is also written there as {"today", "peer", "ratio", "target", "met"}, plus `rows`: the start-up time and the
// memory, each as such a row.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firstRuns = Number(process.argv[2] ?? 3);
const restartRuns = Number(process.argv[3] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3197);
const SETTLE_MS = 3_000;
const IDLE_MS = 4_000;
const TARGET_READY_S = 1.5;
const TARGET_MIB = 220;
const PEER = { readyS: 0.66, mib: 89, name: "Lumi's server (the outside review's figures)" };
const base = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', IDP_BASE_URL: '', LOG_LEVEL: 'warn' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mib = (kb) => Math.round(kb / 1024);
const TICK = 100; // clock ticks a second (getconf CLK_TCK)
const uptimeS = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);

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
  // CPU seconds used so far (utime + stime, in clock ticks): a figure a busy machine moves less than the wall time
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpu = (Number(stat[11]) + Number(stat[12])) / TICK;
  const startedS = Number(stat[19]) / TICK; // since boot
  return { rss: mib(Number(s.match(/VmRSS:\s+(\d+)/)[1])), hwm: mib(Number(s.match(/VmHWM:\s+(\d+)/)[1])), cpu, startedS };
}

function measure(pid) {
  const procs = tree(pid);
  const db = procs.find((p) => p.cmd.includes('pglite-server.mjs'));
  const app = procs.find((p) => /^\S*node\S* .*server\/start\.mjs/.test(p.cmd)); // not npm's shell
  const a = app && memory(app.pid);
  const d = db && memory(db.pid);
  return { app: a, db: d, total: (a?.rss ?? 0) + (d?.rss ?? 0) };
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
  // from the node process's own start (the app's launcher, npm, is not part of it); 10 ms resolution
  const nodeMs = healthy.app ? (uptimeS() - healthy.app.startedS) * 1000 : NaN;
  // after start: idle for a few seconds (the start-up work left until after the first answers has run)
  await sleep(IDLE_MS);
  const idle = measure(child.pid);
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
  return { ms, nodeMs, healthy, idle, settled };
}

const dirs = [];
const fresh = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-startup-'));
  dirs.push(d);
  return d;
};
const fmtProc = (m) => (m ? `${m.rss} MiB (peak ${m.hwm}), ${m.cpu.toFixed(2)} s CPU` : 'n/a');
const fmt = (r) => `${r.total} MiB in all — app ${fmtProc(r.app)}${r.db ? `; database process ${fmtProc(r.db)}` : ' (database on its thread)'}`;
try {
  const first = [];
  for (let i = 0; i < firstRuns; i++) {
    const r = await once(fresh(), { settle: i === 0 });
    first.push(r);
    console.log(`first start ${i + 1} (empty DATA_DIR): ${(r.ms / 1000).toFixed(2)} s (node process ${(r.nodeMs / 1000).toFixed(2)} s); ${fmt(r.healthy)}; ${IDLE_MS / 1000} s later ${r.idle.total} MiB`);
  }
  const dataDir = dirs[0];
  const restarts = [];
  for (let i = 0; i < restartRuns; i++) {
    const r = await once(dataDir, { settle: i === restartRuns - 1 });
    restarts.push(r);
    console.log(`restart ${i + 1}: ${(r.ms / 1000).toFixed(2)} s (node process ${(r.nodeMs / 1000).toFixed(2)} s); ${fmt(r.healthy)}; ${IDLE_MS / 1000} s later ${r.idle.total} MiB`);
  }
  const settledFirst = first[0]?.settled;
  const settledRestart = restarts.at(-1)?.settled;
  if (settledFirst) console.log(`after ${SETTLE_MS / 1000} s and a few requests: first start: ${fmt(settledFirst)}`);
  if (settledRestart) console.log(`after ${SETTLE_MS / 1000} s and a few requests: restart: ${fmt(settledRestart)}`);
  const all = [...first, ...restarts];
  const settledAll = [settledFirst, settledRestart].filter(Boolean);
  const summary = {
    firstStartMedianMs: first.length ? Math.round(median(first.map((r) => r.ms))) : null,
    firstStartsMs: first.map((r) => Math.round(r.ms)),
    restartMedianMs: restarts.length ? Math.round(median(restarts.map((r) => r.ms))) : null,
    restartsMs: restarts.map((r) => Math.round(r.ms)),
    nodeProcessToHealthyMedianMs: { firstStart: first.length ? Math.round(median(first.map((r) => r.nodeMs))) : null, restart: restarts.length ? Math.round(median(restarts.map((r) => r.nodeMs))) : null },
    rssMiB: {
      healthyMedian: median(all.map((r) => r.healthy.total)),
      healthyMax: Math.max(...all.map((r) => r.healthy.total)),
      idleMedian: median(all.map((r) => r.idle.total)),
      idleMax: Math.max(...all.map((r) => r.idle.total)),
      settledMax: settledAll.length ? Math.max(...settledAll.map((s) => s.total)) : null,
      app: { healthyMedian: median(all.map((r) => r.healthy.app?.rss ?? 0)), settledMax: settledAll.length ? Math.max(...settledAll.map((s) => s.app?.rss ?? 0)) : null },
      databaseProcess: all.some((r) => r.healthy.db) ? { healthyMedian: median(all.map((r) => r.healthy.db?.rss ?? 0)), peakMax: Math.max(...all.map((r) => Math.max(r.healthy.db?.hwm ?? 0, r.settled?.db?.hwm ?? 0))) } : null,
    },
    cpuToHealthyS: {
      firstStart: { app: median(first.map((r) => r.healthy.app?.cpu ?? 0)), database: median(first.map((r) => r.healthy.db?.cpu ?? 0)) },
      restart: { app: median(restarts.map((r) => r.healthy.app?.cpu ?? 0)), database: median(restarts.map((r) => r.healthy.db?.cpu ?? 0)) },
    },
  };
  console.log(JSON.stringify(summary));

  // against the targets: ready on a first start and on a restart (npm start → first 200); memory after start: idle
  // a few seconds after the first 200 (the largest over every run), the figures when ready and after a few
  // requests beside it
  const readyS = Math.max(summary.firstStartMedianMs ?? 0, summary.restartMedianMs ?? 0) / 1000;
  const readyMet = readyS <= TARGET_READY_S;
  const memMet = summary.rssMiB.idleMax <= TARGET_MIB;
  const readyText = `first start ${((summary.firstStartMedianMs ?? NaN) / 1000).toFixed(2)} s, restart ${((summary.restartMedianMs ?? NaN) / 1000).toFixed(2)} s (medians, npm start → first 200; load average ${os.loadavg()[0].toFixed(1)})`;
  const memText = `${summary.rssMiB.idleMax} MiB ${IDLE_MS / 1000} s after start, idle (app and database together; ${summary.rssMiB.healthyMedian} MiB when ready), ${summary.rssMiB.settledMax ?? '—'} MiB after a few requests`;
  console.log(`\nready: ${readyText} — target ≤ ${TARGET_READY_S} s: ${readyMet ? 'met' : 'not met'}`);
  console.log(`memory: ${memText} — target ≤ ${TARGET_MIB} MiB after start: ${memMet ? 'met' : 'not met'}`);
  if (process.env.BENCH_COMPARE_ROW) {
    const rows = [
      { label: 'start-up on the embedded defaults (ready)', today: readyText, peer: `${PEER.readyS} s, ${PEER.name}`, ratio: `${(readyS / PEER.readyS).toFixed(2)}×`, target: `≤ ${TARGET_READY_S} s`, met: readyMet ? 'yes' : 'no' },
      { label: 'memory after start on the embedded defaults', today: memText, peer: `${PEER.mib} MiB, ${PEER.name}`, ratio: `${(summary.rssMiB.idleMax / PEER.mib).toFixed(2)}×`, target: `≤ ${TARGET_MIB} MiB after start`, met: memMet ? 'yes' : 'no' },
    ];
    const row = {
      today: `${readyText}; ${memText}`,
      peer: `${PEER.readyS} s and ${PEER.mib} MiB, ${PEER.name}`,
      ratio: `${rows[0].ratio} time, ${rows[1].ratio} memory`,
      target: `ready ≤ ${TARGET_READY_S} s, ≤ ${TARGET_MIB} MiB after start`,
      met: readyMet && memMet ? 'yes' : 'no',
      rows,
    };
    writeFileSync(process.env.BENCH_COMPARE_ROW, JSON.stringify(row));
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

#!/usr/bin/env tsx
// npm run bench:compare [-- --quick] [-- --others] [-- --only=health,static,play,pageload,list,import,scorm]
//
// Issue 9's side-by-side table: our app against a bare Node server, Express and Lumi's own stack (with and without
// its in-memory library cache), all serving the same content, on this machine, in one run.
//  1. Builds the app if needed (scripts/ensure-build.mjs); installs the peers from npm into a scratch folder
//     outside the repository (scripts/bench-compare/peers.ts) — fails with npm's output if it cannot.
//  2. Starts the built app in production mode on PostgreSQL + Redis with its own database (BENCH_DATABASE_URL,
//     default lumen_bench_cmp), Redis db 13 (BENCH_REDIS_URL) and a fresh DATA_DIR, on BENCH_PORT (3625); the
//     peers listen on the next four ports.
//  3. Imports the same two packages (scripts/bench-compare/content.ts: a MultiChoice and a CoursePresentation-like
//     slide container over the project's test libraries) into our app (as the super admin, made public) and Lumi's.
//  4. A learner (the embedded IdP's student) signs in through the browser sign-in; the play route is called with the
//     player token the content page hands that learner's frame, as the frame would.
//  5. Load: autocannon at 10 and 50 connections, targets interleaved within each round (A B C A B C …), the ratio
//     of each round taken within the round, the median of those ratios reported; CPU per request is the server
//     process tree's utime + stime (/proc/<pid>/stat) over the run divided by the requests served.
//  6. Page load: Chromium, a fresh context per load, navigation start → the content rendered in the player frame,
//     ours and Lumi's interleaved, median of the pairwise ratios.
//  7. Lists, import and SCORM (with --others, or named in --only): the other bench scripts, run with their own
//     stores (see runOtherBench); otherwise their rows name the command.
// Prints the table and writes it with the raw runs to docs/bench-compare-latest.md (BENCH_COMPARE_OUT).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { resetDatabase, resetRedis } from '../stores.mjs';
import { RENDERED, SLIDES, writePackages } from './content';
import { loadRun, median, type RunResult, type Target } from './measure';
import { launchBrowser, pageLoad, type PageLoadTarget } from './pageload';
import { ensurePeers, PEER_PACKAGES, PEERS_DIR, startPeer, type Peer } from './peers';

const ROOT = path.resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ALL = ['health', 'static', 'play', 'pageload', 'list', 'import', 'scorm'] as const;
const only = new Set((arg('only') ?? ALL.join(',')).split(',').map((s) => s.trim()).filter(Boolean));
for (const o of only) if (!(ALL as readonly string[]).includes(o)) throw new Error(`--only: unknown part "${o}" (parts: ${ALL.join(', ')})`);
const ROUNDS = Number(arg('rounds') ?? (quick ? 1 : 3));
const SECONDS = Number(arg('seconds') ?? (quick ? 2 : 3));
const CONNECTIONS = (arg('connections') ?? (quick ? '10' : '10,50')).split(',').map(Number);
const LOADS = Number(arg('loads') ?? (quick ? 2 : 5));
/** run the other bench scripts (lists, import, SCORM): minutes each, so only when asked (--others or --only=list,…) */
const OTHERS = argv.includes('--others') || (arg('only') !== undefined && !quick);
const PORT = Number(process.env.BENCH_PORT ?? 3625);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_cmp';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
/** the other bench scripts' stores: never the defaults another run may be using */
const OTHER_DATABASE_URL = process.env.BENCH_OTHER_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_cmp_other';
/** how many of the learner's player tokens a play run rotates through */
const PLAY_TOKENS = 4;

/** Deletes the rate-limit windows (keys rl:…) in our app's Redis db. */
async function clearRateLimits(): Promise<void> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', 'rl:*', 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

const OTHER_REDIS_URL = process.env.BENCH_OTHER_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const OUT = path.resolve(ROOT, process.env.BENCH_COMPARE_OUT ?? 'docs/bench-compare-latest.md');

const log = (m: string) => console.log(`[bench:compare] ${m}`);
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '—');
const ratio = (n: number) => (Number.isFinite(n) ? `${n < 0.1 ? n.toFixed(3) : n.toFixed(2)}×` : '—');

// ---------------------------------------------------------------- our app

interface App {
  url: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

async function startOurApp(dataDir: string): Promise<App> {
  let out = '';
  const child = spawn(process.execPath, [...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL,
      REDIS_URL,
      IDP_BASE_URL: '', // the embedded IdP: its demo accounts sign in
      IDP_CLIENT_SECRET: '',
      TRUST_PROXY: 'true', // the load runs spread over client addresses (X-Forwarded-For) so no single one is limited
      E2E_TEST_CODE: 'bench', // raises the rate limits: the bench measures the request path, not the limiter's refusals
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was healthy:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app was not healthy after 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        child.once('exit', r);
        setTimeout(r, 5000);
      });
    },
  };
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').filter(Boolean);
}

/** The browser's sign-in (next-auth credentials): the session cookie a learner's browser holds. */
async function browserSignIn(base: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = new Map(cookiesOf(csrfRes).map((c) => [c.slice(0, c.indexOf('=')), c]));
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...jar.values()].join('; '), Origin: base },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  for (const c of cookiesOf(res)) jar.set(c.slice(0, c.indexOf('=')), c);
  if (![...jar.keys()].some((k) => k.endsWith('next-auth.session-token'))) throw new Error(`browser sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return [...jar.values()].join('; ');
}

interface OurSide {
  app: App;
  contentIds: { multiChoice: string; slides: string };
  learnerCookie: string;
  /** a fresh player token, as the content page hands it to the learner's frame */
  playerToken(contentId: string): Promise<string>;
}

async function prepareOurs(app: App, packages: { multiChoice: string; slides: string }): Promise<OurSide> {
  const idp = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: { email: string; password: string; roles: string[] }[] };
  const user = (role: string) => {
    const u = idp.users.find((x) => x.roles.includes(role));
    if (!u) throw new Error(`the embedded IdP has no ${role}`);
    return u;
  };
  const admin = user('super_admin');
  const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  const importOne = async (file: string) => {
    const form = new FormData();
    form.append('h5p', await fs.openAsBlob(file, { type: 'application/zip' }), path.basename(file));
    const res = await fetch(`${app.url}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: form });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`import of ${path.basename(file)} into our app failed: ${res.status} ${body}`);
    const id = (JSON.parse(body) as { data: { contentId: string } }).data.contentId;
    const vis = await fetch(`${app.url}/h5p/content/${id}/visibility`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ visibility: 'public' }),
    });
    if (!vis.ok) throw new Error(`could not make ${id} public: ${vis.status} ${await vis.text()}`);
    return id;
  };
  const contentIds = { multiChoice: await importOne(packages.multiChoice), slides: await importOne(packages.slides) };
  const learner = user('student');
  const learnerCookie = await browserSignIn(app.url, learner.email, learner.password);
  const last = new Map<string, string>();
  const playerToken = async (contentId: string) => {
    // tokens are signed per second: a new page view in the same second hands out the same token
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(`${app.url}/content/${encodeURIComponent(contentId)}`, { headers: { Cookie: learnerCookie } });
      const html = await res.text();
      const m = /\/h5p\/embed\/[^"?]+\?token=([^"&]+)/.exec(html);
      if (!m) throw new Error(`the content page of ${contentId} (status ${res.status}) holds no player frame`);
      const token = decodeURIComponent(m[1]!);
      if (token !== last.get(contentId)) {
        last.set(contentId, token);
        return token;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error('no fresh player token');
  };
  return { app, contentIds, learnerCookie, playerToken };
}

// ---------------------------------------------------------------- load groups

interface GroupResult {
  name: string;
  connections: number;
  labels: string[];
  runs: Record<string, RunResult[]>;
  /** per comparison "A/B": the ratios of the rounds */
  ratios: Record<string, number[]>;
}

async function check(url: string, init: RequestInit, expect: (body: string) => boolean, what: string) {
  const res = await fetch(url, init);
  const body = await res.text();
  if (res.status !== 200 || !expect(body)) throw new Error(`${what}: GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
}

async function loadGroup(name: string, targets: Target[], comparisons: [string, string][]): Promise<GroupResult[]> {
  const results: GroupResult[] = [];
  for (const c of CONNECTIONS) {
    log(`${name}, ${c} connections: warming up`);
    for (const t of targets) await loadRun(t, c, 1);
    const runs: Record<string, RunResult[]> = Object.fromEntries(targets.map((t) => [t.label, []]));
    const ratios: Record<string, number[]> = Object.fromEntries(comparisons.map(([a, b]) => [`${a}/${b}`, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // A B C, then B C A, then C A B: no target always runs first
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      const rps: Record<string, number> = {};
      for (const t of order) {
        const r = await loadRun(t, c, SECONDS);
        runs[t.label]!.push(r);
        rps[t.label] = r.rps;
        const bad = r.non2xx || r.errors ? ` — ${r.non2xx} non-2xx, ${r.errors} errors` : '';
        log(`  round ${round + 1} ${t.label}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, ${fmt(r.cpuPerRequestMs, 2)} ms CPU/request${bad}`);
        if (r.non2xx > r.requests * 0.01 || r.errors > r.requests * 0.01) throw new Error(`${name}: ${t.label} answered ${r.non2xx} non-2xx and ${r.errors} errors of ${r.requests}: the comparison would be meaningless`);
      }
      for (const [a, b] of comparisons) ratios[`${a}/${b}`]!.push(rps[a]! / rps[b]!);
    }
    results.push({ name, connections: c, labels: targets.map((t) => t.label), runs, ratios });
  }
  return results;
}

// ---------------------------------------------------------------- other bench scripts

interface ExternalRow {
  path: string;
  today: string;
  peer: string;
  ratio: string;
  target: string;
  met: string;
}

function packageScripts(): Record<string, string> {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
}

/** The cells of the markdown table row whose first cell matches `row`, keyed by the header's cells. */
function tableRow(output: string, row: RegExp): Record<string, string> | undefined {
  const lines = output.split('\n').filter((l) => l.trim().startsWith('|'));
  let header: string[] | undefined;
  for (const l of lines) {
    const cells = l.trim().replace(/^\||\|$/g, '').split('|').map((s) => s.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    if (!header || /scenario|run/i.test(cells[0] ?? '')) {
      if (/scenario|run/i.test(cells[0] ?? '')) {
        header = cells;
        continue;
      }
    }
    if (header && row.test(cells[0] ?? '')) return Object.fromEntries(header.map((h, i) => [h.toLowerCase(), cells[i] ?? '']));
  }
  return undefined;
}

/**
 * Runs another bench script with its own stores (BENCH_DATABASE_URL / BENCH_REDIS_URL / BENCH_PORT) and a file
 * to fill: a script that writes `{ "today", "peer", "ratio", "target", "met" }` (strings) as JSON to
 * BENCH_COMPARE_ROW gives its row directly; otherwise `fallback` reads the script's printed table.
 */
async function runOtherBench(script: string, args: string[], row: ExternalRow, fallback: (out: string) => Partial<ExternalRow> | undefined, timeoutMs: number): Promise<ExternalRow> {
  if (!packageScripts()[script]) return { ...row, today: `see \`npm run ${script}\` (not present yet)`, met: '—' };
  const rowFile = path.join(os.tmpdir(), `bench-compare-row-${process.pid}-${script.replace(/\W/g, '_')}.json`);
  fs.rmSync(rowFile, { force: true });
  log(`running npm run ${script} ${args.join(' ')} (own stores, at most ${timeoutMs / 1000} s)`);
  const t0 = performance.now();
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      env: { ...process.env, BENCH_DATABASE_URL: OTHER_DATABASE_URL, BENCH_REDIS_URL: OTHER_REDIS_URL, BENCH_PORT: String(PORT + 5), BENCH_COMPARE_ROW: rowFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      out += `\n(stopped after ${timeoutMs / 1000} s)`;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve({ code: c, out });
    });
  });
  const logFile = path.join(os.tmpdir(), `bench-compare-${script.replace(/\W/g, '_')}.log`);
  fs.writeFileSync(logFile, out);
  log(`  npm run ${script}: exit ${String(code)} after ${((performance.now() - t0) / 1000).toFixed(0)} s (output in ${logFile})`);
  try {
    const given = JSON.parse(fs.readFileSync(rowFile, 'utf8')) as Partial<ExternalRow>;
    fs.rmSync(rowFile, { force: true });
    return { ...row, ...given };
  } catch {
    /* the script does not speak BENCH_COMPARE_ROW */
  }
  // a bench script may exit non-zero when its own target is missed: its figures still count
  const parsed = fallback(out);
  if (parsed && code !== 0) parsed.today = `${parsed.today ?? ''} (the script exited ${String(code)})`;
  if (!parsed) return { ...row, today: `see \`npm run ${script}\` (${code === 0 ? 'its output had no figure to read' : `it failed: exit ${String(code)}, output in ${logFile}`})`, met: '—' };
  return { ...row, ...parsed };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  const loadAvg = os.loadavg();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  ensurePeers(log);
  await resetDatabase(DATABASE_URL);
  await resetRedis(REDIS_URL);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  const packages = writePackages(work);
  const stops: (() => Promise<void>)[] = [];
  const rows: ExternalRow[] = [];
  const details: string[] = [];
  const groups: GroupResult[] = [];
  const pageLoads: { label: string; times: number[]; ratios: number[]; peerTimes: number[] }[] = [];
  try {
    const app = await startOurApp(path.join(work, 'data'));
    stops.push(() => app.stop());
    log(`our app (production build) on ${app.url}, pid ${app.pid}`);
    const ours = await prepareOurs(app, packages);
    log(`our content: ${JSON.stringify(ours.contentIds)}`);
    const core = path.join(ROOT, '.vendor', 'h5p', 'core');
    const editor = path.join(ROOT, '.vendor', 'h5p', 'editor');
    const ourLibraries = path.join(app.dataDir, 'h5p', 'libraries');
    const peers: Record<string, Peer> = {};
    const need = (p: string) => only.has(p);
    if (need('health')) peers.bare = await startPeer('bare Node', ['bare'], PORT + 1);
    if (need('health') || need('static')) peers.express = await startPeer('Express', ['express', ourLibraries], PORT + 2);
    if (need('static') || need('play') || need('pageload')) {
      peers.lumiCache = await startPeer('Lumi with cache', ['lumi', path.join(work, 'lumi-cache'), core, editor, 'cache', packages.multiChoice, packages.slides], PORT + 3);
      peers.lumi = await startPeer('Lumi without cache', ['lumi', path.join(work, 'lumi-nocache'), core, editor, 'nocache', packages.multiChoice, packages.slides], PORT + 4);
    }
    for (const p of Object.values(peers)) stops.push(() => p.stop());
    log(`peers: ${Object.values(peers).map((p) => `${p.name} (${p.url}, pid ${p.pid})`).join(', ')}`);
    const lumiIds = (p: Peer) => ({ multiChoice: String(p.info.contentIds[0]), slides: String(p.info.contentIds[1]) });

    // ---- health
    if (need('health')) {
      await check(`${app.url}/api/health`, {}, (b) => b.includes('"ok"'), 'our health');
      const targets: Target[] = [
        { label: 'ours', url: `${app.url}/api/health`, pid: app.pid, rotateIp: true },
        { label: 'bare', url: `${peers.bare!.url}/api/health`, pid: peers.bare!.pid },
        { label: 'express', url: `${peers.express!.url}/api/health`, pid: peers.express!.pid },
      ];
      groups.push(...(await loadGroup('GET /api/health', targets, [['ours', 'bare'], ['ours', 'express']])));
    }

    // ---- static library file
    if (need('static')) {
      const file = '/h5p/libraries/H5P.MultiChoice-1.16/multichoice.js';
      const bytes = fs.readFileSync(path.join(ourLibraries, 'H5P.MultiChoice-1.16', 'multichoice.js'), 'utf8');
      for (const base of [app.url, peers.express!.url, peers.lumiCache!.url]) await check(`${base}${file}`, {}, (b) => b === bytes, 'static file');
      const targets: Target[] = [
        { label: 'ours', url: `${app.url}${file}`, pid: app.pid, rotateIp: true },
        { label: 'express', url: `${peers.express!.url}${file}`, pid: peers.express!.pid },
        { label: 'lumi', url: `${peers.lumiCache!.url}${file}`, pid: peers.lumiCache!.pid },
      ];
      groups.push(...(await loadGroup('static library file', targets, [['ours', 'express'], ['ours', 'lumi']])));
    }

    // ---- play
    if (need('play')) {
      for (const kind of ['multiChoice', 'slides'] as const) {
        const id = ours.contentIds[kind];
        const lib = kind === 'multiChoice' ? 'H5P.MultiChoice' : 'H5P.BenchSlides';
        const playUrl = async () => `${app.url}/h5p/play/${encodeURIComponent(id)}?token=${encodeURIComponent(await ours.playerToken(id))}`;
        // a player token is counted on its own (PLAYER tier, 10,000 a window under E2E_TEST_CODE): a run of thousands
        // of plays a second rotates through several of the learner's fresh tokens, as several open tabs would, and
        // starts with empty windows; the limiter still counts every request
        const playUrls = async () => {
          await clearRateLimits();
          const urls: string[] = [];
          for (let i = 0; i < PLAY_TOKENS; i++) urls.push(await playUrl());
          return urls;
        };
        await check(await playUrl(), {}, (b) => b.includes(lib), `our play (${kind})`);
        for (const p of [peers.lumiCache!, peers.lumi!]) await check(`${p.url}/h5p/play/${lumiIds(p)[kind]}`, {}, (b) => b.includes(lib), `${p.name} play (${kind})`);
        const targets: Target[] = [
          { label: 'ours', url: '', prepareMany: playUrls, pid: app.pid, rotateIp: true },
          { label: 'lumiCache', url: `${peers.lumiCache!.url}/h5p/play/${lumiIds(peers.lumiCache!)[kind]}`, pid: peers.lumiCache!.pid },
          { label: 'lumi', url: `${peers.lumi!.url}/h5p/play/${lumiIds(peers.lumi!)[kind]}`, pid: peers.lumi!.pid },
        ];
        groups.push(...(await loadGroup(`GET /h5p/play ${kind === 'multiChoice' ? 'MultiChoice' : 'CoursePresentation'}`, targets, [['ours', 'lumiCache'], ['ours', 'lumi']])));
      }
    }

    // ---- learner page load
    if (need('pageload')) {
      const browser = await launchBrowser();
      try {
        const cookies = ours.learnerCookie.split('; ').map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url: app.url }));
        for (const kind of ['multiChoice', 'slides'] as const) {
          // the learner's player page — what an LMS or an embed snippet loads, and what Lumi's /h5p/page is — with
          // the player token the learner's workspace page hands out
          const id = ours.contentIds[kind];
          const o: PageLoadTarget = { label: `ours ${kind}`, url: async () => `${app.url}/h5p/embed/${encodeURIComponent(id)}?token=${encodeURIComponent(await ours.playerToken(id))}`, cookies, selector: RENDERED[kind] };
          const l: PageLoadTarget = { label: `Lumi ${kind}`, url: async () => `${peers.lumiCache!.url}/h5p/page/${lumiIds(peers.lumiCache!)[kind]}`, selector: RENDERED[kind] };
          await pageLoad(browser, o); // warm-up (first compile of each side's path)
          await pageLoad(browser, l);
          const times: number[] = [];
          const peerTimes: number[] = [];
          const ratios: number[] = [];
          for (let i = 0; i < LOADS; i++) {
            const [a, b] = i % 2 ? [await pageLoad(browser, l), await pageLoad(browser, o)].reverse() : [await pageLoad(browser, o), await pageLoad(browser, l)];
            times.push(a!);
            peerTimes.push(b!);
            ratios.push(a! / b!);
            log(`  page load ${kind} #${i + 1}: ours ${fmt(a!)} ms, Lumi ${fmt(b!)} ms`);
          }
          pageLoads.push({ label: kind, times, peerTimes, ratios });
        }
      } finally {
        await browser.close();
      }
    }
    for (const s of stops.reverse()) await s();
    stops.length = 0;

    // ---- other bench scripts (their own app, database and Redis db)
    if (OTHERS && need('list')) {
      rows.push(
        await runOtherBench(
          'bench:content-list',
          [],
          { path: 'my content list, 2,000 items', today: '', peer: 'Lumi id list (not measured here)', ratio: '—', target: 'p95 ≤ 50 ms', met: '' },
          (out) => {
            const r = tableRow(out, /^first page/i);
            const p95 = Number(r?.['p95 ms']);
            return Number.isFinite(p95) ? { today: `p95 ${p95} ms (first page, \`npm run bench:content-list\`)`, met: p95 <= 50 ? 'yes' : 'no' } : undefined;
          },
          240_000,
        ),
      );
    } else if (need('list')) rows.push({ path: 'my content list, 2,000 items', today: 'see `npm run bench:content-list`', peer: '—', ratio: '—', target: 'p95 ≤ 50 ms', met: '—' });
    const scripts = packageScripts();
    const scormScript = Object.keys(scripts).find((s) => /^bench:(scorm|export)/.test(s)) ?? 'bench:scorm';
    if (OTHERS && need('import')) {
      rows.push(
        await runOtherBench(
          'bench:import',
          [],
          { path: 'import', today: '', peer: 'Lumi importer (not measured here)', ratio: '—', target: '≤ 1.1× Lumi; 500 MB in ≤ 200 MiB RSS', met: '—' },
          (out) => {
            const times = [...out.matchAll(/^\|\s*\d+\s*\|\s*([\d.]+) s\s*\|[^|]*\|[^|]*\|\s*([\d.]+) MiB/gm)].map((m) => Number(m[1]));
            return times.length ? { today: `${median(times).toFixed(2)} s median for \`npm run bench:import\`'s 200 MiB package` } : undefined;
          },
          240_000,
        ),
      );
    } else if (need('import')) rows.push({ path: 'import', today: 'see `npm run bench:import`', peer: '—', ratio: '—', target: '≤ 1.1× Lumi', met: '—' });
    if (OTHERS && need('scorm')) {
      rows.push(await runOtherBench(scormScript, [], { path: 'SCORM 2004 export', today: '', peer: '`zip -qr`', ratio: '—', target: '≤ 1.5× `zip -qr`', met: '—' }, () => undefined, 240_000));
    } else if (need('scorm')) rows.push({ path: 'SCORM 2004 export', today: `see \`npm run ${scormScript}\``, peer: '`zip -qr`', ratio: '—', target: '≤ 1.5× `zip -qr`', met: '—' });
  } finally {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    setTimeout(() => fs.rmSync(work, { recursive: true, force: true }), 500).unref();
  }

  // ---------------------------------------------------------------- the table
  const table: ExternalRow[] = [];
  const rps = (g: GroupResult, l: string) => median(g.runs[l]!.map((r) => r.rps));
  const cpu = (g: GroupResult, l: string) => median(g.runs[l]!.map((r) => r.cpuPerRequestMs));
  const ofGroup = (name: string) => groups.filter((g) => g.name === name);
  for (const g of ofGroup('GET /api/health')) {
    const rb = median(g.ratios['ours/bare']!);
    const re = median(g.ratios['ours/express']!);
    table.push({
      path: `\`GET /api/health\`, ${g.connections} conn.`,
      today: `${fmt(rps(g, 'ours'))} req/s, ${fmt(cpu(g, 'ours'), 2)} ms CPU/req`,
      peer: `bare Node ${fmt(rps(g, 'bare'))} (${fmt(cpu(g, 'bare'), 3)} ms CPU); Express ${fmt(rps(g, 'express'))} (${fmt(cpu(g, 'express'), 3)} ms CPU)`,
      ratio: `${ratio(rb)} bare; ${ratio(re)} Express`,
      target: '≥ 0.15× bare Node',
      met: rb >= 0.15 ? 'yes' : 'no',
    });
  }
  for (const g of ofGroup('static library file')) {
    const r = median(g.ratios['ours/express']!);
    table.push({
      path: `static library file, ${g.connections} conn.`,
      today: `${fmt(rps(g, 'ours'))} req/s, ${fmt(cpu(g, 'ours'), 2)} ms CPU/req`,
      peer: `Express static ${fmt(rps(g, 'express'))} (${fmt(cpu(g, 'express'), 3)} ms CPU); Lumi ${fmt(rps(g, 'lumi'))}`,
      ratio: `${ratio(r)} Express; ${ratio(median(g.ratios['ours/lumi']!))} Lumi`,
      target: '≥ 1.0× Express',
      met: r >= 1 ? 'yes' : 'no',
    });
  }
  for (const name of ['GET /h5p/play MultiChoice', 'GET /h5p/play CoursePresentation']) {
    for (const g of ofGroup(name)) {
      const r = median(g.ratios['ours/lumiCache']!);
      table.push({
        path: `\`GET /h5p/play\` ${name.replace('GET /h5p/play ', '')}, ${g.connections} conn.`,
        today: `${fmt(rps(g, 'ours'))} req/s, ${fmt(cpu(g, 'ours'), 2)} ms CPU/req`,
        peer: `Lumi with cache ${fmt(rps(g, 'lumiCache'))} (${fmt(cpu(g, 'lumiCache'), 2)} ms CPU); without ${fmt(rps(g, 'lumi'))}`,
        ratio: `${ratio(r)} cached; ${ratio(median(g.ratios['ours/lumi']!))} uncached`,
        target: '≥ 1.0× Lumi with cache',
        met: r >= 1 ? 'yes' : 'no',
      });
    }
  }
  for (const p of pageLoads) {
    const r = median(p.ratios);
    table.push({
      path: `learner page load in Chromium, ${p.label === 'multiChoice' ? 'MultiChoice' : `CoursePresentation (${SLIDES} slides)`}`,
      today: `${(median(p.times) / 1000).toFixed(2)} s`,
      peer: `Lumi ${(median(p.peerTimes) / 1000).toFixed(2)} s`,
      ratio: ratio(r),
      target: '≤ 1.0× Lumi',
      met: r <= 1 ? 'yes' : 'no',
    });
  }
  table.push(...rows);

  const head = '| path | today | peer | ratio | target | met? |\n|---|---|---|---|---|---|';
  const md = [head, ...table.map((r) => `| ${r.path} | ${r.today} | ${r.peer} | ${r.ratio} | ${r.target} | ${r.met} |`)].join('\n');
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const command = `npm run bench:compare${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at start ${loadAvg.map((x) => x.toFixed(1)).join(' / ')}`;
  for (const g of groups) {
    details.push(`**${g.name}, ${g.connections} connections** (runs of ${SECONDS} s, in round order; req/s · p50 ms · ms CPU/request):\n`);
    details.push(`| target | ${Array.from({ length: ROUNDS }, (_, i) => `round ${i + 1}`).join(' | ')} |\n|---|${'---|'.repeat(ROUNDS)}`);
    for (const l of g.labels) details.push(`| ${l} | ${g.runs[l]!.map((r) => `${fmt(r.rps)} · ${r.p50} · ${fmt(r.cpuPerRequestMs, 3)}`).join(' | ')} |`);
    details.push(`\nratios by round: ${Object.entries(g.ratios).map(([k, v]) => `${k} ${v.map((x) => x.toFixed(3)).join(', ')}`).join('; ')}\n`);
  }
  for (const p of pageLoads) details.push(`**page load ${p.label}** (ms, interleaved): ours ${p.times.map((t) => fmt(t)).join(', ')}; Lumi ${p.peerTimes.map((t) => fmt(t)).join(', ')}\n`);
  const doc = `# bench:compare — latest run

Written by \`${command}\` on ${when} (${((Date.now() - started) / 1000).toFixed(0)} s). Machine: ${machine}.
Peers: ${Object.entries(PEER_PACKAGES).map(([n, v]) => `${n} ${v}`).join(', ')} (installed in ${PEERS_DIR.replace(os.homedir(), '~')}); bare Node is node:http.
Load: autocannon, ${CONNECTIONS.join(' and ')} connections, ${ROUNDS} interleaved round(s) of ${SECONDS} s per target; ratios are medians of same-round ratios.
Page load: ${LOADS} interleaved loads per side after one warm-up, fresh browser context each, navigation start → content rendered in the player frame.
How it is measured: [docs/performance.md](performance.md#side-by-side).

${md}

## Runs

${details.join('\n')}
`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, doc);
  console.log(`\n${md}\n`);
  log(`written to ${path.relative(ROOT, OUT)} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

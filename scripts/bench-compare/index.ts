#!/usr/bin/env tsx
// npm run bench:compare [-- --quick] [-- --others] [-- --only=<parts>] [-- --hold] (parts: see ALL below and docs/performance.md)
//
// Issue 9's and issue 26's side-by-side table: our app against a bare Node server, Express, Lumi's own stack (with
// and without its in-memory library cache) and "the limit" (a bare node:http server answering our own play body
// from memory), all serving the same content, on this machine, in one run.
//  1. Builds the app if needed (scripts/ensure-build.mjs); installs the peers from npm into a scratch folder
//     outside the repository (scripts/bench-compare/peers.ts) — fails with npm's output if it cannot.
//  2. Starts the built app in production mode on PostgreSQL + Redis with its own database (BENCH_DATABASE_URL,
//     default lumen_bench_cmp), Redis db 13 (BENCH_REDIS_URL) and a fresh DATA_DIR, on BENCH_PORT (3625) and its
//     content origin on the next port; the peers listen on the ports after (PORTS below).
//  3. Imports the same four packages (scripts/bench-compare/content.ts: a MultiChoice, the synthetic BenchSlides,
//     and the real-format Course Presentation and Interactive Video) into our app (as the super admin, made
//     public) and Lumi's.
//  4. A learner (the embedded IdP's student) signs in through the browser sign-in; the play route is called with the
//     player token the content page hands that learner's frame, as the frame would.
//  5. Load: autocannon at 10 and 50 connections, targets interleaved within each round (A B C, B C A, …), the ratio
//     of each round taken within the round, the median of those ratios reported; CPU per request is the server
//     process tree's utime + stime (/proc/<pid>/stat) over the run divided by the requests served.
//  6. Page load: Chromium, a fresh context per load, navigation start → the content rendered in the player frame,
//     ours and Lumi's interleaved, median of the pairwise ratios.
//  7. Bytes (issue 26 item 2): the learner's warm view (the same content page opened twice in one browser context)
//     and a class of learners (a context each) opening the same item; bytes over the wire (bytes.ts).
//  8. Instances (issue 26 item 6): the play route through the round-robin proxy (scripts/round-robin.mjs) to one
//     instance and to two; req/s and requests per server CPU-second.
//  9. Lists, import, SCORM, intake and start-up (with --others, or named in --only): the other bench scripts, run
//     with their own stores (see runOtherBench); otherwise their rows name the command.
// 10. A/B on a noisy machine (BENCH_AGAINST_ENV="NAME=value …"): a second instance of our app with those variables
//     (same database, Redis and DATA_DIR) joins the play rows' rotation as "variant"; each play row also gives the
//     median of the rounds' ratios ours/variant (e.g. RATE_LIMIT_BATCH_MS=0: the player tier counted per request).
// Prints the table and writes it with the raw runs to docs/bench-compare-latest.md (BENCH_COMPARE_OUT).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { resetDatabase, resetRedis } from '../stores.mjs';
import { classViews, measureView, sum, type ClassResult, type View } from './bytes';
import { KIND_LABEL, KINDS, MAIN_LIBRARY, RENDERED, writePackages, type Kind, type PackageFacts } from './content';
import { busyProcesses, loadRun, median, type RunResult, type Target } from './measure';
import { inspect, launchBrowser, pageLoad, type PageLoadTarget, type Rendered } from './pageload';
import { ensurePeers, PEER_PACKAGES, PEERS_DIR, startPeer, type Peer } from './peers';

const ROOT = path.resolve(__dirname, '..', '..');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ALL = ['health', 'static', 'play', 'page', 'pageload', 'bytes', 'instances', 'list', 'import', 'scorm', 'intake', 'startup'] as const;
const only = new Set((arg('only') ?? ALL.join(',')).split(',').map((s) => s.trim()).filter(Boolean));
for (const o of only) if (!(ALL as readonly string[]).includes(o)) throw new Error(`--only: unknown part "${o}" (parts: ${ALL.join(', ')})`);
const SHORT: Record<string, Kind> = { mc: 'multiChoice', multichoice: 'multiChoice', slides: 'slides', benchslides: 'slides', cp: 'coursePresentation', coursepresentation: 'coursePresentation', iv: 'interactiveVideo', interactivevideo: 'interactiveVideo' };
const kindsOf = (list: string) =>
  list.split(',').map((s) => {
    const k = SHORT[s.trim().toLowerCase()];
    if (!k) throw new Error(`unknown content "${s}" (mc, slides, cp, iv)`);
    return k;
  });
/** the content the play and page-load rows run */
const CONTENT = kindsOf(arg('content') ?? (quick ? 'mc,cp' : 'mc,slides,cp,iv'));
/** the content the bytes rows open */
const BYTES_CONTENT = kindsOf(arg('bytes-content') ?? 'cp');
const ROUNDS = Number(arg('rounds') ?? (quick ? 1 : 3));
const SECONDS = Number(arg('seconds') ?? (quick ? 2 : 3));
const CONNECTIONS = (arg('connections') ?? (quick ? '10' : '10,50')).split(',').map(Number);
const LOADS = Number(arg('loads') ?? (quick ? 2 : 5));
/** seconds of load on each target before a group's rounds (JIT warm-up: a fresh app is 2–3× slower in its first seconds) */
const WARMUP = Number(arg('warmup') ?? (quick ? 1 : 3));
/** learners in the class scenario */
const CLASS = Number(arg('class') ?? (quick ? 3 : 30));
/** connections of the instances rows */
const INSTANCE_CONNECTIONS = (arg('instance-connections') ?? '50').split(',').map(Number);
/**
 * the fixed offered load (req/s) of the instances rows' second group, where neither side is saturated; 0 (the
 * default): 60 % of what one instance answered at saturation in the first group
 */
const INSTANCE_RATE = Number(arg('instance-rate') ?? 0);
/**
 * the offered load per instance (req/s) of the instances rows' third group — one instance at this rate, two at twice
 * it, so each instance carries the same load (how throughput grows when instances are added with their own load);
 * 0 (the default): 30 % of what one instance answered at saturation
 */
const INSTANCE_RATE_EACH = Number(arg('instance-rate-each') ?? 0);
/** run the other bench scripts (lists, import, SCORM, intake, start-up): minutes each, so only when asked */
const OTHERS = argv.includes('--others') || (arg('only') !== undefined && !quick);
/** hold before the play rows with the app up (see the play part) */
const HOLD = argv.includes('--hold');
const PORT = Number(process.env.BENCH_PORT ?? 3625);
/**
 * Ports from BENCH_PORT: our app and its content origin, the peers, the second instance and its content origin,
 * the two proxies; the other bench scripts get BENCH_PORT + 20 (and use the ports after it).
 */
const PORTS = { app: PORT, appContent: PORT + 1, bare: PORT + 2, express: PORT + 3, lumiCache: PORT + 4, lumi: PORT + 5, limit: PORT + 6, app2: PORT + 7, app2Content: PORT + 8, proxyOne: PORT + 9, proxyTwo: PORT + 10, limit1: PORT + 11, limit2: PORT + 12, proxyLimitOne: PORT + 13, proxyLimitTwo: PORT + 14, variant: PORT + 15, variantContent: PORT + 16, others: PORT + 20 };
/** BENCH_AGAINST_ENV: the variables of the variant instance the play rows also run (empty: none) */
const AGAINST_ENV: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_AGAINST_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const AGAINST_LABEL = Object.entries(AGAINST_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_cmp';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
/** the other bench scripts' stores: never the defaults another run may be using */
const OTHER_DATABASE_URL = process.env.BENCH_OTHER_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_cmp_other';
/**
 * how many of the learner's player tokens a play run rotates through: each is counted on its own (PLAYER tier,
 * 10,000 a window under E2E_TEST_CODE), so a run of SECONDS at up to 25,000 req/s stays under the limit
 */
const PLAY_TOKENS = quick ? 2 : 12;

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
const kb = (n: number) => (n < 10_240 ? `${fmt(n / 1024, 1)} KB` : n < 10 * 2 ** 20 ? `${fmt(n / 1024)} KB` : `${fmt(n / 2 ** 20, 1)} MB`);

// ---------------------------------------------------------------- our app

interface App {
  url: string;
  /** the content origin (the player page and everything it loads) */
  contentUrl: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

async function startOurApp(dataDir: string, port: number, contentPort: number, extraEnv: Record<string, string> = {}): Promise<App> {
  let out = '';
  const child = spawn(process.execPath, [...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      // the content origin: the other loopback name on its own port (server/content-origin.mjs)
      CONTENT_PORT: String(contentPort),
      DATA_DIR: dataDir,
      DATABASE_URL,
      REDIS_URL,
      IDP_BASE_URL: '', // the embedded IdP: its demo accounts sign in (its state in the shared DATA_DIR)
      IDP_CLIENT_SECRET: '',
      TRUST_PROXY: 'true', // the load runs spread over client addresses (X-Forwarded-For) so no single one is limited
      E2E_TEST_CODE: 'bench', // raises the rate limits: the bench measures the request path, not the limiter's refusals
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
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
    contentUrl: `http://localhost:${contentPort}`,
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
  contentIds: Record<Kind, string>;
  learnerCookie: string;
  /** a fresh player token, as the content page hands it to the learner's frame, and that frame's address */
  player(contentId: string): Promise<{ token: string; frameUrl: string }>;
}

async function prepareOurs(app: App, packages: Record<Kind, string>): Promise<OurSide> {
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
  const contentIds = {} as Record<Kind, string>;
  for (const k of KINDS) contentIds[k] = await importOne(packages[k]);
  const learner = user('student');
  const learnerCookie = await browserSignIn(app.url, learner.email, learner.password);
  const last = new Map<string, string>();
  const player = async (contentId: string) => {
    // tokens are signed per second: a new page view in the same second hands out the same token
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(`${app.url}/content/${encodeURIComponent(contentId)}`, { headers: { Cookie: learnerCookie } });
      const html = await res.text();
      const src = /src="([^"]*\/h5p\/embed\/[^"]+)"/.exec(html);
      if (!src) throw new Error(`the content page of ${contentId} (status ${res.status}) holds no player frame`);
      const frameUrl = new URL(src[1]!.replaceAll('&amp;', '&'), app.url);
      // the player token the frame is given ('' if its address carries none: then the play rows cannot run)
      const token = frameUrl.searchParams.get('token') ?? '';
      if (!token) return { token, frameUrl: frameUrl.toString() };
      if (token !== last.get(contentId)) {
        last.set(contentId, token);
        return { token, frameUrl: frameUrl.toString() };
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error('no fresh player token');
  };
  return { app, contentIds, learnerCookie, player };
}

/** A child process that prints a line when it is listening (the round-robin proxy). */
async function startChild(name: string, script: string, env: Record<string, string>, ready: RegExp): Promise<{ pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready after 30 s:\n${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${String(code)}:\n${out}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        child.once('exit', r);
        setTimeout(r, 3000);
      });
    },
  };
}

// ---------------------------------------------------------------- load groups

interface GroupResult {
  name: string;
  kind?: Kind;
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

async function loadGroup(name: string, targets: Target[], comparisons: [string, string][], connections = CONNECTIONS, kind?: Kind, warmupSeconds = WARMUP): Promise<GroupResult[]> {
  const results: GroupResult[] = [];
  for (const c of connections) {
    log(`${name}, ${c} connections: warming up`);
    for (const t of targets) await loadRun(t, c, warmupSeconds);
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
    results.push({ name, kind, connections: c, labels: targets.map((t) => t.label), runs, ratios });
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
 * to fill: a script that writes `{ "today", "peer", "ratio", "target", "met" }` (strings; `path` too if it
 * wants to name its row) as JSON to BENCH_COMPARE_ROW — or an array of such objects, one per row — gives its
 * rows directly; otherwise `fallback` reads the script's printed table.
 */
async function runOtherBench(script: string, args: string[], row: ExternalRow, fallback: (out: string) => Partial<ExternalRow> | undefined, timeoutMs: number): Promise<ExternalRow[]> {
  if (!packageScripts()[script]) return [{ ...row, today: `see \`npm run ${script}\` (not present yet)`, met: '—' }];
  const rowFile = path.join(os.tmpdir(), `bench-compare-row-${process.pid}-${script.replace(/\W/g, '_')}.json`);
  fs.rmSync(rowFile, { force: true });
  log(`running npm run ${script} ${args.join(' ')} (own stores, at most ${timeoutMs / 1000} s)`);
  const t0 = performance.now();
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      env: { ...process.env, BENCH_DATABASE_URL: OTHER_DATABASE_URL, BENCH_REDIS_URL: OTHER_REDIS_URL, BENCH_PORT: String(PORTS.others), BENCH_COMPARE_ROW: rowFile },
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
    const given = JSON.parse(fs.readFileSync(rowFile, 'utf8')) as Partial<ExternalRow> | Partial<ExternalRow>[];
    fs.rmSync(rowFile, { force: true });
    return (Array.isArray(given) ? given : [given]).map((g) => ({ ...row, ...g }));
  } catch {
    /* the script does not speak BENCH_COMPARE_ROW */
  }
  // a bench script may exit non-zero when its own target is missed: its figures still count
  const parsed = fallback(out);
  if (parsed && code !== 0) parsed.today = `${parsed.today ?? ''} (the script exited ${String(code)})`;
  if (!parsed) return [{ ...row, today: `see \`npm run ${script}\` (${code === 0 ? 'its output had no figure to read' : `it failed: exit ${String(code)}, output in ${logFile}`})`, met: '—' }];
  return [{ ...row, ...parsed }];
}

// ---------------------------------------------------------------- bytes (issue 26 item 2)

interface BytesResult {
  kind: Kind;
  ours: { cold: View; warm: View; cls?: ClassResult };
  lumi: { cold: View; warm: View };
}

/** our app's origin vs the content origin (the player frame) */
function split(v: View, app: App) {
  const appOrigin = new URL(app.url).origin;
  const contentOrigin = new URL(app.contentUrl).origin;
  return {
    total: sum(v.transfers),
    app: sum(v.transfers.filter((t) => t.origin === appOrigin)),
    frame: sum(v.transfers.filter((t) => t.origin === contentOrigin)),
    other: sum(v.transfers.filter((t) => t.origin !== appOrigin && t.origin !== contentOrigin)),
    requests: v.transfers.length,
    hits: v.transfers.filter((t) => t.cacheHit).length,
    cdp: v.transfers.reduce((s, t) => s + (t.cdpBytes ?? 0), 0),
    unseen: v.transfers.filter((t) => t.cdpBytes === null).length,
  };
}

function describeView(v: View, label: string): string {
  const rows = v.transfers
    .slice()
    .sort((a, b) => b.bytes - a.bytes)
    .map((t) => {
      const u = new URL(t.url);
      const p = `${u.pathname.length > 70 ? `${u.pathname.slice(0, 67)}…` : u.pathname}${u.search ? '?…' : ''}`;
      return `| ${u.host} | ${t.method} ${p} | ${t.status}${t.failed ? ' (failed)' : ''} | ${t.cacheHit ? 'cache' : fmt(t.bytes)} | ${t.cdpBytes === null ? '—' : fmt(t.cdpBytes)} | ${t.cacheControl || '—'} |`;
    });
  return `**${label}** (${v.transfers.length} requests, ${kb(sum(v.transfers))} received, rendered after ${fmt(v.ms)} ms):\n\n| host | request | status | bytes (Playwright) | bytes (CDP) | Cache-Control |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`;
}

/** Throws unless a rendered real-format player shows all of its content (`expect`: from content.ts). */
function checkRendered(label: string, r: Rendered, expect: PackageFacts['expect'] | undefined) {
  const wrong: string[] = [];
  if (r.imagesLoaded !== r.images) wrong.push(`${r.images - r.imagesLoaded} of ${r.images} images did not load`);
  if (expect) {
    if (r.supports !== expect.supports) wrong.push(`${r.supports} of ${expect.supports} support libraries ran`);
    if (expect.slides !== undefined && r.slides !== expect.slides) wrong.push(`${r.slides} slides, not ${expect.slides}`);
    if (expect.elements !== undefined && r.elements !== expect.elements) wrong.push(`${r.elements} slide elements, not ${expect.elements}`);
    if (expect.interactions !== undefined && r.interactions !== expect.interactions) wrong.push(`${r.interactions} interactions, not ${expect.interactions}`);
    if (expect.video && (!r.video || r.video.error !== null || r.video.readyState < 1)) wrong.push(`the video has no metadata: ${JSON.stringify(r.video)}`);
  }
  if (wrong.length) throw new Error(`${label}: the content did not render whole: ${wrong.join('; ')}`);
  log(`  ${label} rendered: ${JSON.stringify(r)}`);
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  const loadAvg = os.loadavg();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  const busyBefore = await busyProcesses(3000, process.pid);
  log(`busy processes before the run: ${busyBefore || 'none'}`);
  ensurePeers(log);
  await resetDatabase(DATABASE_URL);
  await resetRedis(REDIS_URL);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  const facts: Partial<Record<Kind, PackageFacts>> = {};
  const packages = writePackages(work, facts);
  const stops: (() => Promise<void>)[] = [];
  const rows: ExternalRow[] = [];
  const details: string[] = [];
  const groups: GroupResult[] = [];
  const pageLoads: { kind: Kind; times: number[]; ratios: number[]; peerTimes: number[] }[] = [];
  const bytes: BytesResult[] = [];
  const playBodies: Partial<Record<Kind, number>> = {};
  const rendered: { label: string; r: Rendered }[] = [];
  let app: App | undefined;
  try {
    app = await startOurApp(path.join(work, 'data'), PORTS.app, PORTS.appContent);
    const app1 = app;
    stops.push(() => app1.stop());
    log(`our app (production build) on ${app.url} (content origin ${app.contentUrl}), pid ${app.pid}`);
    const ours = await prepareOurs(app, packages);
    log(`our content: ${JSON.stringify(ours.contentIds)}`);
    const core = path.join(ROOT, '.vendor', 'h5p', 'core');
    const editor = path.join(ROOT, '.vendor', 'h5p', 'editor');
    const ourLibraries = path.join(app.dataDir, 'h5p', 'libraries');
    const peers: Record<string, Peer> = {};
    const need = (p: string) => only.has(p);
    if (need('health')) peers.bare = await startPeer('bare Node', ['bare'], PORTS.bare);
    if (need('health') || need('static')) peers.express = await startPeer('Express', ['express', ourLibraries], PORTS.express);
    if (need('static') || need('play') || need('pageload') || need('bytes')) {
      const pk = KINDS.map((k) => packages[k]);
      peers.lumiCache = await startPeer('Lumi with cache', ['lumi', path.join(work, 'lumi-cache'), core, editor, 'cache', ...pk], PORTS.lumiCache);
      if (need('play')) peers.lumi = await startPeer('Lumi without cache', ['lumi', path.join(work, 'lumi-nocache'), core, editor, 'nocache', ...pk], PORTS.lumi);
    }
    const lumiId = (p: Peer, k: Kind) => String(p.info.contentIds[KINDS.indexOf(k)]);
    const playToken = async (id: string) => {
      const { token } = await ours.player(id);
      if (!token) throw new Error("the content page's player frame carries no ?token=: the play rows call /h5p/play/:id?token=<player token> (scripts/bench-compare/index.ts)");
      return token;
    };
    // the play route's address for `base` (our app, or a proxy in front of it): a run rotates through several of
    // the learner's fresh player tokens (as several open tabs would) and starts with empty rate-limit windows (a
    // player token is counted on its own: PLAYER tier, 10,000 a window under E2E_TEST_CODE); the limiter still
    // counts every request
    const playUrls = (base: string, id: string) => async () => {
      await clearRateLimits();
      const urls: string[] = [];
      for (let i = 0; i < PLAY_TOKENS; i++) urls.push(`${base}/h5p/play/${encodeURIComponent(id)}?token=${encodeURIComponent(await playToken(id))}`);
      return urls;
    };
    if (need('play')) {
      // "the limit": our own play body, fetched once, answered from memory by a bare node:http server
      const dir = path.join(work, 'limit');
      fs.mkdirSync(dir);
      for (const k of CONTENT) {
        const id = ours.contentIds[k];
        const res = await fetch(`${app.url}/h5p/play/${encodeURIComponent(id)}?token=${encodeURIComponent(await playToken(id))}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || !body.includes(MAIN_LIBRARY[k])) throw new Error(`our play (${k}) answered ${res.status}: ${body.toString().slice(0, 300)}`);
        fs.writeFileSync(path.join(dir, `${k}.body`), body);
        fs.writeFileSync(path.join(dir, `${k}.type`), res.headers.get('content-type') ?? 'application/json');
        playBodies[k] = body.length;
      }
      peers.limit = await startPeer('the limit', ['limit', dir], PORTS.limit);
    }
    for (const p of Object.values(peers)) stops.push(() => p.stop());
    log(`peers: ${Object.values(peers).map((p) => `${p.name} (${p.url}, pid ${p.pid})`).join(', ')}`);

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
      const bytesOf = fs.readFileSync(path.join(ourLibraries, 'H5P.MultiChoice-1.16', 'multichoice.js'), 'utf8');
      for (const base of [app.url, peers.express!.url, peers.lumiCache!.url]) await check(`${base}${file}`, {}, (b) => b === bytesOf, 'static file');
      const targets: Target[] = [
        { label: 'ours', url: `${app.url}${file}`, pid: app.pid, rotateIp: true },
        { label: 'express', url: `${peers.express!.url}${file}`, pid: peers.express!.pid },
        { label: 'lumi', url: `${peers.lumiCache!.url}${file}`, pid: peers.lumiCache!.pid },
      ];
      groups.push(...(await loadGroup('static library file', targets, [['ours', 'express'], ['ours', 'lumi']])));
    }

    // ---- play
    let variant: App | undefined;
    if (need('play') && AGAINST_LABEL) {
      variant = await startOurApp(app.dataDir, PORTS.variant, PORTS.variantContent, AGAINST_ENV);
      const v = variant;
      stops.push(() => v.stop());
      log(`variant: our app with ${AGAINST_LABEL} on ${v.url}, pid ${v.pid}`);
    }
    if (need('play') && HOLD) {
      // --hold: the app stays up with the play rows' addresses written out, for a profiler or a load run by hand;
      // the bench goes on when it gets SIGUSR2 (its own pid is in the file too)
      const out: Record<string, string[]> = {};
      for (const kind of CONTENT) out[kind] = await playUrls(app.url, ours.contentIds[kind])();
      fs.writeFileSync(path.join(work, 'play-urls.json'), JSON.stringify({ bench: process.pid, pid: app.pid, limit: peers.limit!.url, urls: out }, null, 2));
      log(`holding: the play addresses are in ${path.join(work, 'play-urls.json')}; \`kill -USR2 ${process.pid}\` goes on`);
      await new Promise<void>((resolve) => process.once('SIGUSR2', () => resolve()));
    }
    if (need('play')) {
      for (const kind of CONTENT) {
        const id = ours.contentIds[kind];
        const lib = MAIN_LIBRARY[kind];
        for (const p of [peers.lumiCache!, peers.lumi!]) await check(`${p.url}/h5p/play/${lumiId(p, kind)}`, {}, (b) => b.includes(lib), `${p.name} play (${kind})`);
        await check(`${peers.limit!.url}/play/${kind}`, {}, (b) => b.includes(lib), `the limit (${kind})`);
        const targets: Target[] = [
          { label: 'ours', url: '', prepareMany: playUrls(app.url, id), pid: app.pid, rotateIp: true },
          { label: 'lumiCache', url: `${peers.lumiCache!.url}/h5p/play/${lumiId(peers.lumiCache!, kind)}`, pid: peers.lumiCache!.pid },
          { label: 'lumi', url: `${peers.lumi!.url}/h5p/play/${lumiId(peers.lumi!, kind)}`, pid: peers.lumi!.pid },
          { label: 'limit', url: `${peers.limit!.url}/play/${kind}`, pid: peers.limit!.pid },
          ...(variant ? [{ label: 'variant', url: '', prepareMany: playUrls(variant.url, id), pid: variant.pid, rotateIp: true }] : []),
        ];
        const pairs: [string, string][] = [['ours', 'lumiCache'], ['ours', 'lumi'], ['ours', 'limit'], ...(variant ? [['ours', 'variant'] as [string, string]] : [])];
        groups.push(...(await loadGroup(`GET /h5p/play ${kind}`, targets, pairs, CONNECTIONS, kind)));
      }
    }

    // ---- the content page a learner opens (a server-rendered Next.js page; no peer: an input of docs/scaling.md)
    if (need('page')) {
      const kind: Kind = CONTENT.includes('coursePresentation') ? 'coursePresentation' : CONTENT[0]!;
      const t: Target = { label: 'ours', url: `${app.url}/content/${encodeURIComponent(ours.contentIds[kind])}`, pid: app.pid, headers: { Cookie: ours.learnerCookie } };
      await loadRun(t, 10, WARMUP);
      const runs: RunResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const r = await loadRun(t, 10, SECONDS);
        if (r.non2xx > r.requests * 0.01 || r.errors > r.requests * 0.01) throw new Error(`the content page answered ${r.non2xx} non-2xx and ${r.errors} errors of ${r.requests}`);
        log(`  content page round ${round + 1}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, ${fmt(r.cpuPerRequestMs, 2)} ms CPU/request`);
        runs.push(r);
      }
      const rps = median(runs.map((r) => r.rps));
      const cpu = median(runs.map((r) => r.cpuPerRequestMs));
      rows.push({
        path: `\`GET /content/:id\` (the content page a learner opens: server-rendered, a fresh player token), ${KIND_LABEL[kind]}, 10 conn.`,
        today: `${fmt(rps)} req/s, ${fmt(cpu, 2)} ms CPU/req (median of ${runs.length} rounds)`,
        peer: '—',
        ratio: '—',
        target: 'an input of docs/scaling.md',
        met: '—',
      });
    }

    // ---- learner page load
    if (need('pageload')) {
      const browser = await launchBrowser();
      try {
        const cookies = ours.learnerCookie.split('; ').map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url: app!.url }));
        for (const kind of CONTENT) {
          // the learner's player page — what an LMS or an embed snippet loads, and what Lumi's /h5p/page is — at the
          // address (the content origin) and with the player token the learner's workspace page hands out
          const id = ours.contentIds[kind];
          const o: PageLoadTarget = { label: `ours ${kind}`, url: async () => (await ours.player(id)).frameUrl, cookies, selector: RENDERED[kind] };
          const l: PageLoadTarget = { label: `Lumi ${kind}`, url: async () => `${peers.lumiCache!.url}/h5p/page/${lumiId(peers.lumiCache!, kind)}`, selector: RENDERED[kind] };
          // warm-up (first compile of each side's path), and a check that both sides show the whole content
          for (const t of [o, l]) {
            const r = await inspect(browser, t);
            checkRendered(t.label, r, facts[kind]?.expect);
            rendered.push({ label: t.label, r });
          }
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
          pageLoads.push({ kind, times, peerTimes, ratios });
        }
      } finally {
        await browser.close();
      }
    }

    // ---- bytes over the wire: warm view and a class
    if (need('bytes')) {
      const browser = await launchBrowser();
      try {
        const learnerContext = async () => {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          await context.addCookies(ours.learnerCookie.split('; ').map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url: app!.url })));
          return context;
        };
        for (const kind of BYTES_CONTENT) {
          const ourUrl = `${app.url}/content/${encodeURIComponent(ours.contentIds[kind])}`;
          const lumiUrl = `${peers.lumiCache!.url}/h5p/page/${lumiId(peers.lumiCache!, kind)}`;
          // a first view of each warms the servers' paths (not counted)
          for (const [ctx, url] of [[await learnerContext(), ourUrl], [await browser.newContext(), lumiUrl]] as const) {
            await measureView(ctx, url, RENDERED[kind]);
            await ctx.close();
          }
          const ctx = await learnerContext();
          const cold = await measureView(ctx, ourUrl, RENDERED[kind]);
          const warm = await measureView(ctx, ourUrl, RENDERED[kind]);
          await ctx.close();
          const lctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          const lcold = await measureView(lctx, lumiUrl, RENDERED[kind]);
          const lwarm = await measureView(lctx, lumiUrl, RENDERED[kind]);
          await lctx.close();
          log(`  ${kind}: ours cold ${kb(sum(cold.transfers))}, warm ${kb(sum(warm.transfers))}; Lumi cold ${kb(sum(lcold.transfers))}, warm ${kb(sum(lwarm.transfers))}`);
          const result: BytesResult = { kind, ours: { cold, warm }, lumi: { cold: lcold, warm: lwarm } };
          if (CLASS > 0) {
            log(`  ${kind}: a class of ${CLASS} learners, one browser context each`);
            result.ours.cls = await classViews(browser, CLASS, async () => ({ context: await learnerContext(), url: ourUrl }), RENDERED[kind]);
            log(`  ${kind}: the class's browsers received ${kb(result.ours.cls.browserBytes)}; behind a shared cache the origins would send ${kb(result.ours.cls.originBytes)}`);
          }
          bytes.push(result);
        }
      } finally {
        await browser.close();
      }
    }

    // ---- one instance and two behind the round-robin proxy (issue 26 item 6)
    if (need('instances')) {
      for (const p of ['bare', 'express', 'lumi', 'limit'] as const) {
        if (peers[p]) {
          await peers[p].stop();
          delete peers[p];
        }
      }
      const app2 = await startOurApp(app.dataDir, PORTS.app2, PORTS.app2Content);
      stops.push(() => app2.stop());
      const proxy = (port: number, upstreams: App[]) =>
        startChild(`round-robin proxy on ${port}`, path.join(ROOT, 'scripts', 'round-robin.mjs'), { PORT: String(port), HOST: '127.0.0.1', UPSTREAMS: upstreams.map((a) => a.url).join(','), TRUST_FORWARDED_FOR: 'true' }, /round-robin proxy on/);
      const one = await proxy(PORTS.proxyOne, [app]);
      stops.push(() => one.stop());
      const two = await proxy(PORTS.proxyTwo, [app, app2]);
      stops.push(() => two.stop());
      const kind: Kind = 'coursePresentation';
      const id = ours.contentIds[kind];
      for (const port of [PORTS.proxyOne, PORTS.proxyTwo, PORTS.proxyTwo]) {
        await check(`http://127.0.0.1:${port}/h5p/play/${id}?token=${encodeURIComponent(await playToken(id))}`, {}, (b) => b.includes(MAIN_LIBRARY[kind]), `play through the proxy on ${port}`);
      }
      log(`second instance on ${app2.url} (pid ${app2.pid}); proxies: one instance :${PORTS.proxyOne} (pid ${one.pid}), two :${PORTS.proxyTwo} (pid ${two.pid})`);
      const targets: Target[] = [
        { label: 'one', url: '', prepareMany: playUrls(`http://127.0.0.1:${PORTS.proxyOne}`, id), pid: app.pid, rotateIp: true },
        { label: 'two', url: '', prepareMany: playUrls(`http://127.0.0.1:${PORTS.proxyTwo}`, id), pid: app.pid, pids: [app.pid, app2.pid], rotateIp: true },
      ];
      // a longer warm-up: the second instance has served nothing yet
      const saturated = await loadGroup(`instances ${kind}`, targets, [['two', 'one']], INSTANCE_CONNECTIONS, kind, Math.max(WARMUP, quick ? 2 : 5));
      groups.push(...saturated);
      // the same at a fixed offered load below one instance's saturation: on 2 cores, two saturated instances share
      // them with each other, the proxy, the load generator, PostgreSQL and Redis, so their CPU per request also
      // measures that crowding; at a rate both can answer, it measures what a second instance itself costs
      const oneRate = median(saturated.flatMap((g) => g.runs.one!.map((r) => r.rps)));
      const rate = Math.round(INSTANCE_RATE || oneRate * 0.6);
      if (rate > 0) {
        const fixed = targets.map((t) => ({ ...t, rate }));
        groups.push(...(await loadGroup(`instances ${kind} at ${fmt(rate)} req/s`, fixed, [['two', 'one']], INSTANCE_CONNECTIONS, kind, 2)));
      }
      // the same load on each instance: one at R, two at 2R behind the proxy (each answers R, as when a school adds
      // an instance with the learners it serves); what a second instance costs per request at an equal share
      const each = Math.round(INSTANCE_RATE_EACH || oneRate * 0.3);
      if (each > 0) {
        const shared = targets.map((t) => ({ ...t, rate: t.label === 'two' ? 2 * each : each }));
        groups.push(...(await loadGroup(`instances ${kind} at ${fmt(each)} req/s per instance`, shared, [['two', 'one']], INSTANCE_CONNECTIONS, kind, 2)));
      }
      // the control: the limit (the same play body from memory, a bare node:http server) as one and two instances
      // behind the same proxy, under the same loads. Whatever per-core efficiency it loses with a second instance is
      // this machine's (shared cores, the proxy, the load generator), not the app's.
      const controlDir = path.join(work, 'limit-instances');
      fs.mkdirSync(controlDir);
      const playRes = await fetch(`${app.url}/h5p/play/${encodeURIComponent(id)}?token=${encodeURIComponent(await playToken(id))}`);
      fs.writeFileSync(path.join(controlDir, `${kind}.body`), Buffer.from(await playRes.arrayBuffer()));
      fs.writeFileSync(path.join(controlDir, `${kind}.type`), playRes.headers.get('content-type') ?? 'application/json');
      const limit1 = await startPeer('the limit, instance 1', ['limit', controlDir], PORTS.limit1);
      stops.push(() => limit1.stop());
      const limit2 = await startPeer('the limit, instance 2', ['limit', controlDir], PORTS.limit2);
      stops.push(() => limit2.stop());
      const limitOne = await proxy(PORTS.proxyLimitOne, [limit1 as unknown as App]);
      stops.push(() => limitOne.stop());
      const limitTwo = await proxy(PORTS.proxyLimitTwo, [limit1, limit2] as unknown as App[]);
      stops.push(() => limitTwo.stop());
      const control: Target[] = [
        { label: 'one', url: `http://127.0.0.1:${PORTS.proxyLimitOne}/play/${kind}`, pid: limit1.pid },
        { label: 'two', url: `http://127.0.0.1:${PORTS.proxyLimitTwo}/play/${kind}`, pid: limit1.pid, pids: [limit1.pid, limit2.pid] },
      ];
      groups.push(...(await loadGroup(`instances-control ${kind}`, control, [['two', 'one']], INSTANCE_CONNECTIONS, kind, 2)));
      if (rate > 0) {
        const fixedControl = control.map((t) => ({ ...t, rate }));
        groups.push(...(await loadGroup(`instances-control ${kind} at ${fmt(rate)} req/s`, fixedControl, [['two', 'one']], INSTANCE_CONNECTIONS, kind, 2)));
      }
      if (each > 0) {
        const sharedControl = control.map((t) => ({ ...t, rate: t.label === 'two' ? 2 * each : each }));
        groups.push(...(await loadGroup(`instances-control ${kind} at ${fmt(each)} req/s per instance`, sharedControl, [['two', 'one']], INSTANCE_CONNECTIONS, kind, 2)));
      }
    }
    for (const s of stops.reverse()) await s();
    stops.length = 0;

    // ---- other bench scripts (their own app, database and Redis db)
    if (OTHERS && need('list')) {
      rows.push(
        ...(await runOtherBench(
          'bench:content-list',
          [],
          { path: 'my content list, 2,000 items', today: '', peer: 'Lumi id list (not measured here)', ratio: '—', target: 'p95 ≤ 50 ms', met: '' },
          (out) => {
            const r = tableRow(out, /^first page/i);
            const p95 = Number(r?.['p95 ms']);
            return Number.isFinite(p95) ? { today: `p95 ${p95} ms (first page, \`npm run bench:content-list\`)`, met: p95 <= 50 ? 'yes' : 'no' } : undefined;
          },
          240_000,
        )),
      );
    } else if (need('list')) rows.push({ path: 'my content list, 2,000 items', today: 'see `npm run bench:content-list`', peer: '—', ratio: '—', target: 'p95 ≤ 50 ms', met: '—' });
    const scripts = packageScripts();
    const scormScript = Object.keys(scripts).find((s) => /^bench:(scorm|export)/.test(s)) ?? 'bench:scorm';
    if (OTHERS && need('import')) {
      rows.push(
        ...(await runOtherBench(
          'bench:import',
          [],
          { path: 'import', today: '', peer: 'Lumi importer (not measured here)', ratio: '—', target: '≤ 1.1× Lumi; 500 MB in ≤ 200 MiB RSS', met: '—' },
          (out) => {
            const times = [...out.matchAll(/^\|\s*\d+\s*\|\s*([\d.]+) s\s*\|[^|]*\|[^|]*\|\s*([\d.]+) MiB/gm)].map((m) => Number(m[1]));
            return times.length ? { today: `${median(times).toFixed(2)} s median for \`npm run bench:import\`'s 200 MiB package` } : undefined;
          },
          240_000,
        )),
      );
    } else if (need('import')) rows.push({ path: 'import', today: 'see `npm run bench:import`', peer: '—', ratio: '—', target: '≤ 1.1× Lumi', met: '—' });
    if (OTHERS && need('scorm')) {
      rows.push(
        ...(await runOtherBench(
          scormScript,
          [],
          { path: 'SCORM 2004 export', today: '', peer: '`zip -qr`', ratio: '—', target: '≤ 1.5× `zip -qr`', met: '—' },
          (out) => {
            // its table: | SCORM 2004 export, … | <app> | zip -qr <time> | <ratio>× |
            const m = /^\|\s*(SCORM 2004 export[^|]*)\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*([\d.]+)×\s*\|/m.exec(out);
            return m ? { today: `${m[2]} (${m[1]!.trim()}; \`npm run ${scormScript}\`)`, peer: m[3]!, ratio: `${m[4]}×`, met: Number(m[4]) <= 1.5 ? 'yes' : 'no' } : undefined;
          },
          240_000,
        )),
      );
    } else if (need('scorm')) rows.push({ path: 'SCORM 2004 export', today: `see \`npm run ${scormScript}\``, peer: '`zip -qr`', ratio: '—', target: '≤ 1.5× `zip -qr`', met: '—' });
    // issue 26 items 3 and 5: their own bench scripts give their rows through BENCH_COMPARE_ROW
    const intakeRow: ExternalRow = { path: 'xAPI intake, 10 and 50 connections, one and two instances', today: '', peer: '—', ratio: '—', target: '≥ 10,000 statements/s, p99 ≤ 200 ms', met: '—' };
    if (OTHERS && need('intake')) rows.push(...(await runOtherBench('bench:intake', [], intakeRow, () => undefined, 600_000)));
    else if (need('intake')) rows.push({ ...intakeRow, today: `see \`npm run bench:intake\`${scripts['bench:intake'] ? '' : ' (not present yet)'}` });
    const startupRow: ExternalRow = { path: 'start-up and memory (embedded defaults)', today: '', peer: "Lumi's server 0.66 s, 89 MiB (issue 26)", ratio: '—', target: 'ready ≤ 1.5 s, ≤ 220 MiB after start, ≤ 300 MiB steady', met: '—' };
    if (OTHERS && need('startup')) {
      rows.push(
        ...(await runOtherBench(
          'bench:startup',
          [],
          startupRow,
          (out) => {
            // the script's summary line (JSON): medians to healthy, and resident memory when healthy
            const line = out.split('\n').reverse().find((l) => l.startsWith('{"firstStartMedianMs"'));
            if (!line) return undefined;
            const j = JSON.parse(line) as { firstStartMedianMs: number; restartMedianMs: number | null; appRssMiB?: { healthyMedian?: number }; databaseRssMiB?: { healthyMedian?: number } };
            // 0: the script did not find that process
            const app = j.appRssMiB?.healthyMedian || NaN;
            const db = j.databaseRssMiB?.healthyMedian || NaN;
            const ready = j.firstStartMedianMs / 1000;
            const memory = Number.isFinite(app) ? `${fmt(app + db)} MiB when healthy (app ${fmt(app)}, embedded database ${fmt(db)})` : `the app's memory not found by the script (embedded database ${fmt(db)} MiB)`;
            return {
              today: `ready ${ready.toFixed(2)} s (first start, median; restart ${j.restartMedianMs === null ? '—' : (j.restartMedianMs / 1000).toFixed(2)} s); ${memory}; steady memory under load not measured by \`npm run bench:startup\``,
              met: ready > 1.5 || app + db > 220 ? 'no' : Number.isFinite(app) ? 'start and memory after start: yes' : '—',
            };
          },
          420_000,
        )),
      );
    } else if (need('startup')) rows.push({ ...startupRow, today: 'see `npm run bench:startup`' });
  } finally {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    setTimeout(() => fs.rmSync(work, { recursive: true, force: true }), 500).unref();
  }
  const busyAfter = await busyProcesses(3000, process.pid);

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
  for (const kind of KINDS) {
    for (const g of ofGroup(`GET /h5p/play ${kind}`)) {
      const r = median(g.ratios['ours/lumiCache']!);
      const rl = median(g.ratios['ours/limit']!);
      // issue 26 item 1: ≥ 3× Lumi with its cache and ≥ 0.2× the limit (Multiple Choice, Course Presentation,
      // Interactive Video); the synthetic BenchSlides keeps issue 9's ≥ 1×
      const synthetic = kind === 'slides';
      table.push({
        path: `\`GET /h5p/play\` ${KIND_LABEL[kind]}${playBodies[kind] ? `, ${kb(playBodies[kind])} body` : ''}, ${g.connections} conn.`,
        today: `${fmt(rps(g, 'ours'))} req/s, ${fmt(cpu(g, 'ours'), 2)} ms CPU/req`,
        peer: `Lumi with cache ${fmt(rps(g, 'lumiCache'))} (${fmt(cpu(g, 'lumiCache'), 2)} ms CPU); without ${fmt(rps(g, 'lumi'))}; the limit ${fmt(rps(g, 'limit'))} (${fmt(cpu(g, 'limit'), 3)} ms CPU)`,
        ratio: `${ratio(r)} cached; ${ratio(median(g.ratios['ours/lumi']!))} uncached; ${ratio(rl)} the limit${g.ratios['ours/variant'] ? `; ${ratio(median(g.ratios['ours/variant']))} ours with ${AGAINST_LABEL} (${fmt(rps(g, 'variant'))} req/s, ${fmt(cpu(g, 'variant'), 2)} ms CPU/req)` : ''}`,
        target: synthetic ? '≥ 1.0× Lumi with cache' : '≥ 3× Lumi with cache; ≥ 0.2× the limit',
        met: synthetic ? (r >= 1 ? 'yes' : 'no') : r >= 3 && rl >= 0.2 ? 'yes' : 'no',
      });
    }
  }
  for (const p of pageLoads) {
    const r = median(p.ratios);
    table.push({
      path: `learner page load in Chromium, ${KIND_LABEL[p.kind]}`,
      today: `${(median(p.times) / 1000).toFixed(2)} s`,
      peer: `Lumi ${(median(p.peerTimes) / 1000).toFixed(2)} s`,
      ratio: ratio(r),
      target: '≤ 1.0× Lumi',
      met: r <= 1 ? 'yes' : 'no',
    });
  }
  for (const b of bytes) {
    const o = { cold: split(b.ours.cold, app), warm: split(b.ours.warm, app) };
    const l = { cold: sum(b.lumi.cold.transfers), warm: sum(b.lumi.warm.transfers) };
    table.push({
      path: `warm view bytes, ${KIND_LABEL[b.kind]} (\`/content/:id\`, second view in the same browser context)`,
      today: `${kb(o.warm.total)}: app page ${kb(o.warm.app)}, player frame ${kb(o.warm.frame)} (${o.warm.requests} requests, ${o.warm.hits} from cache; cold view ${kb(o.cold.total)}: ${kb(o.cold.app)} + ${kb(o.cold.frame)})`,
      peer: `Lumi \`/h5p/page/:id\` ${kb(l.warm)} (cold ${kb(l.cold)})`,
      ratio: l.warm > 0 ? ratio(o.warm.total / l.warm) : '—',
      target: '≤ 60 KB',
      met: o.warm.total <= 60 * 1024 ? 'yes' : 'no',
    });
    const c = b.ours.cls;
    if (c) {
      const cold = sum(b.ours.cold.transfers);
      const limit = 1.2 * cold + c.learners * 60 * 1024;
      table.push({
        path: `class of ${c.learners}, ${KIND_LABEL[b.kind]} (a browser context each, one view each)`,
        today: `origins send ${kb(c.originBytes)} behind one shared cache; the browsers received ${kb(c.browserBytes)} (${ratio(c.browserBytes / (c.learners * cold))} of ${c.learners} × one cold view)`,
        peer: `${c.learners} × one cold view = ${kb(c.learners * cold)}`,
        ratio: ratio(c.originBytes / (c.learners * cold)),
        target: `≤ 1.2 × one cold view + ${c.learners} × 60 KB = ${kb(limit)}`,
        met: c.originBytes <= limit ? 'yes' : 'no',
      });
    }
  }
  // requests per server CPU-second of two instances over one's, the median of the rounds' ratios
  const efficiency = (g: GroupResult) => {
    const eff = (l: string, i: number) => 1000 / g.runs[l]![i]!.cpuPerRequestMs;
    return median(g.runs.one!.map((_, i) => eff('two', i) / eff('one', i)));
  };
  for (const g of groups.filter((x) => x.name.startsWith('instances ') || x.name.startsWith('instances-control '))) {
    const control = g.name.startsWith('instances-control ');
    const er = efficiency(g);
    // the same load on the control (the limit's two instances): the app's efficiency over the machine's own
    const twin = control ? undefined : groups.find((x) => x.name === g.name.replace(/^instances /, 'instances-control ') && x.connections === g.connections);
    const relative = twin ? er / efficiency(twin) : undefined;
    const at = g.name.match(/ at (.+)$/)?.[1];
    const perInstance = at?.endsWith(' per instance');
    const load = !at ? 'as fast as they answer' : perInstance ? `the same load on each instance (one at ${at.replace(/ per instance$/, '')}, two at twice it)` : `a fixed ${at} offered to both`;
    table.push({
      path: control
        ? `the control: the limit (${KIND_LABEL[g.kind!]}'s play body from memory, bare node:http) as two instances behind the proxy vs one, ${g.connections} conn., ${load}`
        : `two instances behind the proxy vs one, \`GET /h5p/play\` ${KIND_LABEL[g.kind!]}, ${g.connections} conn., ${load}`,
      today: `two: ${fmt(rps(g, 'two'))} req/s, ${fmt(median(g.runs.two!.map((r) => 1000 / r.cpuPerRequestMs)))} requests per server CPU-second`,
      peer: `one: ${fmt(rps(g, 'one'))} req/s, ${fmt(median(g.runs.one!.map((r) => 1000 / r.cpuPerRequestMs)))} requests per server CPU-second`,
      ratio: `${ratio(median(g.ratios['two/one']!))} req/s; ${ratio(er)} per-core efficiency${relative === undefined ? '' : `; ${ratio(relative)} of the control's (the limit's under the same load)`}`,
      target: control ? "— (the machine's own loss)" : 'efficiency ≥ 0.9× one instance',
      met: control ? '—' : er >= 0.9 ? 'yes' : relative !== undefined && relative >= 0.9 ? `no; yes against the machine's own loss (${ratio(relative)} the control's)` : 'no',
    });
  }
  table.push(...rows);

  const head = '| path | today | peer | ratio | target | met? |\n|---|---|---|---|---|---|';
  const md = [head, ...table.map((r) => `| ${r.path} | ${r.today} | ${r.peer} | ${r.ratio} | ${r.target} | ${r.met} |`)].join('\n');
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const command = `npm run bench:compare${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at start ${loadAvg.map((x) => x.toFixed(1)).join(' / ')}`;
  for (const g of groups) {
    const eff = g.name.startsWith('instances');
    details.push(`**${g.name}, ${g.connections} connections** (runs of ${SECONDS} s, in round order; req/s · p50 ms · ms CPU/request${eff ? ' · requests per server CPU-second' : ''}):\n`);
    details.push(`| target | ${Array.from({ length: ROUNDS }, (_, i) => `round ${i + 1}`).join(' | ')} |\n|---|${'---|'.repeat(ROUNDS)}`);
    for (const l of g.labels) details.push(`| ${l} | ${g.runs[l]!.map((r) => `${fmt(r.rps)} · ${r.p50} · ${fmt(r.cpuPerRequestMs, 3)}${eff ? ` · ${fmt(1000 / r.cpuPerRequestMs)}` : ''}`).join(' | ')} |`);
    details.push(`\nratios by round: ${Object.entries(g.ratios).map(([k, v]) => `${k} ${v.map((x) => x.toFixed(3)).join(', ')}`).join('; ')}\n`);
  }
  if (rendered.length) details.push(`**rendered** (checked on the warm-up load of each side; \`supports\`: generated support libraries whose script ran): ${rendered.map((x) => `${x.label} ${JSON.stringify(x.r)}`).join('; ')}\n`);
  for (const p of pageLoads) details.push(`**page load ${p.kind}** (ms, interleaved): ours ${p.times.map((t) => fmt(t)).join(', ')}; Lumi ${p.peerTimes.map((t) => fmt(t)).join(', ')}\n`);
  for (const b of bytes) {
    const o = split(b.ours.warm, app);
    details.push(
      `**bytes, ${b.kind}**: Playwright's sizes against CDP's encodedDataLength — ours warm ${fmt(o.total)} vs ${fmt(o.cdp)} (${o.unseen} request(s) CDP did not see), cold ${fmt(split(b.ours.cold, app).total)} vs ${fmt(split(b.ours.cold, app).cdp)}; Lumi warm ${fmt(sum(b.lumi.warm.transfers))} vs ${fmt(sum(b.lumi.warm.transfers, (t) => t.cdpBytes ?? 0))}, cold ${fmt(sum(b.lumi.cold.transfers))} vs ${fmt(sum(b.lumi.cold.transfers, (t) => t.cdpBytes ?? 0))}.\n`,
    );
    details.push(describeView(b.ours.cold, `ours, cold view of /content/:id (${b.kind})`));
    details.push(describeView(b.ours.warm, `ours, warm view (${b.kind})`));
    details.push(describeView(b.lumi.cold, `Lumi, cold view of /h5p/page/:id (${b.kind})`));
    details.push(describeView(b.lumi.warm, `Lumi, warm view (${b.kind})`));
    if (b.ours.cls) details.push(`**class of ${b.ours.cls.learners}, ${b.kind}**: per learner received ${b.ours.cls.views.map((v) => kb(sum(v.transfers))).join(', ')}; rendered after ${b.ours.cls.views.map((v) => fmt(v.ms)).join(', ')} ms.\n`);
  }
  const factLines = (Object.entries(facts) as [Kind, PackageFacts][]).map(([k, f]) => `${KIND_LABEL[k]}: content.json ${kb(f.contentJsonBytes)}, ${f.libraries} libraries, ${f.files} content files (${kb(f.fileBytes)}), package ${kb(f.packageBytes)}${playBodies[k] ? `; our play body ${kb(playBodies[k])}` : ''}`);
  const doc = `# bench:compare — latest run

Written by \`${command}\` on ${when} (${((Date.now() - started) / 1000).toFixed(0)} s). Machine: ${machine}.
Busy processes besides the bench (CPU share over 3 s): before the run ${busyBefore || 'none'}; after it ${busyAfter || 'none'}.
Peers: ${Object.entries(PEER_PACKAGES).map(([n, v]) => `${n} ${v}`).join(', ')} (installed in ${PEERS_DIR.replace(os.homedir(), '~')}); bare Node and the limit are node:http.
Load: autocannon, ${CONNECTIONS.join(' and ')} connections (instances: ${INSTANCE_CONNECTIONS.join(', ')}), a warm-up of ${WARMUP} s per target, then ${ROUNDS} interleaved round(s) of ${SECONDS} s per target; ratios are medians of same-round ratios.
Page load: ${LOADS} interleaved loads per side after one warm-up, fresh browser context each, navigation start → content rendered in the player frame.
Content: ${factLines.join('; ')}.
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

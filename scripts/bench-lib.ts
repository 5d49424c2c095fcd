// Shared parts of `npm run bench:marketplace`, `bench:collections` and `bench:content-list`: a dedicated database
// seeded with 100,000 public contents (curriculum metadata and quality scores), the BUILT app started as a child
// process against it (server/start.mjs, production mode), a token from a stand-in IdP, latency stats measured
// over real HTTP, and a background load that runs while they are measured.
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/lumen_bench_cur),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/10), NEXT_DIST_DIR (the build to run; built if stale),
// BENCH_CONTENTS (default 100000), --reseed to rebuild the data set.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { resetDatabase, resetRedis } from './stores.mjs';
import { migrate } from '../lib/db/migrate';
import { freePort, startApp, ROOT, type AppProcess } from '../tests/support/app-process';
import { CLIENT_ID, CLIENT_SECRET, EXTERNAL_BASE, REALM, startIdpStandin, type IdpStandin } from '../tests/support/idp-standin';

export const BENCH_DB = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_cur';
export const BENCH_REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10';
export const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 100_000);
export const AUTHORS = 1_000;

export const TOPICS = [
  'fractions', 'decimals', 'algebra', 'geometry', 'photosynthesis', 'volcanoes', 'grammar', 'poetry', 'vocabulary', 'statistics',
  'probability', 'measurement', 'ecosystems', 'electricity', 'magnetism', 'climate', 'history', 'democracy', 'trade', 'migration',
  'cells', 'genetics', 'atoms', 'chemistry', 'forces', 'energy', 'waves', 'astronomy', 'weather', 'oceans',
  'reading', 'writing', 'spelling', 'punctuation', 'persuasion', 'narrative', 'maps', 'rivers', 'mountains', 'cities',
  'coding', 'robots', 'music', 'rhythm', 'painting', 'sculpture', 'nutrition', 'fitness', 'safety', 'finance',
];
export const KINDS = ['quiz', 'practice', 'review', 'challenge', 'introduction', 'lesson', 'game', 'workshop', 'test', 'revision', 'drill', 'exploration', 'project', 'warmup', 'study', 'puzzle', 'explainer', 'tour', 'check', 'primer'];
export const LIBRARIES = [
  'H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks', 'H5P.DragText', 'H5P.DragQuestion', 'H5P.MarkTheWords', 'H5P.QuestionSet', 'H5P.InteractiveVideo',
  'H5P.CoursePresentation', 'H5P.InteractiveBook', 'H5P.BranchingScenario', 'H5P.Timeline', 'H5P.ImageHotspots', 'H5P.MemoryGame', 'H5P.Flashcards',
  'H5P.DialogCards', 'H5P.Accordion', 'H5P.Column', 'H5P.ImageSlider', 'H5P.Summary', 'H5P.SingleChoiceSet', 'H5P.Essay', 'H5P.SortParagraphs',
  'H5P.ImageSequencing', 'H5P.FindTheWords', 'H5P.Crossword', 'H5P.ArithmeticQuiz', 'H5P.GuessTheAnswer', 'H5P.ImageJuxtaposition', 'H5P.Chart',
];
export const FRAMEWORKS = ['NZC', 'ACARA', 'NCUK', 'CCSS'];
export const GRADES = Array.from({ length: 12 }, (_, i) => `Y${i + 1}`);
export const SUBJECTS = ['MATH', 'SCI', 'ENG', 'HIST', 'GEO', 'ART', 'MUS', 'TECH', 'HEALTH', 'LANG'];
export const DIFFICULTIES = ['easy', 'medium', 'hard'];
export const LANGUAGES = ['en', 'en', 'en', 'de', 'fr', 'mi'];

const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;
/** An element chosen by a salted hash of the row number: columns are independent of one another (no accidental correlation). */
const h = (salt: string) => `(hashtext('${salt}' || i)::bigint & 2147483647)`;
const pick = (xs: readonly string[], salt: string) => `(${arr(xs)})[1 + (${h(salt)} % ${xs.length})]`;

/** Seeds the data set once (kept between runs unless --reseed): 1,000 authors and CONTENTS public contents. */
export async function ensureSeeded(log: (m: string) => void): Promise<void> {
  const reseed = process.argv.includes('--reseed');
  if (!reseed) {
    const c = new pg.Client({ connectionString: BENCH_DB });
    try {
      await c.connect();
      const r = await c.query("SELECT count(*)::int AS n FROM content_ownership WHERE visibility = 'public'");
      if (r.rows[0].n >= CONTENTS) {
        log(`data set present (${r.rows[0].n} public contents); --reseed rebuilds it`);
        await migrate(BENCH_DB); // new migrations (indexes) still apply
        return;
      }
    } catch {
      /* no database or no tables yet */
    } finally {
      await c.end().catch(() => {});
    }
  }
  log('resetting the bench database and applying migrations…');
  await resetDatabase(BENCH_DB);
  await migrate(BENCH_DB);
  const c = new pg.Client({ connectionString: BENCH_DB });
  await c.connect();
  const t0 = Date.now();
  await c.query(`INSERT INTO users (id, email, name, plan, updated_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(a), 12, '0'))::uuid, 'author' || a || '@bench.test', 'Author ' || a, 'pro', now()
      FROM generate_series(1, ${AUTHORS}) a`);
  await c.query(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, created_at, updated_at)
    SELECT 'bench-' || i,
           initcap(${pick(TOPICS, 'topic')}) || ' ' || ${pick(KINDS, 'kind')} || ' ' || i,
           ${pick(LIBRARIES, 'lib')},
           jsonb_build_object('title', 'Bench ' || i, 'mainLibrary', ${pick(LIBRARIES, 'lib')}, 'embedTypes', jsonb_build_array('iframe'), 'language', 'und', 'license', 'U'),
           '{}'::jsonb, now() - (i || ' seconds')::interval, now()
      FROM generate_series(1, ${CONTENTS}) i`);
  await c.query(`INSERT INTO content_ownership (content_id, user_id, visibility, published_at, view_count, created_at, updated_at)
    SELECT 'bench-' || i, ('00000000-0000-4000-8000-' || lpad(to_hex(1 + (i % ${AUTHORS})), 12, '0'))::uuid, 'public',
           now() - (i || ' seconds')::interval, ${h('views')} % 5000, now() - (i || ' seconds')::interval, now()
      FROM generate_series(1, ${CONTENTS}) i`);
  await c.query(`INSERT INTO content_curriculum_metadata (content_id, framework_code, framework_name, country_code, grade_code, grade_name,
           subject_code, subject_name, topic_codes, topic_names, difficulty, language, updated_at)
    SELECT 'bench-' || i, ${pick(FRAMEWORKS, 'fw')}, ${pick(FRAMEWORKS, 'fw')} || ' framework', 'NZ',
           ${pick(GRADES, 'grade')}, 'Grade ' || ${pick(GRADES, 'grade')}, ${pick(SUBJECTS, 'subject')}, ${pick(SUBJECTS, 'subject')} || ' subject',
           ARRAY['T' || (${h('topic')} % 40)], ARRAY[${pick(TOPICS, 'topic')}], ${pick(DIFFICULTIES, 'diff')}, ${pick(LANGUAGES, 'lang')}, now()
      FROM generate_series(1, ${CONTENTS}) i`);
  await c.query(`INSERT INTO content_quality_reports (content_id, overall_score, blooms_level, accessibility_score, report)
    SELECT 'bench-' || i, 40 + (${h('score')} % 61), 'understand', 70,
           jsonb_build_object('dimensions', jsonb_build_object('clarity', 50 + (i % 50), 'accuracy', 60 + (i % 40)))
      FROM generate_series(1, ${CONTENTS}) i WHERE ${h('assessed')} % 5 <> 0`);
  await c.query('VACUUM ANALYZE'); // also flushes the GIN pending list of the search index
  await c.end();
  log(`seeded ${CONTENTS} public contents (metadata on all, quality on 80%) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export interface Bench {
  app: AppProcess;
  idp: IdpStandin;
  token: string;
  /** other teachers' tokens, for the background load */
  loadTokens: string[];
  /** the app's environment (a baseline app starts with the same) */
  env: Record<string, string>;
  userId: string;
  /**
   * starts one more instance of the app on the same stores (scale-out runs; `root`: another checkout's build, built
   * there if stale, for interleaved before/after runs); stopped with the bench
   */
  startInstance(opts?: { root?: string; env?: Record<string, string> }): Promise<AppProcess>;
  stop(): Promise<void>;
}

/**
 * Builds if stale, then starts the built app on the bench database with a stand-in IdP, and signs a teacher in.
 * `root`: the checkout whose build runs (default this one; a bench's baseline runs another checkout, built there).
 */
/**
 * A school's players for the learner benches (bench:intake, bench:state): `items` public Multiple Choice rows of
 * `ownerId` named `<prefix>1…`, `learners` users, and each learner's player token for one item (learner i plays item
 * i mod items), as the workspace's player frame holds it. Rows only: nothing is rendered or played.
 */
export async function seedPlayers(c: pg.Client, ownerId: string, opts: { prefix: string; items: number; learners: number }): Promise<{ userId: string; contentId: string; token: string }[]> {
  const { prefix, items, learners } = opts;
  await c.query(`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, updated_at)
    SELECT $1 || i, 'Bench item ' || i, 'H5P.MultiChoice', jsonb_build_object('title', 'Bench item ' || i, 'mainLibrary', 'H5P.MultiChoice'), '{}'::jsonb, now()
      FROM generate_series(1, ${Number(items)}) i`, [prefix]);
  await c.query(`INSERT INTO content_ownership (content_id, user_id, visibility, updated_at) SELECT $1 || i, $2::uuid, 'public', now() FROM generate_series(1, ${Number(items)}) i`, [prefix, ownerId]);
  const ids = (
    await c.query<{ id: string }>(`INSERT INTO users (id, email, name, plan, updated_at)
      SELECT gen_random_uuid(), 'learner' || i || '@bench.test', 'Learner ' || i, 'free', now() FROM generate_series(1, ${Number(learners)}) i RETURNING id`)
  ).rows.map((r) => r.id);
  const { issuePlayerToken } = await import('../lib/auth/embed-token');
  return Promise.all(
    ids.map(async (userId, i) => {
      const contentId = `${prefix}${(i % items) + 1}`;
      return { userId, contentId, token: await issuePlayerToken(userId, contentId) };
    }),
  );
}

export async function startBench(log: (m: string) => void, opts: { root?: string; env?: Record<string, string> } = {}): Promise<Bench> {
  const root = opts.root ?? ROOT;
  execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: root });
  await resetRedis(BENCH_REDIS);
  const idp = await startIdpStandin();
  const env = {
    DATABASE_URL: BENCH_DB,
    REDIS_URL: BENCH_REDIS,
    TRUST_PROXY: 'true',
    IDP_BASE_URL: idp.url,
    IDP_EXTERNAL_URL: EXTERNAL_BASE,
    IDP_REALM: REALM,
    IDP_CLIENT_ID: CLIENT_ID,
    IDP_CLIENT_SECRET: CLIENT_SECRET,
    E2E_TEST_CODE: 'bench', // raises rate limits: the bench measures latency, not the limiter
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const app = await startApp(env, { waitForHealthy: true, root });
  const more: AppProcess[] = [];
  log(`app (production build${root === ROOT ? '' : ` of ${root}`}) on ${app.url}`);
  const signIn = async (name: string) => {
    const res = await fetch(`${idp.url}/admin/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sub: crypto.randomUUID(), expiresIn: 3 * 3600, claims: { email: `bench-${crypto.randomUUID()}@bench.test`, name, realm_access: { roles: ['teacher'] } } }),
    });
    const { token } = (await res.json()) as { token: string };
    const me = await fetch(`${app.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await me.json()) as { data: { user: { id: string } } };
    return { token, userId: body.data.user.id };
  };
  const { token, userId } = await signIn('Bench Teacher');
  // the background load signs in as other teachers, one after another per request: its requests are not counted
  // against the measured teacher's rate-limit bucket, and at 50 req/s no load teacher reaches the limit of one
  // (10,000 per 15 minutes with E2E_TEST_CODE) within two hours
  const loadTokens = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`Bench Load ${i + 1}`).then((s) => s.token)));
  return {
    app,
    idp,
    env,
    token,
    loadTokens,
    userId,
    startInstance: async (o = {}) => {
      const at = o.root ?? root;
      if (at !== root) execFileSync(process.execPath, [path.join(at, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: at });
      const instance = await startApp({ ...env, ...o.env }, { waitForHealthy: true, root: at });
      more.push(instance);
      return instance;
    },
    stop: async () => {
      for (const instance of more) await instance.stop();
      await app.stop();
      await idp.close();
    },
  };
}

// ---------------------------------------------------------------- baseline (before/after in one run)

export interface Baseline {
  /** the checkout it runs from */
  dir: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * BENCH_BASELINE names another checkout of the project (e.g. a worktree of main, built or buildable): its app is
 * started beside this one, on the same database (its own migrations are a subset: it runs on this schema) with
 * its own Redis database (BENCH_BASELINE_REDIS_URL, required: rate-limit buckets and caches apart), so that a bench
 * measures before and after in the same minutes — measurePair alternates their requests, and both see the same
 * machine load. Null without BENCH_BASELINE.
 */
export async function startBaseline(b: Bench, log: (m: string) => void): Promise<Baseline | null> {
  const dir = process.env.BENCH_BASELINE;
  if (!dir) return null;
  const redis = process.env.BENCH_BASELINE_REDIS_URL;
  if (!redis) throw new Error('BENCH_BASELINE_REDIS_URL: required with BENCH_BASELINE (a Redis database of its own)');
  execFileSync(process.execPath, [path.join(dir, 'scripts', 'ensure-build.mjs')], { cwd: dir, stdio: 'inherit' });
  await resetRedis(redis);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-baseline-'));
  let out = '';
  const child = spawn(process.execPath, [path.join(dir, 'server', 'start.mjs')], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', ...b.env, REDIS_URL: redis, PORT: String(port), CONTENT_PORT: String(await freePort()), DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; ; ) {
    if (child.exitCode !== null) throw new Error(`baseline app exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`baseline app did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`baseline app (${dir}) on ${url}`);
  return {
    dir,
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** GET from the baseline app as the bench's teacher. */
export const getFrom = (base: Baseline, b: Bench, p: string) => fetch(`${base.url}${p}`, { headers: { Authorization: `Bearer ${b.token}`, 'X-Forwarded-For': '10.9.9.9' } });

/**
 * The same scenario on two apps, their requests alternating (A B, B A, …: neither always goes first), so machine
 * load that comes and goes falls on both alike. Resolves to both apps' stats (names suffixed).
 */
export async function measurePair(name: string, n: number, a: (i: number) => Promise<Response>, b: (i: number) => Promise<Response>, warmup = 20): Promise<[Stats, Stats]> {
  for (let i = 0; i < warmup; i++) {
    await (await a(i)).arrayBuffer();
    await (await b(i)).arrayBuffer();
  }
  const times: [number[], number[]] = [[], []];
  const one = async (k: 0 | 1, i: number) => {
    const t = performance.now();
    const res = await (k === 0 ? a : b)(i);
    await res.arrayBuffer();
    times[k].push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${name} (${k === 0 ? 'this checkout' : 'baseline'}): status ${res.status}`);
  };
  for (let i = 0; i < n; i++) {
    const first = (i % 2) as 0 | 1;
    await one(first, i);
    await one((1 - first) as 0 | 1, i);
  }
  const [s, base] = [statsOf(name, times[0]), statsOf(`${name} (baseline)`, times[1])];
  console.log(`  ${name}: p50 ${s.p50} ms, p95 ${s.p95} ms; baseline p50 ${base.p50} ms, p95 ${base.p95} ms (n=${n} each)`);
  return [s, base];
}

/** The before/after table of measurePair's results: each side's p50 and p95 and their ratios (after / before). */
export function pairTable(pairs: [Stats, Stats][]): string {
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const head = '| scenario | requests | p50 ms | p95 ms | baseline p50 ms | baseline p95 ms | p50 ratio | p95 ratio |\n|---|---|---|---|---|---|---|---|';
  return [head, ...pairs.map(([s, base]) => `| ${s.name} | ${s.n} | ${s.p50} | ${s.p95} | ${base.p50} | ${base.p95} | ${r2(s.p50 / base.p50)} | ${r2(s.p95 / base.p95)} |`)].join('\n');
}

export interface Stats {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Sequential requests (one at a time, after a warm-up); latency = time to the full response body. */
export async function measure(name: string, n: number, request: (i: number) => Promise<Response>, warmup = 20): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await (await request(i)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${name}: status ${res.status}`);
  }
  const s = statsOf(name, times);
  console.log(`  ${name}: p50 ${s.p50} ms, p95 ${s.p95} ms (n=${n})`);
  return s;
}

function statsOf(name: string, times: number[]): Stats {
  const n = times.length;
  times.sort((a, b) => a - b);
  return { name, n, p50: r1(pct(times, 50)), p95: r1(pct(times, 95)), p99: r1(pct(times, 99)), mean: r1(times.reduce((a, b) => a + b, 0) / n), max: r1(times[times.length - 1] ?? NaN) };
}

export function table(rows: Stats[]): string {
  const head = '| scenario | requests | p50 ms | p95 ms | p99 ms | mean ms | max ms |\n|---|---|---|---|---|---|---|';
  return [head, ...rows.map((s) => `| ${s.name} | ${s.n} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.mean} | ${s.max} |`)].join('\n');
}

export const get = (b: Bench, p: string) => fetch(`${b.app.url}${p}`, { headers: { Authorization: `Bearer ${b.token}`, 'X-Forwarded-For': '10.9.9.9' } });

// ---------------------------------------------------------------- background load

export interface BackgroundLoad {
  /** one line saying what ran alongside the measurement */
  description: string;
  /** stops the load; resolves to what it achieved (requests/s, errors, its own latency) */
  stop(): Promise<string>;
}

/**
 * A parallel load that runs while a bench measures (the targets hold "with the machine under a parallel load"):
 * autocannon sending authenticated requests to another route of the same app at a fixed rate, and CPU burners
 * (separate processes, busy for a share of every 100 ms) standing for other work on the machine.
 *
 * Environment: BENCH_LOAD=off disables it; BENCH_LOAD_PATH (default /api/auth/me), BENCH_LOAD_RATE (requests/s,
 * default 50), BENCH_LOAD_CONNECTIONS (default 4), BENCH_LOAD_CPU (burner processes, default 1),
 * BENCH_LOAD_CPU_DUTY (busy share of each burner, default 0.5).
 */
export async function startBackgroundLoad(b: Bench, log: (m: string) => void, also: Baseline | null = null): Promise<BackgroundLoad> {
  if (process.env.BENCH_LOAD === 'off') return { description: 'no background load (BENCH_LOAD=off)', stop: async () => 'none' };
  const loadPath = process.env.BENCH_LOAD_PATH ?? '/api/auth/me';
  const rate = Number(process.env.BENCH_LOAD_RATE ?? 50);
  const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 4);
  const burners = Number(process.env.BENCH_LOAD_CPU ?? 1);
  const duty = Math.min(1, Math.max(0, Number(process.env.BENCH_LOAD_CPU_DUTY ?? 0.5)));
  type Cannon = { stop(): void };
  type CannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; timeouts: number; statusCodeStats?: Record<string, { count: number }> };
  const autocannon = createRequire(path.join(ROOT, 'package.json'))('autocannon') as (opts: object, cb: (err: Error | null, r: CannonResult) => void) => Cannon;
  let sent = 0;
  // the same load on a baseline app as on this one (measurePair compares them under the same conditions)
  const cannons = [b.app.url, ...(also ? [also.url] : [])].map((url) => {
    let finished!: (r: CannonResult | null) => void;
    const result = new Promise<CannonResult | null>((resolve) => (finished = resolve));
    const cannon = autocannon(
      {
        url,
        connections,
        overallRate: rate,
        duration: 24 * 3600,
        // a client address and a load teacher per request (TRUST_PROXY): the load is never rate-limited, however long
        // the bench runs
        requests: [
          {
            method: 'GET',
            path: loadPath,
            setupRequest: (req: { headers?: Record<string, string> }) => ({
              ...req,
              headers: { ...req.headers, authorization: `Bearer ${b.loadTokens[sent % b.loadTokens.length]!}`, 'x-forwarded-for': `10.8.${(sent >> 8) & 255}.${sent++ & 255}` },
            }),
          },
        ],
      },
      (err, r) => finished(err ? null : r),
    );
    return { cannon, result };
  });
  const busyMs = Math.round(100 * duty);
  const procs = Array.from({ length: burners }, () =>
    // each burner exits when its stdin closes, so none outlives the bench even when the bench dies
    spawn(process.execPath, ['-e', `process.stdin.on('close', () => process.exit()).resume(); setInterval(() => { const t = Date.now(); while (Date.now() - t < ${busyMs}) {} }, 100)`], {
      stdio: ['pipe', 'ignore', 'ignore'],
    }),
  );
  const description = `background load: ${rate} req/s on ${connections} connections to GET ${loadPath} (autocannon)${also ? ' of each app (this one and the baseline)' : ''} + ${burners} CPU burner process(es) busy ${Math.round(duty * 100)} % of the time`;
  log(description);
  await new Promise((r) => setTimeout(r, 1000)); // let the load settle in
  return {
    description,
    stop: async () => {
      for (const p of procs) p.kill('SIGKILL');
      const said: string[] = [];
      for (const [k, { cannon, result }] of cannons.entries()) {
        cannon.stop();
        const r = await result;
        const who = cannons.length > 1 ? (k === 0 ? 'on this app ' : 'on the baseline ') : '';
        said.push(
          r
            ? `load ${who}achieved ${r.requests.average} req/s (statuses ${Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => `${code}: ${v.count}`).join(', ') || 'none'}; ${r.errors + r.timeouts} errors), its own latency p50 ${r.latency.p50} ms / p99 ${r.latency.p99} ms`
            : `load ${who}: autocannon reported an error`,
        );
      }
      return said.join('; ');
    },
  };
}

#!/usr/bin/env tsx
// npm run bench:revisions — the storage cost of revisions (issue 27 item 3). Builds the app if needed, starts it on
// its own database / Redis db / data folder (BENCH_DATABASE_URL, BENCH_REDIS_URL; PostgreSQL and Redis must be
// running), imports every .h5p package of BENCH_CORPUS_DIR as the super admin (their libraries come with them),
// then saves each item EDITS times (default 20) through PUT /h5p/content/:id, each save changing one text field of
// its parameters. Reports the bytes of the revision rows and the revision blobs against those of the content itself
// (rows and files), in total and per item.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { resetDatabase, resetRedis } from './stores.mjs';

const ROOT = path.resolve(__dirname, '..');
const corpus = process.env.BENCH_CORPUS_DIR;
const edits = Number(process.env.BENCH_EDITS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3331);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_rev';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

/** Bytes under a folder (0 when it is absent). */
function du(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        bytes += fs.statSync(p).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

/** The path of the first text leaf of the parameters that reads as text (letters, not a file path or a number). */
function firstText(v: unknown, at: (string | number)[] = []): (string | number)[] | null {
  if (typeof v === 'string') return /[A-Za-z]{3}/.test(v) && !/\.(png|jpe?g|gif|svg|mp4|webm|mp3|ogg|wav)$/i.test(v) && !/^https?:/.test(v) ? at : null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = firstText(v[i], [...at, i]);
      if (p) return p;
    }
    return null;
  }
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'metadata' || k === 'subContentId' || k === 'library') continue;
      const p = firstText(x, [...at, k]);
      if (p) return p;
    }
  }
  return null;
}

function setAt(root: unknown, at: (string | number)[], value: string): void {
  let o = root as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[at[at.length - 1]!] = value;
}

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MiB`;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;

async function main() {
  if (!corpus || !fs.existsSync(corpus)) throw new Error('set BENCH_CORPUS_DIR to a folder of .h5p packages');
  const packages = fs.readdirSync(corpus).filter((f) => f.endsWith('.h5p')).sort();
  if (!packages.length) throw new Error(`no .h5p packages in ${corpus}`);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  await resetDatabase(databaseUrl);
  await resetRedis(redisUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rev-data-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, E2E_TEST_CODE: 'bench', LOG_LEVEL: 'warn', NEXT_DIST_DIR: distDir, IDP_BASE_URL: '', IDP_CLIENT_SECRET: '', H5P_HUB_URL: 'http://127.0.0.1:9' },
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
    const idp = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: { email: string; password: string; roles: string[] }[] };
    const u = idp.users.find((x) => x.roles.includes('super_admin'))!;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // unlimited quotas for the benchmark's owner
    await db.query(`UPDATE users SET plan = 'premium' WHERE email = $1`, [u.email.toLowerCase()]);
    const auth = { Authorization: `Bearer ${token}` };

    const items: { id: string; name: string }[] = [];
    const refused: string[] = [];
    for (const name of packages) {
      const form = new FormData();
      form.append('h5p', await fs.openAsBlob(path.join(corpus, name), { type: 'application/zip' }), name);
      const res = await fetch(`${base}/h5p/import`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as { data?: { contentId: string }; error?: string };
      if (res.status !== 201 || !body.data) {
        refused.push(`${name}: ${res.status} ${body.error ?? ''}`);
        continue;
      }
      items.push({ id: body.data.contentId, name });
    }
    console.log(`imported ${items.length} of ${packages.length} packages${refused.length ? `; refused:\n  ${refused.join('\n  ')}` : ''}`);

    let saves = 0;
    let failed = 0;
    const t0 = performance.now();
    for (const item of items) {
      const { rows } = await db.query<{ parameters: unknown; metadata: { mainLibrary: string; preloadedDependencies?: { machineName: string; majorVersion: number; minorVersion: number }[] } }>(
        'SELECT parameters, metadata FROM h5p_contents WHERE id = $1',
        [item.id],
      );
      const row = rows[0]!;
      const main = row.metadata.preloadedDependencies?.find((d) => d.machineName === row.metadata.mainLibrary);
      if (!main) continue;
      const library = `${main.machineName} ${main.majorVersion}.${main.minorVersion}`;
      const params = structuredClone(row.parameters);
      const at = firstText(params);
      let original = '';
      if (at) original = at.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], params) as string;
      for (let n = 1; n <= edits; n++) {
        if (at) setAt(params, at, `${original} (edit ${n})`);
        const res = await fetch(`${base}/h5p/content/${item.id}`, {
          method: 'PUT',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ library, params, metadata: at ? row.metadata : { ...row.metadata, title: `${(row.metadata as { title?: string }).title ?? 'Item'} (edit ${n})` } }),
        });
        if (res.status === 200) saves++;
        else {
          failed++;
          if (failed <= 5) console.log(`save of ${item.name} refused: ${res.status} ${await res.text()}`);
          break;
        }
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const q = async (sql: string) => (await db.query<{ v: string }>(sql)).rows[0]?.v ?? '0';
    const revisionRows = Number(await q('SELECT count(*)::text AS v FROM content_revisions'));
    const revisionBytes = Number(await q('SELECT COALESCE(sum(pg_column_size(r.*)), 0)::text AS v FROM content_revisions r'));
    const revisionTable = Number(await q("SELECT pg_total_relation_size('content_revisions')::text AS v"));
    const contentBytes = Number(await q('SELECT COALESCE(sum(pg_column_size(c.*)), 0)::text AS v FROM h5p_contents c'));
    const contentTable = Number(await q("SELECT pg_total_relation_size('h5p_contents')::text AS v"));
    const blobs = du(path.join(dataDir, 'h5p', 'revisions', 'blobs'));
    const files = du(path.join(dataDir, 'h5p', 'content'));
    const n = Math.max(items.length, 1);
    console.log(`\n${saves} saves in ${seconds.toFixed(1)} s (${(saves / seconds).toFixed(1)} saves/s), ${failed} items stopped early; ${revisionRows} revisions\n`);
    console.log('| | Content itself | Revisions (20 edits each) | Revisions ÷ content |');
    console.log('|---|---|---|---|');
    console.log(`| Rows (sum of row sizes, TOASTed JSON compressed) | ${mib(contentBytes)} | ${mib(revisionBytes)} | ${(revisionBytes / Math.max(contentBytes, 1)).toFixed(1)}× |`);
    console.log(`| Tables with indexes and TOAST | ${mib(contentTable)} | ${mib(revisionTable)} | ${(revisionTable / Math.max(contentTable, 1)).toFixed(1)}× |`);
    console.log(`| Files | ${mib(files.bytes)} (${files.files} files) | ${mib(blobs.bytes)} (${blobs.files} blobs) | ${(blobs.bytes / Math.max(files.bytes, 1)).toFixed(2)}× |`);
    console.log(`| Total | ${mib(contentTable + files.bytes)} | ${mib(revisionTable + blobs.bytes)} | ${((revisionTable + blobs.bytes) / Math.max(contentTable + files.bytes, 1)).toFixed(2)}× |`);
    console.log(`| Per item | ${kib((contentTable + files.bytes) / n)} | ${kib((revisionTable + blobs.bytes) / n)} | |`);
    console.log(`| Per revision row | | ${kib(revisionBytes / Math.max(revisionRows, 1))} | |`);
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

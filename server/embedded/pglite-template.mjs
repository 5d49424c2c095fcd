#!/usr/bin/env node
// A pre-initialised PGlite data directory with the schema applied, so a first start on the embedded defaults
// copies ~40 MB instead of running initdb and every migration (seconds of CPU, and initdb alone peaks at ~800 MiB
// in WASM). Made under .vendor/pglite/<PGlite version>-<hash of prisma/migrations> by `npm install`
// (postinstall) or, when the migrations changed since, by the next first start; never committed. The migrations
// are applied by the app's own runner (lib/db/migrate.ts, as `npm run db:migrate`), so _prisma_migrations is
// exactly what a start-up would have written.
//   node server/embedded/pglite-template.mjs          makes the template unless it exists (never fails)
//   node server/embedded/pglite-template.mjs <dir>    initdb only, into <dir> (the fallback of a first start)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MIGRATIONS = path.join(ROOT, 'prisma', 'migrations');
const TEMPLATES = path.join(ROOT, '.vendor', 'pglite');
const require = createRequire(import.meta.url);

function pgliteVersion() {
  const main = require.resolve('@electric-sql/pglite'); // …/node_modules/@electric-sql/pglite/dist/index.cjs
  return JSON.parse(readFileSync(path.join(main, '..', '..', 'package.json'), 'utf8')).version;
}

function migrationsHash() {
  const h = createHash('sha256');
  const names = existsSync(MIGRATIONS) ? readdirSync(MIGRATIONS).filter((n) => existsSync(path.join(MIGRATIONS, n, 'migration.sql'))).sort() : [];
  for (const n of names) h.update(`${n}\0`).update(readFileSync(path.join(MIGRATIONS, n, 'migration.sql'))).update('\0');
  return h.digest('hex').slice(0, 12);
}

/** Where the template for the installed PGlite and the current migrations lives. */
export function templateDir() {
  return path.join(TEMPLATES, `${pgliteVersion()}-${migrationsHash()}`);
}

/** Whether `dir` holds an initialised PostgreSQL data directory. */
export const initialised = (dir) => existsSync(path.join(dir, 'PG_VERSION')) && existsSync(path.join(dir, 'global', 'pg_control'));

/** Whether `dir` is absent or an empty directory (the only places a data directory is created in). */
export const vacant = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Moves the finished directory `tmp` to `dir` (absent or empty). */
function place(tmp, dir) {
  if (existsSync(dir)) rmdirSync(dir); // empty: rmdir refuses anything else
  renameSync(tmp, dir);
}

/** `npm run db:migrate` against `url`. */
function applyMigrations(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'db-migrate.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrations failed: ${err.trim().split('\n').pop()}`))));
  });
}

/** Runs initdb (and, with `schema`, the migrations) into `dir`, through a sibling temporary directory and a rename. */
export async function initialise(dir, { schema = false } = {}) {
  if (initialised(dir)) return;
  if (!vacant(dir)) throw new Error(`${dir} is neither empty nor a data directory`);
  const { PGlite } = await import('@electric-sql/pglite');
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const db = await PGlite.create(tmp);
    if (schema) {
      const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
      const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
      await server.start();
      try {
        await applyMigrations(`postgresql://postgres:postgres@${server.getServerConn()}/postgres`);
      } finally {
        await server.stop();
      }
    }
    await db.close(); // a clean shutdown: a copy starts without recovery
    if (initialised(dir)) return; // another process was quicker
    place(tmp, dir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Copies the template into `dataDir` (absent or empty). Returns false when there is no template. */
export function copyTemplate(dataDir) {
  const tpl = templateDir();
  if (!initialised(tpl) || !vacant(dataDir)) return false;
  const tmp = `${dataDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(tpl, tmp, { recursive: true });
  place(tmp, dataDir);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : null;
  const dir = target ?? templateDir();
  const shown = path.relative(process.cwd(), dir) || dir;
  const t0 = performance.now();
  try {
    if (initialised(dir)) {
      console.log(`embedded database template: ${shown} is ready`);
    } else {
      await initialise(dir, { schema: !target });
      console.log(`embedded database template: made ${shown} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      // templates of other PGlite versions or older migrations are not used again
      if (!target) for (const old of readdirSync(TEMPLATES)) if (path.join(TEMPLATES, old) !== dir && !old.includes('.tmp-')) rmSync(path.join(TEMPLATES, old), { recursive: true, force: true });
    }
  } catch (err) {
    // never fails the install: a first start without a template makes one (or runs initdb itself)
    console.warn(`embedded database template: skipped (${err?.message ?? err})`);
    process.exitCode = target ? 1 : 0;
  }
}

#!/usr/bin/env node
// `npm start` (and `npm run dev` with --dev): starts the service. With nothing configured it runs on
// embedded defaults: PGlite (PostgreSQL in WASM) under DATA_DIR when DATABASE_URL is unset, an in-process
// cache and rate limiter when REDIS_URL is unset, and the built-in Keycloak-compatible identity provider
// with demo accounts when IDP_BASE_URL is unset. The request path is the same code in every case.
//
// Start-up runs in parallel where it can (docs/performance.md, "Start-up on the embedded defaults"): the
// embedded database boots on its own thread while the main thread loads Next.js and makes the IdP's key; the app's
// start-up (instrumentation.ts) waits for the database when it applies migrations.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import nextEnv from '@next/env';
import { ensureIdpStateAsync } from './embedded/idp-state.mjs';
import { shutdownHooks } from './globals.mjs';
import { applyMemoryFlags } from './v8-memory.mjs';

const t0 = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
// V8 settings for the server's resident memory, before Next.js and the app load (server/v8-memory.mjs)
const memory = dev ? null : applyMemoryFlags();
nextEnv.loadEnvConfig(root, dev);
const env = process.env;
const blank = (v) => v === undefined || v.trim() === '';

const port = blank(env.PORT) ? 3000 : Number(env.PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Invalid configuration:\n  PORT: must be an integer between 1 and 65535 (got "${env.PORT}")`);
  process.exit(1);
}
env.PORT = String(port);
const dataDir = path.resolve(root, blank(env.DATA_DIR) ? 'data' : env.DATA_DIR);
env.DATA_DIR = dataDir;
mkdirSync(dataDir, { recursive: true });
const appUrl = (blank(env.APP_URL) ? `http://localhost:${port}` : env.APP_URL).replace(/\/+$/, '');
// next-auth builds its own links from NEXTAUTH_URL: the app's address, never its localhost:3000 default
if (blank(env.NEXTAUTH_URL)) env.NEXTAUTH_URL = appUrl;
const notes = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

let dbWorker;
let dbStopping = false;
let dbReady = Promise.resolve();
if (blank(env.DATABASE_URL)) {
  const dbPort = await freePort();
  // on a thread of this process, not a child process: one Node runtime instead of two (server/embedded/pglite-server.mjs)
  dbWorker = new Worker(path.join(root, 'server', 'embedded', 'pglite-server.mjs'), {
    workerData: { dataDir: path.join(dataDir, 'pglite'), port: dbPort },
    // the database's own JS allocates little (its data lives in the WASM memory): a small young generation
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  dbReady = new Promise((resolve) => dbWorker.on('message', (m) => m?.ready && resolve()));
  // the worker's isolate, once set up, has raised V8's young-generation growth factor (process-wide): set it again
  // (server/v8-memory.mjs); this thread loads Next.js meanwhile, in asynchronous steps that let the event come in
  dbWorker.once('online', () => memory?.reassert());
  dbWorker.on('error', (err) => console.error(`embedded database failed: ${err?.stack ?? err}`));
  dbWorker.on('exit', (code) => {
    if (dbStopping) return;
    console.error(`embedded database stopped (code ${code}); stopping`);
    process.exit(1);
  });
  env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`;
  notes.push(`database   embedded PGlite in ${path.join(dataDir, 'pglite')} (set DATABASE_URL to use PostgreSQL)`);
} else {
  notes.push('database   DATABASE_URL');
}

/** Closes the embedded database cleanly (its next start needs no recovery), at most `ms`. */
let dbStopped;
function stopDatabase(ms) {
  if (!dbWorker) return Promise.resolve();
  dbStopping = true;
  return (dbStopped ??= new Promise((resolve) => {
    const done = () => dbWorker.terminate().finally(resolve);
    const timer = setTimeout(done, ms);
    dbWorker.on('message', (m) => {
      if (m?.stopped) {
        clearTimeout(timer);
        done();
      }
    });
    dbWorker.postMessage('stop');
  }));
}

if (blank(env.REDIS_URL)) notes.push('cache      in-process (set REDIS_URL for Redis; required for several instances)');
else notes.push('cache      REDIS_URL');

// the IdP's key is made on the thread pool while Next.js loads; the app reads the state when it starts
const idp = blank(env.IDP_BASE_URL) ? ensureIdpStateAsync(dataDir, blank(env.IDP_CLIENT_ID) ? 'lumen-app' : env.IDP_CLIENT_ID) : null;

// In production the configuration Next.js saved at build time is used as is (as its standalone server does),
// instead of evaluating next.config.mjs and its plugins again on every start.
const builtConfig = path.join(root, blank(env.NEXT_DIST_DIR) ? '.next' : env.NEXT_DIST_DIR, 'required-server-files.json');
if (!dev && blank(env.__NEXT_PRIVATE_STANDALONE_CONFIG) && existsSync(builtConfig)) {
  try {
    env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(builtConfig, 'utf8')).config);
  } catch {
    // an unreadable build: Next.js reports it when it loads
  }
}
const { startServer } = await import('./server.mjs');

let demo = [];
if (idp) {
  const { state, file } = await idp;
  notes.push(`identity   embedded Keycloak-compatible provider at ${appUrl}/realms/${blank(env.IDP_REALM) ? 'lumen' : env.IDP_REALM} (state: ${file})`);
  demo = state.users.filter((u) => u.enabled);
} else {
  notes.push(`identity   ${env.IDP_BASE_URL}`);
}

let server;
let contentServer;
let content;
try {
  ({ server, contentServer, content } = await startServer({ dev, dir: root, port, hostname: env.HOST || '0.0.0.0' }));
  await dbReady;
} catch (err) {
  console.error(err?.message ?? err);
  await stopDatabase(2_000);
  process.exit(1);
}

if (!dev) {
  // The first request runs the app's start-up (configuration check, migrations: instrumentation.ts) and loads
  // the health route; "ready" is printed once it has answered. Other routes load on their first request: Next's
  // preloadEntriesOnStart is off in next.config.mjs, as its loop loads every route in one run of the event loop
  // (seconds on a busy machine) — before the first answer, or stalling whatever request came during it.
  const { address, family } = server.address();
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  await fetch(`http://${family === 'IPv6' ? `[${host}]` : host}:${port}/api/health`)
    .then((res) => res.arrayBuffer())
    .catch(() => {});
  // start-up's long synchronous runs are over: the young generation may grow, up to its cap
  memory?.startYoungGrowth();
}

const seconds = ((performance.now() - t0) / 1000).toFixed(1);
const lines = [
  '',
  `  Lumen Learn is running at ${appUrl}  (ready in ${seconds} s${dev ? ', development mode' : ''})`,
  '',
  ...notes.map((n) => `  ${n}`),
  content.url
    ? `  content    ${content.url}${contentServer ? ` (also listening on port ${content.port})` : ''}: content plays there, never on the app's origin`
    : '  content    on the app\'s host in an opaque sandbox (set CONTENT_URL: a second host name, README "The content origin")',
];
if (demo.length) {
  lines.push('', '  Demo accounts (sign in at ' + `${appUrl}/login):`);
  for (const u of demo) lines.push(`    ${u.roles[0].padEnd(12)} ${u.email.padEnd(28)} password: ${u.password}`);
}
console.log(lines.join('\n') + '\n');

function shutdown() {
  server.close();
  contentServer?.close();
  // the app writes what it batches (view counts) before the database goes away
  const hooks = shutdownHooks();
  Promise.allSettled(hooks.map((h) => h()))
    .then(() => stopDatabase(2_000))
    .finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

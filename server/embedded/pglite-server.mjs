// The embedded PostgreSQL-compatible database (PGlite, PostgreSQL in WASM) served over the PostgreSQL wire
// protocol on 127.0.0.1, with its data under DATA_DIR. server/start.mjs runs it on a worker thread of the app's
// process (workerData { dataDir, port }; it posts { ready, port } once listening and stops cleanly when sent
// 'stop'); `node server/embedded/pglite-server.mjs <data-dir> [port]` runs it on its own.
//
// A thread, not a child process (docs/performance.md, "Start-up on the embedded defaults"): a second Node process
// costs its own runtime (~25 MiB: bootstrap heap, V8 isolate and platform, libuv) and maps the node binary again
// (~38 MiB of resident file pages, counted in each process's RSS). On the thread the database still has a core of
// its own and its own event loop and heap, so its WASM never blocks a request. PostgreSQL's WASM runs on V8's
// baseline compiler (Liftoff: the process's V8 flags, server/v8-memory.mjs): tiering hot functions up to TurboFan
// kept ~40 MiB more resident and cost more CPU than it saved in this workload.
//
// A first start copies a pre-initialised data directory (server/embedded/pglite-template.mjs) instead of
// running initdb here; the settings below keep the database small (a few tens of MiB of PostgreSQL memory on
// top of the WASM runtime) — this is a single-user development database, not a production server.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyTemplate, initialised } from './pglite-template.mjs';

// PostgreSQL settings (on top of PGlite's own: single-user mode, fsync off, no parallel workers). The defaults
// size shared memory for a server (shared_buffers 128 MB, 100 connections), and all of it is touched in the
// WASM heap at start; PGlite runs one backend that pglite-socket multiplexes the client connections onto.
const SETTINGS = {
  shared_buffers: '8MB',
  max_connections: '10',
  temp_buffers: '2MB',
  wal_buffers: '512kB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  autovacuum_worker_slots: '1',
  max_wal_size: '64MB',
  min_wal_size: '32MB',
};

/** Runs `node pglite-template.mjs [dir]` in its own process (initdb's memory is gone once it exits). */
function runTemplateScript(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template.mjs'), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

/** Opens (or first makes) the database in `dataDir` and serves it on 127.0.0.1:`port` (0: any free port). */
export async function serveEmbeddedDatabase(dataDir, port = 0) {
  if (!initialised(dataDir)) {
    // the template made at install time, or made now for the next fresh DATA_DIR; else initdb right here
    const ok = copyTemplate(dataDir) || ((await runTemplateScript([])) && copyTemplate(dataDir)) || (await runTemplateScript([dataDir]));
    if (!ok) mkdirSync(dataDir, { recursive: true }); // PGlite runs initdb itself
  }
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const db = await PGlite.create(dataDir, { startParams });
  // several connections: the app's pool and the migration runner work concurrently
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 20 });
  await server.start();
  const address = server.getServerConn(); // "127.0.0.1:<port>"
  let stopping;
  return {
    port: Number(address.split(':').pop()),
    /** closes the connections and the database (a clean shutdown: the next start needs no recovery) */
    stop: () =>
      (stopping ??= (async () => {
        try {
          await server.stop();
        } finally {
          await db.close();
        }
      })()),
  };
}

if (!isMainThread && workerData?.dataDir) {
  // on server/start.mjs's worker thread
  const served = await serveEmbeddedDatabase(workerData.dataDir, workerData.port ?? 0);
  parentPort.on('message', (m) => {
    if (m === 'stop') served.stop().finally(() => parentPort.postMessage({ stopped: true }));
  });
  parentPort.postMessage({ ready: true, port: served.port });
} else if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    console.error('usage: pglite-server.mjs <data-dir> [port]');
    process.exit(2);
  }
  const served = await serveEmbeddedDatabase(dataDir, Number(process.argv[3] ?? 0));
  console.log(`embedded database on 127.0.0.1:${served.port}`);
  process.send?.({ ready: true, port: served.port });
  const stop = () => served.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop); // the parent went away
}

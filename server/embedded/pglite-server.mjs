// The embedded PostgreSQL-compatible database (PGlite, PostgreSQL in WASM) served over the PostgreSQL wire
// protocol on 127.0.0.1, with its data under DATA_DIR. Run as a child process by server/start.mjs, which
// is told over IPC once it is listening.
//
// A first start copies a pre-initialised data directory (server/embedded/pglite-template.mjs) instead of
// running initdb here; the settings below keep the process small (a few tens of MiB of PostgreSQL memory on
// top of the WASM runtime; server/start.mjs runs it with V8 on a single thread) — this is a single-user
// development database, not a production server.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyTemplate, initialised } from './pglite-template.mjs';

const dataDir = process.argv[2];
const port = Number(process.argv[3] ?? 0);
if (!dataDir) {
  console.error('usage: pglite-server.mjs <data-dir> [port]');
  process.exit(2);
}

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
process.send?.({ ready: true, port: Number(address.split(':').pop()) });

async function stop() {
  try {
    await server.stop();
    await db.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop); // the parent went away

// The embedded PostgreSQL-compatible database (PGlite, PostgreSQL in WASM) served over the PostgreSQL wire
// protocol on 127.0.0.1, with its data under DATA_DIR. Run as a child process by scripts/start.mjs, which
// is told the port over IPC once it is listening.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.argv[2];
const port = Number(process.argv[3] ?? 0);
if (!dataDir) {
  console.error('usage: pglite-server.mjs <data-dir> [port]');
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(dataDir);
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

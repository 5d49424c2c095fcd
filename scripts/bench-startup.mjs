#!/usr/bin/env node
// npm run bench:startup — time from `npm start` to the first healthy GET /api/health on the embedded
// defaults (no DATABASE_URL, REDIS_URL or IdP): a first start on an empty DATA_DIR, then restarts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
const port = 3197;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', IDP_BASE_URL: '', LOG_LEVEL: 'warn' };

async function once() {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
    if (performance.now() - t0 > 120_000) throw new Error('not healthy after 120 s');
  }
  const ms = performance.now() - t0;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  await new Promise((r) => setTimeout(r, 500));
  return ms;
}

const results = [];
for (let i = 0; i < runs; i++) {
  const ms = await once();
  results.push(ms);
  console.log(`${i === 0 ? 'first start (empty DATA_DIR)' : `restart ${i}`}: ${(ms / 1000).toFixed(2)} s`);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ firstStartMs: Math.round(results[0]), restartsMs: results.slice(1).map(Math.round) }));

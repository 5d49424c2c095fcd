#!/usr/bin/env tsx
// npm run bench:import [-- <sizeMB> <runs>] — import time and server memory for a large .h5p package.
// Builds the app if needed, starts it on its own database / Redis db / data folder (PostgreSQL and Redis
// must be running; override with BENCH_DATABASE_URL, BENCH_REDIS_URL), installs the test content types from
// the stand-in hub, writes a package with <sizeMB> of incompressible media, then POSTs it to /h5p/import
// (streamed from disk) <runs> times while sampling the server process's resident memory.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetDatabase, resetRedis } from './stores.mjs';
import { ZipFile } from 'yazl';
import { startHubStandin } from '../tests/support/hub-standin';
import { h5pJson, libraryEntries, SAMPLE_PARAMS } from '../tests/support/h5p-packages';

const ROOT = path.resolve(__dirname, '..');
const sizeMb = Number(process.argv[2] ?? 200);
const runs = Number(process.argv[3] ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3321);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_h5p';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

async function buildPackage(file: string, mb: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(h5pJson('H5P.MultiChoice', `Benchmark ${mb} MB`))), 'h5p.json');
  zip.addBuffer(Buffer.from(JSON.stringify(SAMPLE_PARAMS['H5P.MultiChoice'])), 'content/content.json');
  const perFile = 50;
  let left = mb;
  for (let i = 0; left > 0; i++) {
    const n = Math.min(perFile, left);
    const media = path.join(dir, `clip-${i}.mp4`);
    const fd = fs.openSync(media, 'w');
    for (let k = 0; k < n; k++) fs.writeSync(fd, randomBytes(1024 * 1024));
    fs.closeSync(fd);
    zip.addFile(media, `content/videos/clip-${i}.mp4`, { compress: false });
    left -= n;
  }
  for (const e of libraryEntries('H5P.MultiChoice')) zip.addBuffer(e.data, e.name);
  zip.end();
  await new Promise<void>((res, rej) => zip.outputStream.pipe(fs.createWriteStream(file)).on('close', () => res()).on('error', rej));
  fs.rmSync(dir, { recursive: true, force: true });
}

async function main() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  await resetDatabase(databaseUrl);
  await resetRedis(redisUrl);
  const hub = await startHubStandin();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, H5P_HUB_URL: hub.url, E2E_TEST_CODE: 'bench', LOG_LEVEL: 'warn', NEXT_DIST_DIR: distDir, IDP_BASE_URL: '', IDP_CLIENT_SECRET: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error('app did not start');
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const idp = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: { email: string; password: string; roles: string[] }[] };
    const login = async (role: string) => {
      const u = idp.users.find((x) => x.roles.includes(role))!;
      const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) });
      return ((await r.json()) as { data: { token: string } }).data.token;
    };
    const admin = await login('super_admin');
    const inst = await fetch(`${base}/h5p/libraries/install`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` }, body: JSON.stringify({ machineName: 'H5P.MultiChoice' }) });
    if (!inst.ok) throw new Error(`install failed: ${inst.status} ${await inst.text()}`);

    const pkg = path.join(os.tmpdir(), `bench-${sizeMb}mb.h5p`);
    const t0 = performance.now();
    await buildPackage(pkg, sizeMb);
    const bytes = fs.statSync(pkg).size;
    console.log(`package: ${(bytes / 1024 / 1024).toFixed(1)} MiB (${(performance.now() - t0).toFixed(0)} ms to write)`);
    const idle = rssKb(child.pid!);
    console.log(`server RSS before imports: ${(idle / 1024).toFixed(0)} MiB`);
    const rows: string[] = [];
    for (let run = 1; run <= runs; run++) {
      const teacher = await login('teacher');
      await new Promise((r) => setTimeout(r, 500));
      const before = rssKb(child.pid!);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssKb(child.pid!));
      }, 20);
      const form = new FormData();
      form.append('h5p', await fs.openAsBlob(pkg, { type: 'application/zip' }), 'bench.h5p');
      const start = performance.now();
      const res = await fetch(`${base}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${teacher}` }, body: form });
      const body = await res.text();
      const ms = performance.now() - start;
      clearInterval(sampler);
      if (res.status !== 201) throw new Error(`import failed: ${res.status} ${body}`);
      const line = `| ${run} | ${(ms / 1000).toFixed(2)} s | ${(((bytes / 1024 / 1024) / ms) * 1000).toFixed(0)} MiB/s | ${(before / 1024).toFixed(0)} MiB | ${(peak / 1024).toFixed(0)} MiB | +${((peak - before) / 1024).toFixed(0)} MiB |`;
      rows.push(line);
      console.log(line);
    }
    console.log('\n| Run | Import time | Throughput | Server RSS before | Peak RSS during | Peak − before |\n|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    fs.rmSync(pkg, { force: true });
  } finally {
    child.kill('SIGTERM');
    await hub.close();
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000).unref();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

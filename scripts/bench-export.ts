#!/usr/bin/env tsx
// npm run bench:export [-- <runs>] — import and SCORM export of a CoursePresentation-shaped package, side by side
// with the peers on the SAME content:
//   import: POST /h5p/import of the app (over HTTP, upload included) vs Lumi's own importer
//           (@lumieducation/h5p-server PackageImporter.addPackageLibrariesAndContent over its FileLibraryStorage and
//           FileContentStorage in a scratch folder, set up like Lumi's example, in this process) vs `unzip -q`;
//   export: GET /h5p/content/:id/export-scorm?version=2004 (and the .h5p export) to the last byte vs `zip -qr` of
//           the same files (the app's own SCORM package unpacked once into a folder).
// The package is generated (seeded): 40 libraries of many small json/js/css/svg files and 90 images, ~1,700 files.
// The first import of each side installs the libraries ("fresh"); the timed runs import again ("warm": installed
// library versions are skipped), interleaved app / Lumi / unzip, and the medians of the runs and of the same-run
// ratios are printed. Starts the built app on its own database, Redis db and DATA_DIR like bench:import
// (BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_PORT override them).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ZipFile } from 'yazl';
import { fsImplementations, H5PConfig, H5PEditor, type IUser } from '@lumieducation/h5p-server';
import { resetDatabase, resetRedis } from './stores.mjs';
import { startHubStandin } from '../tests/support/hub-standin';

const ROOT = path.resolve(__dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3322);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_bench_export';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

// ------------------------------------------------------------------ the package

/** A small seeded PRNG (mulberry32): the same package on every run and machine. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(9);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const WORDS = 'var function return this prototype H5P jQuery element options params event trigger on off self attach container slide index length undefined null true false if else for while new Object Array push call apply bind css width height class div span button aria label'.split(' ');
/** Text shaped like minified library code: compresses about 4× as real H5P scripts do. */
function codeText(bytes: number): Buffer {
  const parts: string[] = [];
  let n = 0;
  while (n < bytes) {
    const w = rand() < 0.25 ? `${WORDS[int(0, WORDS.length - 1)]}${int(0, 999)}` : WORDS[int(0, WORDS.length - 1)]!;
    const sep = '.;(){},=+ '[int(0, 9)]!;
    parts.push(w, sep);
    n += w.length + 1;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}
function noise(bytes: number): Buffer {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 4) b.writeUInt32LE((rand() * 4294967296) >>> 0, i - (i + 4 > bytes ? i + 4 - bytes : 0));
  return b;
}
const svg = (i: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>icon ${i}</title>${Array.from({ length: int(10, 40) }, () => `<path d="M${int(0, 64)} ${int(0, 64)}L${int(0, 64)} ${int(0, 64)}L${int(0, 64)} ${int(0, 64)}Z" fill="#${int(0, 0xffffff).toString(16).padStart(6, '0')}"/>`).join('')}</svg>`);
const LANGS = 'de fr es it nl pt sv nb fi da pl cs'.split(' ');
const MAIN = { machineName: 'H5P.BenchPresentation', majorVersion: 1, minorVersion: 24 };
const IMAGES = 90;

interface Entry {
  name: string;
  data: Buffer;
}
function packageEntries(): Entry[] {
  const out: Entry[] = [];
  const libs = Array.from({ length: 39 }, (_, i) => ({ machineName: `H5P.BenchPart${i + 1}`, majorVersion: 1, minorVersion: i % 10 }));
  const semantics = [
    { name: 'text', type: 'text', widget: 'html', label: 'Text' },
    { name: 'images', type: 'list', label: 'Images', field: { name: 'image', type: 'image', label: 'Image' } },
  ];
  for (const [k, lib] of [MAIN, ...libs].entries()) {
    const dir = `${lib.machineName}-${lib.majorVersion}.${lib.minorVersion}`;
    const js = Array.from({ length: 10 }, (_, i) => `scripts/part-${i}.js`);
    const css = Array.from({ length: 5 }, (_, i) => `styles/part-${i}.css`);
    const json = {
      title: k === 0 ? 'Bench Presentation' : `Bench part ${k}`,
      machineName: lib.machineName,
      majorVersion: lib.majorVersion,
      minorVersion: lib.minorVersion,
      patchVersion: 3,
      runnable: k === 0 ? 1 : 0,
      license: 'MIT',
      author: 'bench',
      embedTypes: ['iframe'],
      preloadedJs: js.map((p) => ({ path: p })),
      preloadedCss: css.map((p) => ({ path: p })),
      ...(k === 0 ? { preloadedDependencies: libs } : {}),
    };
    out.push({ name: `${dir}/library.json`, data: Buffer.from(JSON.stringify(json, null, 2)) });
    out.push({ name: `${dir}/semantics.json`, data: Buffer.from(JSON.stringify(k === 0 ? semantics : [])) });
    for (const l of LANGS) out.push({ name: `${dir}/language/${l}.json`, data: Buffer.from(JSON.stringify({ semantics: k === 0 ? semantics.map((s) => ({ label: `${s.label} (${l})` })) : [] })) });
    for (const p of js) out.push({ name: `${dir}/${p}`, data: codeText(int(2_000, 30_000)) });
    for (const p of css) out.push({ name: `${dir}/${p}`, data: codeText(int(1_000, 10_000)) });
    for (let i = 0; i < 12; i++) out.push({ name: `${dir}/images/icon-${i}.svg`, data: svg(i) });
  }
  const images = Array.from({ length: IMAGES }, (_, i) => `images/slide-${i}.${i % 3 === 0 ? 'png' : 'jpg'}`);
  out.push({ name: 'content/content.json', data: Buffer.from(JSON.stringify({ text: '<p>A presentation</p>', images: images.map((p) => ({ path: p, mime: p.endsWith('png') ? 'image/png' : 'image/jpeg', width: 800, height: 600 })) })) });
  for (const p of images) out.push({ name: `content/${p}`, data: noise(int(60_000, 250_000)) });
  out.unshift({
    name: 'h5p.json',
    data: Buffer.from(JSON.stringify({ title: 'Bench presentation', language: 'en', mainLibrary: MAIN.machineName, embedTypes: ['iframe'], license: 'U', preloadedDependencies: [MAIN, ...libs] })),
  });
  return out;
}

async function writePackage(file: string): Promise<number> {
  const entries = packageEntries();
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: !/\.(jpg|png)$/.test(e.name) });
  zip.end();
  await new Promise<void>((res, rej) => zip.outputStream.pipe(fs.createWriteStream(file)).on('close', () => res()).on('error', rej));
  return entries.length;
}

// ------------------------------------------------------------------ helpers

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}
const sh = (cmd: string, args: string[], cwd?: string) => timed(async () => execFileSync(cmd, args, { cwd, stdio: 'ignore' }));

/** Lumi's importer set up like its example server: file storages in a scratch folder, everyone may install. */
function lumiEditor(root: string): H5PEditor {
  for (const d of ['libraries', 'content', 'temp']) fs.mkdirSync(path.join(root, d), { recursive: true });
  const config = new H5PConfig(undefined, { maxFileSize: 100 * 1024 * 1024, maxTotalSize: 500 * 1024 * 1024 });
  return new H5PEditor(
    new fsImplementations.InMemoryStorage(),
    config,
    new fsImplementations.FileLibraryStorage(path.join(root, 'libraries')),
    new fsImplementations.FileContentStorage(path.join(root, 'content')),
    new fsImplementations.DirectoryTemporaryFileStorage(path.join(root, 'temp')),
  );
}
const lumiUser: IUser = { id: '1', name: 'Bench', email: 'bench@example.org', type: 'local' };

// ------------------------------------------------------------------ main

async function main() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit', cwd: ROOT });
  await resetDatabase(databaseUrl);
  await resetRedis(redisUrl);
  const hub = await startHubStandin();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const dataDir = path.join(scratch, 'data');
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
      return { token: ((await r.json()) as { data: { token: string } }).data.token, email: u.email };
    };
    const pkg = path.join(scratch, 'presentation.h5p');
    const files = await writePackage(pkg);
    console.log(`package: ${files} files, ${(fs.statSync(pkg).size / 1024 / 1024).toFixed(1)} MiB`);

    const importApp = async (token: string) => {
      const form = new FormData();
      form.append('h5p', await fs.openAsBlob(pkg, { type: 'application/zip' }), 'presentation.h5p');
      const res = await fetch(`${base}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      const body = await res.text();
      if (res.status !== 201) throw new Error(`import failed: ${res.status} ${body}`);
      return (JSON.parse(body) as { data: { contentId: string } }).data.contentId;
    };
    const lumi = lumiEditor(path.join(scratch, 'lumi'));
    const importLumi = () => lumi.packageImporter.addPackageLibrariesAndContent(pkg, lumiUser);
    const unzipDir = path.join(scratch, 'unzip');
    const unzip = async () => {
      fs.rmSync(unzipDir, { recursive: true, force: true });
      return sh('unzip', ['-q', pkg, '-d', unzipDir]);
    };

    // fresh: the first import of each side installs the 40 libraries
    const admin = await login('super_admin');
    const [appFresh] = await timed(() => importApp(admin.token));
    const [lumiFresh] = await timed(importLumi);
    console.log(`fresh import (installs the libraries): app ${sec(appFresh)}, Lumi ${sec(lumiFresh)}, ratio ${(appFresh / lumiFresh).toFixed(2)}×`);

    const teacher = await login('teacher');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`UPDATE users SET plan = 'pro' WHERE email = $1`, [teacher.email]);
    await db.end();

    const imp = { app: [] as number[], lumi: [] as number[], unzip: [] as number[], ratio: [] as number[], adminApp: [] as number[] };
    let contentId = '';
    for (let run = 0; run < runs; run++) {
      const [a, id] = await timed(() => importApp(teacher.token));
      contentId = id;
      const [l] = await timed(importLumi);
      const [u] = await unzip();
      const [aa] = await timed(() => importApp(admin.token));
      imp.app.push(a);
      imp.lumi.push(l);
      imp.unzip.push(u);
      imp.adminApp.push(aa);
      imp.ratio.push(a / l);
      console.log(`import run ${run + 1}: app (teacher) ${sec(a)}, app (super_admin) ${sec(aa)}, Lumi ${sec(l)}, unzip ${sec(u)}`);
    }

    // export: the app's SCORM package, unpacked once, is what zip -qr compresses
    const download = async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers: { Authorization: `Bearer ${teacher.token}` } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    };
    const scormFile = path.join(scratch, 'scorm.zip');
    fs.writeFileSync(scormFile, Buffer.from(await (await fetch(`${base}/h5p/content/${contentId}/export-scorm?version=2004`, { headers: { Authorization: `Bearer ${teacher.token}` } })).arrayBuffer()));
    const scormTree = path.join(scratch, 'scorm-tree');
    execFileSync('unzip', ['-q', scormFile, '-d', scormTree]);
    const h5pFile = path.join(scratch, 'export.h5p');
    fs.writeFileSync(h5pFile, Buffer.from(await (await fetch(`${base}/h5p/content/${contentId}/export`, { headers: { Authorization: `Bearer ${teacher.token}` } })).arrayBuffer()));
    const h5pTree = path.join(scratch, 'h5p-tree');
    execFileSync('unzip', ['-q', h5pFile, '-d', h5pTree]);
    const scormFiles = Number(execFileSync('sh', ['-c', `find . -type f | wc -l`], { cwd: scormTree }).toString().trim());
    const ex = { scorm: [] as number[], scorm12: [] as number[], zip: [] as number[], ratio: [] as number[], h5p: [] as number[], zipH5p: [] as number[], ratioH5p: [] as number[] };
    let sizes = { scorm: 0, zip: 0, h5p: 0 };
    for (let run = 0; run < runs; run++) {
      const [s, sBytes] = await timed(() => download(`/h5p/content/${contentId}/export-scorm?version=2004`));
      fs.rmSync(path.join(scratch, 'zip.zip'), { force: true });
      const [z] = await sh('zip', ['-qr', path.join(scratch, 'zip.zip'), '.'], scormTree);
      const [s12] = await timed(() => download(`/h5p/content/${contentId}/export-scorm?version=1.2`));
      const [h, hBytes] = await timed(() => download(`/h5p/content/${contentId}/export`));
      fs.rmSync(path.join(scratch, 'zip-h5p.zip'), { force: true });
      const [zh] = await sh('zip', ['-qr', path.join(scratch, 'zip-h5p.zip'), '.'], h5pTree);
      ex.scorm.push(s);
      ex.scorm12.push(s12);
      ex.zip.push(z);
      ex.ratio.push(s / z);
      ex.h5p.push(h);
      ex.zipH5p.push(zh);
      ex.ratioH5p.push(h / zh);
      sizes = { scorm: sBytes, zip: fs.statSync(path.join(scratch, 'zip.zip')).size, h5p: hBytes };
      console.log(`export run ${run + 1}: SCORM 2004 ${sec(s)}, SCORM 1.2 ${sec(s12)}, zip -qr ${sec(z)}; .h5p ${sec(h)}, zip -qr ${sec(zh)}`);
    }
    const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`\nmedians of ${runs} interleaved runs (ratio = median of the same-run ratios)\n`);
    console.log('| what | app | peer | ratio |\n|---|---|---|---|');
    console.log(`| import, ${files} files (teacher; libraries installed) | ${sec(median(imp.app))} | Lumi ${sec(median(imp.lumi))}; unzip ${sec(median(imp.unzip))} | ${median(imp.ratio).toFixed(2)}× Lumi |`);
    console.log(`| import, same package (super_admin; installed versions skipped) | ${sec(median(imp.adminApp))} | Lumi ${sec(median(imp.lumi))} | ${(median(imp.adminApp) / median(imp.lumi)).toFixed(2)}× Lumi |`);
    console.log(`| import, first (installs 40 libraries) | ${sec(appFresh)} | Lumi ${sec(lumiFresh)} | ${(appFresh / lumiFresh).toFixed(2)}× Lumi (1 run) |`);
    console.log(`| SCORM 2004 export, ${scormFiles} files (${mib(sizes.scorm)}; zip -qr ${mib(sizes.zip)}) | ${sec(median(ex.scorm))} | zip -qr ${sec(median(ex.zip))} | ${median(ex.ratio).toFixed(2)}× |`);
    console.log(`| SCORM 1.2 export | ${sec(median(ex.scorm12))} | zip -qr ${sec(median(ex.zip))} | ${(median(ex.scorm12) / median(ex.zip)).toFixed(2)}× |`);
    console.log(`| .h5p export (${mib(sizes.h5p)}) | ${sec(median(ex.h5p))} | zip -qr ${sec(median(ex.zipH5p))} | ${median(ex.ratioH5p).toFixed(2)}× |`);
  } finally {
    child.kill('SIGTERM');
    await hub.close();
    setTimeout(() => fs.rmSync(scratch, { recursive: true, force: true }), 1000).unref();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

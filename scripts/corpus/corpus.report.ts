// `npm run corpus:report [-- H5P_CORPUS_DIR=<dir>]` — per content type of a corpus of real .h5p packages: does it
// import, render, take an answer, store a result, and run as a SCORM 1.2 / 2004 package (in scorm-again) and as a
// cmi5 AU (against the stand-in cmi5 LMS and LRS)? Writes docs/corpus.md (the table) and docs/corpus.json.
//
// The corpus: the directory in H5P_CORPUS_DIR (for example the 40 Hub packages of the h5p-nodejs-library
// repository, test/data/hub-content after its `npm run download:content`); without one, the project's own
// real-format packages built from tests/fixtures/h5p-libraries*/ (the libraries' semantics are the H5P Group's).
// Runs in Chromium against the built app exactly as the end-to-end tier does (scripts/e2e.mjs prepares the stores).
//
// Each column is observed, not assumed:
//  - import: POST /h5p/import as the super admin answers 201
//  - render: the player frame shows the content (.h5p-content taller than 40 px) without an uncaught page error
//  - answer: a generic learner (start buttons, first option, text "a" in inputs, check buttons, hotspots, next)
//    makes the player send an interaction statement (answered, interacted, completed, passed, failed, progressed)
//  - result: the results API then counts an attempt by that learner (a student playing a public item)
//  - SCORM 1.2 / 2004: the export launches in scorm-again, initializes, and after the same generic answer its
//    run-time data holds a status (and session time where the package reports one)
//  - cmi5: the AU launched by the stand-in LMS sends initialized, and after the answer a result statement or
//    at least an interaction statement
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../../tests/e2e/support/test';
import { E2E } from '../../tests/e2e/support/env';
import { demoAccount, signIn } from '../../tests/e2e/support/fixtures';
import { unzip } from '../../tests/e2e/support/unzip';
import { startCmi5Standin, type Cmi5Standin } from '../../tests/support/cmi5-standin';
import { AI_LIBRARIES_DIR, filesOf, LIBRARIES_DIR, SAMPLE_PARAMS, tinyPng, zip, type ZipEntry } from '../../tests/support/h5p-packages';

const ROOT = path.resolve(__dirname, '..', '..');
const INTERACTION = /\/(answered|interacted|completed|passed|failed|progressed|scored)$/;

interface Row {
  type: string;
  origin: string;
  file: string;
  import: string;
  render: string;
  answer: string;
  result: string;
  scorm12: string;
  scorm2004: string;
  cmi5: string;
  notes: string[];
}

interface CorpusPackage {
  type: string;
  file: string;
  data: Buffer;
  /** a package from the corpus folder, or one built from the project's fixture libraries */
  origin: 'package' | 'fixture';
}

/** The corpus: H5P_CORPUS_DIR's .h5p files, or the project's own real-format packages. */
function corpus(): { source: string; packages: CorpusPackage[] } {
  const dir = process.env.H5P_CORPUS_DIR;
  if (dir) {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.h5p')).sort();
    const real = files.map((f) => {
      const data = fs.readFileSync(path.join(dir, f));
      // named by its main content type (h5p.json), with the file it came from
      const main = mainLibraryOf(data);
      const name = f.replace(/\.h5p$/, '');
      return { type: main ? `${main} (${name})` : name, file: f, data, origin: 'package' as const };
    });
    if (!process.env.CORPUS_WITH_FIXTURES) return { source: `${files.length} packages from ${path.basename(dir)}`, packages: real };
    const own = fixtureCorpus();
    return { source: `${files.length} packages from ${path.basename(dir)} and ${own.length} built from the project's fixture libraries`, packages: [...real, ...own] };
  }
  const own = fixtureCorpus();
  return { source: `${own.length} real-format packages built from the project's fixture libraries (no H5P_CORPUS_DIR given)`, packages: own };
}

/** The `mainLibrary` of a package's h5p.json, read from the ZIP's central directory (undefined when unreadable). */
function mainLibraryOf(buf: Buffer): string | undefined {
  try {
    const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) return undefined;
    let at = buf.readUInt32LE(eocd + 16);
    for (let i = 0, n = buf.readUInt16LE(eocd + 10); i < n; i++) {
      const method = buf.readUInt16LE(at + 10);
      const size = buf.readUInt32LE(at + 20);
      const nameLength = buf.readUInt16LE(at + 28);
      const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
      if (name === 'h5p.json') {
        const local = buf.readUInt32LE(at + 42);
        const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
        const raw = buf.subarray(start, start + size);
        const text = (method === 8 ? zlib.inflateRawSync(raw) : raw).toString('utf8');
        return (JSON.parse(text.replace(/^\uFEFF/, '')) as { mainLibrary?: string }).mainLibrary;
      }
      at += 46 + skip;
    }
  } catch {
    // not a readable package: the import step says why
  }
  return undefined;
}

/** Small stand-ins for the media files the sample parameters name (a real PNG and WebVTT; other types a stub). */
function mediaFor(params: unknown): ZipEntry[] {
  const paths = [...new Set([...JSON.stringify(params).matchAll(/"path":"([^"]+)"/g)].map((m) => m[1]!))].filter((p) => !/^https?:/.test(p));
  return paths.map((p) => ({
    name: `content/${p}`,
    data: p.endsWith('.png') ? tinyPng() : p.endsWith('.vtt') ? Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n') : Buffer.from('stub media'),
    compress: false,
  }));
}

/** One package per runnable fixture library with sample parameters, carrying every fixture library. */
function fixtureCorpus(): CorpusPackage[] {
  const libDirs = (root: string) => fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'library.json'))).map((d) => ({ root, d }));
  const all = [...libDirs(LIBRARIES_DIR), ...libDirs(AI_LIBRARIES_DIR)];
  const libEntries: ZipEntry[] = all.flatMap(({ root, d }) => filesOf(path.join(root, d), `${d}/`));
  const samples: Record<string, unknown> = { ...SAMPLE_PARAMS };
  for (const f of ['samples-A.json', 'samples-B.json']) Object.assign(samples, JSON.parse(fs.readFileSync(path.join(AI_LIBRARIES_DIR, f), 'utf8')));
  const packages: CorpusPackage[] = [];
  for (const { root, d } of all) {
    const lib = JSON.parse(fs.readFileSync(path.join(root, d, 'library.json'), 'utf8')) as { machineName: string; majorVersion: number; minorVersion: number; runnable?: number };
    const params = samples[lib.machineName];
    if (!lib.runnable || !params) continue;
    const h5p = {
      title: `${lib.machineName.replace('H5P.', '')} (corpus)`,
      language: 'en',
      mainLibrary: lib.machineName,
      embedTypes: ['iframe'],
      license: 'U',
      defaultLanguage: 'en',
      // the main library and every sub-content library the parameters name ("H5P.MultiChoice 1.16"), as the editor lists them
      preloadedDependencies: [
        { machineName: lib.machineName, majorVersion: lib.majorVersion, minorVersion: lib.minorVersion },
        ...[...new Set(JSON.stringify(params).match(/H5P\.[A-Za-z0-9]+ \d+\.\d+/g) ?? [])].map((l) => {
          const [machineName, v] = l.split(' ');
          const [major, minor] = v!.split('.').map(Number);
          return { machineName: machineName!, majorVersion: major!, minorVersion: minor! };
        }),
      ],
    };
    // the media files the parameters name travel with them, as in a real export
    const data = zip([{ name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) }, { name: 'content/content.json', data: Buffer.from(JSON.stringify(params)) }, ...mediaFor(params), ...libEntries]);
    packages.push({ type: lib.machineName, file: `${lib.machineName}.h5p`, data, origin: 'fixture' });
  }
  return packages.sort((a, b) => a.type.localeCompare(b.type));
}

const { source, packages } = corpus();
const rows: Row[] = [];
let adminToken = '';
const servers: http.Server[] = [];

async function login(role: 'super_admin' | 'student'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function serve(dir: string, routes: Record<string, { type: string; body: string | Buffer }>): Promise<string> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2', '.xml': 'application/xml', '.vtt': 'text/vtt', '.ogg': 'audio/ogg', '.mp3': 'audio/mpeg', '.mp4': 'video/mp4', '.png': 'image/png', '.jpg': 'image/jpeg' };
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const r = routes[p];
    if (r) return void res.writeHead(200, { 'Content-Type': r.type }).end(r.body);
    const file = path.join(dir, p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The frame of the page that runs H5P content (the one whose document has .h5p-content), searched depth-first. */
async function contentFrame(page: Page, timeout = 20_000): Promise<Frame | null> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      const n = await f.locator('.h5p-content').count().catch(() => 0);
      if (n > 0) return f;
    }
    await page.waitForTimeout(250);
  }
  return null;
}

const START = '.h5p-qs-start, .qs-startbutton, .h5p-bs-start-button, .h5p-branching-scenario-start-button, .h5p-theme-start-button';
const OPTIONS = [
  'input[type=radio]',
  'input[type=checkbox]',
  '.h5p-answer',
  '.h5p-scs-alternative',
  '.h5p-sc-alternative',
  '.h5p-bq-alternative',
  '.h5p-bs-alternative',
  '.h5p-branching-question-alternative',
  '.h5p-mtw-word',
  '.h5p-word-selectable-words [role=option]',
  '.summary-options li',
  '.h5p-true-false-answer',
  '[role=radio]',
  '[role=option]',
  '.h5p-ih-hotspot',
  '.h5p-image-hotspot',
  '.h5p-accordion-header',
  '.h5p-panel-button',
].join(', ');
const CHECK = '.h5p-question-check-answer, .h5p-mc-check, .h5p-tf-check, .h5p-blanks-check, .h5p-dt-check, .h5p-mtw-check, .h5p-qs-finish, .h5p-dc-turn, .h5p-dialogcards-turn';
const NEXT = '.h5p-cp-next, .h5p-footer-next-slide, .h5p-qs-next, .h5p-scs-next, .h5p-bs-proceed, .h5p-iv-continue, .h5p-dc-next, .h5p-dialogcards-next';

async function clickFirst(f: Frame, selector: string): Promise<boolean> {
  const all = f.locator(selector);
  const n = Math.min(await all.count().catch(() => 0), 12);
  for (let i = 0; i < n; i++) {
    const el = all.nth(i);
    if (await el.isVisible().catch(() => false)) {
      const ok = await el.click({ timeout: 2_000 }).then(() => true).catch(() => false);
      if (ok) return true;
    }
  }
  return false;
}

/** A generic learner: a few rounds of start, type, pick, check, next, until an interaction statement is seen. */
async function answer(f: Frame, seen: () => boolean): Promise<void> {
  for (let round = 0; round < 4 && !seen(); round++) {
    await clickFirst(f, START);
    const inputs = f.locator('input[type=text], .h5p-text-input, textarea');
    const n = Math.min(await inputs.count().catch(() => 0), 6);
    for (let i = 0; i < n; i++) await inputs.nth(i).fill('a', { timeout: 2_000 }).catch(() => undefined);
    await clickFirst(f, OPTIONS);
    await f.page().waitForTimeout(300);
    await clickFirst(f, CHECK);
    await f.page().waitForTimeout(700);
    if (seen()) break;
    await clickFirst(f, NEXT);
    await f.page().waitForTimeout(500);
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  adminToken = await login('super_admin');
});

test.afterAll(async () => {
  for (const s of servers) s.close();
  const date = new Date().toISOString().slice(0, 10);
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Real content types: render, answer, result, SCORM, cmi5',
    '',
    `Produced by \`npm run corpus:report\` (scripts/corpus/corpus.report.ts) on ${date}: ${source}.`,
    'Rerun it where the Hub corpus is present with `H5P_CORPUS_DIR=<dir of .h5p files> npm run corpus:report`',
    '(for example the h5p-nodejs-library repository\'s `test/data/hub-content` after its `npm run download:content`).',
    'Each cell is what the run observed in Chromium; "—" means the step could not run because an earlier one failed.',
    '"from": `package` is a real .h5p file of the corpus folder (the libraries it carries are the H5P Group\'s); `fixture` is a',
    'package built from the project\'s own fixture libraries (tests/fixtures/h5p-libraries*), whose semantics are the H5P Group\'s.',
    'CORPUS_WITH_FIXTURES=1 adds the fixture packages to a corpus folder\'s.',
    '',
    '| type | from | import | render | answer | result stored | SCORM 1.2 | SCORM 2004 | cmi5 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.type)} | ${r.origin} | ${cell(r.import)} | ${cell(r.render)} | ${cell(r.answer)} | ${cell(r.result)} | ${cell(r.scorm12)} | ${cell(r.scorm2004)} | ${cell(r.cmi5)} |`),
    '',
    ...(rows.some((r) => r.notes.length) ? ['## Notes', '', ...rows.filter((r) => r.notes.length).map((r) => `- **${r.type}**: ${r.notes.join('; ')}`), ''] : []),
  ];
  const out = process.env.CORPUS_REPORT_OUT ?? path.join(ROOT, 'docs', 'corpus.md');
  fs.writeFileSync(out, lines.join('\n'));
  fs.writeFileSync(out.replace(/\.md$/, '.json'), JSON.stringify({ date, source, rows }, null, 2));
  console.log(lines.join('\n'));
});

for (const pkg of packages) {
  test(`corpus: ${pkg.type} (${pkg.origin})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const row: Row = { type: pkg.type, origin: pkg.origin === 'fixture' ? 'fixture' : 'package', file: pkg.file, import: '—', render: '—', answer: '—', result: '—', scorm12: '—', scorm2004: '—', cmi5: '—', notes: [] };
    rows.push(row);
    // a fresh token per package (tokens are short-lived; the whole run takes minutes)
    adminToken = await login('super_admin');
    // import
    const form = new FormData();
    form.append('h5p', new Blob([new Uint8Array(pkg.data)], { type: 'application/zip' }), pkg.file.split(' ')[0]);
    const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: form });
    if (imported.status !== 201) {
      row.import = `no (${imported.status})`;
      row.notes.push(((await imported.json().catch(() => ({}))) as { error?: string }).error ?? '');
      return;
    }
    row.import = 'yes';
    const id = ((await imported.json()) as { data: { contentId: string } }).data.contentId;
    await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` }, body: JSON.stringify({ visibility: 'public' }) });

    // render and answer as a student, in the workspace's player
    const context = await browser.newContext();
    const learner = await context.newPage();
    const errors: string[] = [];
    learner.on('pageerror', (e) => errors.push(e.message.slice(0, 160)));
    learner.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text().slice(0, 160));
    });
    // which file a "Failed to load resource" was (the console line does not say); tokens left out
    learner.on('response', (r) => {
      if (r.status() < 400) return;
      const u = new URL(r.url());
      errors.push(`HTTP ${r.status()} ${u.host === new URL(E2E.appUrl).host ? '' : u.host}${u.pathname.replace(/\/h5p\/player-files\/[^/]+\//, '/h5p/player-files/<token>/')}`.slice(0, 160));
    });
    learner.on('requestfailed', (r) => {
      // a media element cancelling its own range request, or a page left, is no failure
      if (/ERR_ABORTED/.test(r.failure()?.errorText ?? '')) return;
      const u = new URL(r.url());
      errors.push(`${r.failure()?.errorText ?? 'failed'} ${u.host}${u.pathname}`.slice(0, 160));
    });
    const verbs: string[] = [];
    learner.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().includes('/h5p/xapi/')) return;
      try {
        const body = JSON.parse(req.postData() ?? '{}') as { statements?: { verb?: { id?: string } }[] };
        for (const s of body.statements ?? []) verbs.push(String(s.verb?.id ?? ''));
      } catch {
        /* not a statement batch */
      }
    });
    try {
      await signIn(learner, demoAccount('student'));
      await learner.goto(`/content/${id}`);
      const f = await contentFrame(learner);
      const height = f ? await f.locator('.h5p-content').first().evaluate((el) => el.getBoundingClientRect().height).catch(() => 0) : 0;
      const rendered = !!f && height > 40;
      row.render = rendered ? 'yes' : 'no';
      if (f) {
        await answer(f, () => verbs.some((v) => INTERACTION.test(v)));
        await learner.waitForTimeout(2_000); // the player sends its batch after 1.5 s
        const sent = [...new Set(verbs.filter((v) => INTERACTION.test(v)).map((v) => v.split('/').pop()))];
        row.answer = sent.length ? `yes (${sent.join(', ')})` : 'no interaction sent';
        if (sent.length) {
          // leaving the page flushes the queue
          await learner.goto('about:blank');
          let attempts = 0;
          for (let i = 0; i < 20 && !attempts; i++) {
            const res = await fetch(`${E2E.appUrl}/api/results/content/${id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
            const body = (await res.json()) as { data?: { summary?: { attempts?: number } } };
            attempts = body.data?.summary?.attempts ?? 0;
            if (!attempts) await new Promise((r) => setTimeout(r, 500));
          }
          row.result = attempts ? `yes (${attempts} attempt${attempts > 1 ? 's' : ''})` : 'no';
        }
      }
      // errors that came while the content loaded its files or took the answer count too (a tainted canvas, a
      // refused captions track or preflight come after the first paint)
      if (rendered && errors.length) row.render = 'yes, with console errors';
      if (errors.length) row.notes.push(`console: ${[...new Set(errors)].slice(0, 3).join(' / ')}`);
    } finally {
      await context.close();
    }

    // SCORM 1.2 and 2004 in scorm-again
    const lib = fs.readFileSync(path.join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm-again.js'));
    for (const version of ['1.2', '2004'] as const) {
      const key = version === '1.2' ? 'scorm12' : 'scorm2004';
      const res = await fetch(`${E2E.appUrl}/h5p/content/${id}/export-scorm?version=${version}`, { headers: { Authorization: `Bearer ${adminToken}` } });
      if (res.status !== 200) {
        row[key] = `export ${res.status}`;
        continue;
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `corpus-scorm-`));
      await unzip(Buffer.from(await res.arrayBuffer()), dir);
      // the LMS records every value the SCO sets (some elements, such as the session time, are write-only)
      const api =
        (version === '1.2' ? 'window.API = new Scorm12API({ autocommit: false, logLevel: 5 }); var A = window.API, SET = "LMSSetValue";' : 'window.API_1484_11 = new Scorm2004API({ autocommit: false, logLevel: 5 }); var A = window.API_1484_11, SET = "SetValue";') +
        ' window.__set = {}; var orig = A[SET].bind(A); A[SET] = function (k, v) { window.__set[k] = String(v); return orig(k, v); };';
      const lms = `<!doctype html><html><head><script src="/__lms/scorm-again.js"></script><script>${api}</script></head><body><iframe id="sco" src="/index.html" style="width:900px;height:700px"></iframe></body></html>`;
      const base = await serve(dir, { '/__lms/scorm-again.js': { type: 'text/javascript', body: lib }, '/__lms/': { type: 'text/html', body: lms } });
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      try {
        await p.goto(`${base}/__lms/`);
        const f = await contentFrame(p);
        if (!f) {
          row[key] = 'no render';
          continue;
        }
        const state = () =>
          p.evaluate((v) => {
            const w = window as unknown as { API?: any; API_1484_11?: any; __set: Record<string, string> };
            const set = w.__set;
            return v === '1.2'
              ? { init: w.API.isInitialized(), status: set['cmi.core.lesson_status'] ?? '', raw: set['cmi.core.score.raw'] ?? '', max: set['cmi.core.score.max'] ?? '', time: set['cmi.core.session_time'] ?? '' }
              : { init: w.API_1484_11.isInitialized(), status: [set['cmi.completion_status'], set['cmi.success_status']].filter(Boolean).join('/'), raw: set['cmi.score.raw'] ?? '', max: set['cmi.score.max'] ?? '', time: set['cmi.session_time'] ?? '' };
          }, version);
        await answer(f, () => false);
        await p.waitForTimeout(1_000);
        const initialized = (await state()).init;
        // the learner leaves: the SCO finishes (session time is set then, at the latest)
        await p.locator('#sco').evaluate((el) => el.remove());
        await p.waitForTimeout(500);
        const after = await state();
        row[key] = !initialized ? 'not initialized' : `${after.status || 'no status'}${after.raw ? ` ${after.raw}/${after.max}` : ''}${after.time ? `, time ${after.time}` : ', no session time'}`;
      } catch (e) {
        row[key] = `error: ${(e as Error).message.slice(0, 80)}`;
      } finally {
        await ctx.close();
      }
    }

    // cmi5 against the stand-in LMS/LRS
    let lmsStandin: Cmi5Standin | undefined;
    const ctx = await browser.newContext();
    try {
      const res = await fetch(`${E2E.appUrl}/h5p/content/${id}/export-cmi5`, { headers: { Authorization: `Bearer ${adminToken}` } });
      if (res.status !== 200) {
        row.cmi5 = `export ${res.status}`;
      } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-cmi5-'));
        await unzip(Buffer.from(await res.arrayBuffer()), dir);
        const auId = /<au id="([^"]+)"/.exec(fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8'))?.[1] ?? '';
        lmsStandin = await startCmi5Standin(dir);
        const launch = lmsStandin.launch({ activityId: auId });
        const p = await ctx.newPage();
        await p.goto(launch.url);
        const f = await contentFrame(p);
        const cverbs = () => lmsStandin!.statements.filter((s) => s.context?.registration === launch.registration).map((s) => String(s.verb.id).split('/').pop());
        if (!f) row.cmi5 = `no render (${cverbs().join(', ')})`;
        else {
          await answer(f, () => false);
          await p.waitForTimeout(1_500);
          await p.goto('about:blank');
          await expect.poll(() => cverbs().includes('terminated'), { timeout: 5_000 }).toBe(true).catch(() => undefined);
          row.cmi5 = cverbs().filter((v) => v !== 'launched').join(', ') || 'nothing sent';
        }
      }
    } catch (e) {
      row.cmi5 = `error: ${(e as Error).message.slice(0, 80)}`;
    } finally {
      await ctx.close();
      await lmsStandin?.close();
    }
  });
}

test('corpus: the report has a row per package', () => {
  expect(rows.length).toBe(packages.length);
});

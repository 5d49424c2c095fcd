// Issue 23 items 9 and 10: exported SCORM and cmi5 packages as an LMS reads them, played for real in Chromium on
// the project's test libraries (Blanks, Drag Text, Multiple Choice, Summary).
// - SCORM: the LMS is a stand-in written here that speaks the run-time API — window.API (1.2) or
//   window.API_1484_11 (2004) in the frame that holds the SCO — records every call and refuses values outside the
//   data model's formats (session time, vocabularies), as a conformant LMS does.
// - cmi5: the LMS and its LRS are the stand-in of tests/support/cmi5-standin.ts (fetch URL, LMS.LaunchData in the
//   state API, statements with queries, the learner-preferences agent profile, a returnURL page).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { type FrameLocator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn } from './support/fixtures';
import { unzip } from './support/unzip';
import { startCmi5Standin, type Cmi5Standin } from '../support/cmi5-standin';
import { AI_LIBRARIES_DIR, LIBRARIES_DIR, filesOf, zip } from '../support/h5p-packages';

test.describe.configure({ mode: 'serial' });

const V = 'http://adlnet.gov/expapi/verbs/';
const servers: http.Server[] = [];
const lmss: Cmi5Standin[] = [];
let token = '';
const ids: Record<'blanks' | 'dragtext' | 'summary' | 'mc', string> = { blanks: '', dragtext: '', summary: '', mc: '' };

/** A content package carrying its library (from the test fixtures), imported by the demo admin (premium: SCORM and cmi5). */
async function importContent(dir: string, libDir: string, title: string, params: unknown): Promise<string> {
  const lib = JSON.parse(fs.readFileSync(path.join(dir, libDir, 'library.json'), 'utf8')) as { machineName: string; majorVersion: number; minorVersion: number };
  const h5p = { title, language: 'en', mainLibrary: lib.machineName, embedTypes: ['iframe'], license: 'U', preloadedDependencies: [{ machineName: lib.machineName, majorVersion: lib.majorVersion, minorVersion: lib.minorVersion }] };
  const pkg = zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5p)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify(params)) },
    ...filesOf(path.join(dir, libDir), `${libDir}/`),
  ]);
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'item.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

async function exported(kind: 'scorm' | 'cmi5', id: string, query = ''): Promise<string> {
  const res = await fetch(`${E2E.appUrl}/h5p/content/${id}/export-${kind}${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-lms-${kind}-`));
  await unzip(Buffer.from(await res.arrayBuffer()), dir);
  return dir;
}

/**
 * The H5P Group's Blanks, Drag Text and Summary send their result without `result.success` (Blanks and Drag Text
 * `setScoredResult(score, max, this)`, Summary `triggerXAPICompleted(score, max)`); the project's small test
 * libraries add it. This gives the package's copy the real shape.
 */
function withoutSuccess(dir: string, libDir: string, file: string, from: string, to: string) {
  const f = path.join(dir, 'libraries', libDir, file);
  const js = fs.readFileSync(f, 'utf8');
  expect(js).toContain(from);
  fs.writeFileSync(f, js.split(from).join(to));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2' };

/** The SCORM stand-in LMS page: the API object of the version in this frame, the SCO in an iframe. */
function lmsPage(version: '1.2' | '2004', preset: Record<string, string>): string {
  return `<!doctype html><html><head><script>
(function () {
  var V = ${JSON.stringify(version)};
  var data = ${JSON.stringify(preset)};
  var defaults = V === '1.2'
    ? { 'cmi.core.lesson_status': 'not attempted', 'cmi.core.entry': 'ab-initio', 'cmi.student_data.mastery_score': '' }
    : { 'cmi.completion_status': 'unknown', 'cmi.success_status': 'unknown', 'cmi.entry': 'ab-initio', 'cmi.scaled_passing_score': '' };
  var formats = V === '1.2' ? {
    'cmi.core.session_time': /^\\d{2,4}:\\d{2}:\\d{2}(\\.\\d{1,2})?$/,
    'cmi.core.lesson_status': /^(passed|completed|failed|incomplete|browsed)$/,
    'cmi.core.score.raw': /^\\d{1,3}(\\.\\d+)?$/, 'cmi.core.score.min': /^\\d{1,3}(\\.\\d+)?$/, 'cmi.core.score.max': /^\\d{1,3}(\\.\\d+)?$/,
    'cmi.core.exit': /^(time-out|suspend|logout|)$/
  } : {
    'cmi.session_time': /^P(?!$)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+(\\.\\d{1,2})?S)?)?$/,
    'cmi.completion_status': /^(completed|incomplete|not attempted|unknown)$/,
    'cmi.success_status': /^(passed|failed|unknown)$/,
    'cmi.score.scaled': /^-?(0(\\.\\d+)?|1(\\.0+)?)$/,
    'cmi.exit': /^(time-out|suspend|logout|normal|)$/
  };
  var lms = window.__lms = { calls: [], rejected: [], data: data, initialized: false, terminated: false };
  function rec(fn, args, ret) { lms.calls.push({ fn: fn, args: Array.prototype.slice.call(args), ret: ret }); return ret; }
  function get(k) { return k in data ? data[k] : (k in defaults ? defaults[k] : ''); }
  function set(k, v) {
    v = String(v);
    if (!lms.initialized || lms.terminated || (formats[k] && !formats[k].test(v))) { lms.rejected.push([k, v]); return 'false'; }
    data[k] = v;
    return 'true';
  }
  var api = V === '1.2' ? {
    LMSInitialize: function () { lms.initialized = true; return rec('LMSInitialize', arguments, 'true'); },
    LMSFinish: function () { lms.terminated = true; return rec('LMSFinish', arguments, 'true'); },
    LMSGetValue: function (k) { return rec('LMSGetValue', arguments, get(k)); },
    LMSSetValue: function (k, v) { return rec('LMSSetValue', arguments, set(k, v)); },
    LMSCommit: function () { return rec('LMSCommit', arguments, 'true'); },
    LMSGetLastError: function () { return '0'; }, LMSGetErrorString: function () { return ''; }, LMSGetDiagnostic: function () { return ''; }
  } : {
    Initialize: function () { lms.initialized = true; return rec('Initialize', arguments, 'true'); },
    Terminate: function () { lms.terminated = true; return rec('Terminate', arguments, 'true'); },
    GetValue: function (k) { return rec('GetValue', arguments, get(k)); },
    SetValue: function (k, v) { return rec('SetValue', arguments, set(k, v)); },
    Commit: function () { return rec('Commit', arguments, 'true'); },
    GetLastError: function () { return '0'; }, GetErrorString: function () { return ''; }, GetDiagnostic: function () { return ''; }
  };
  window[V === '1.2' ? 'API' : 'API_1484_11'] = api;
})();
</script></head><body><iframe id="sco" src="/index.html" style="width:900px;height:700px"></iframe></body></html>`;
}

/** Serves an unpacked SCORM package with the stand-in LMS page at /__lms/ (preset: values the LMS holds, e.g. from the manifest). */
async function scormLms(dir: string, version: '1.2' | '2004', preset: Record<string, string> = {}): Promise<string> {
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (p === '/__lms/') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(lmsPage(version, preset));
    const file = path.join(dir, p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/__lms/`;
}

interface LmsRecord {
  calls: { fn: string; args: string[]; ret: string }[];
  rejected: [string, string][];
  data: Record<string, string>;
  initialized: boolean;
  terminated: boolean;
}
const lmsRecord = (page: Page) => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __lms: unknown }).__lms)) as LmsRecord);

async function playScorm(page: Page, url: string): Promise<FrameLocator> {
  await page.goto(url);
  const sco = page.frameLocator('#sco');
  await expect(sco.locator('#scorm-status')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(sco.locator('#scorm-status')).toHaveText('lms-found');
  return sco.frameLocator('iframe.h5p-iframe');
}

/** The learner leaves the SCO (the LMS unloads its frame): the SCO terminates. */
async function leaveSco(page: Page) {
  await page.locator('#sco').evaluate((f: HTMLIFrameElement) => (f.src = 'about:blank'));
  await expect.poll(async () => (await lmsRecord(page)).terminated).toBe(true);
}

const BLANKS = { text: '<p>Fill in the capitals</p>', questions: ['<p>France: *Paris*.</p>', '<p>Italy: *Rome*.</p>', '<p>Spain: *Madrid*.</p>'], checkLabel: 'Check' };
const DRAGTEXT = { taskDescription: '<p>Complete the sentence</p>', textField: 'The *cat* sat on the *mat*.', checkLabel: 'Check' };
const SUMMARY = {
  intro: '<p>Choose the correct statements.</p>',
  summaries: [
    { summary: ['<p>Water boils at 100 °C at sea level.</p>', '<p>Water boils at 50 °C at sea level.</p>'] },
    { summary: ['<p>The earth orbits the sun.</p>', '<p>The sun orbits the earth.</p>'] },
    { summary: ['<p>Ice is frozen water.</p>', '<p>Ice is frozen oil.</p>'] },
  ],
};
const MC = {
  question: '<p>What is 2 + 2?</p>',
  answers: [
    { text: '4', correct: true, tipsAndFeedback: { chosenFeedback: '', notChosenFeedback: '' } },
    { text: '5', correct: false, tipsAndFeedback: { chosenFeedback: '', notChosenFeedback: '' } },
  ],
  checkLabel: 'Check',
};

test.beforeAll(async () => {
  const admin = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  ids.blanks = await importContent(LIBRARIES_DIR, 'H5P.Blanks-1.14', 'Capitals', BLANKS);
  ids.dragtext = await importContent(LIBRARIES_DIR, 'H5P.DragText-1.10', 'Cat and mat', DRAGTEXT);
  ids.summary = await importContent(AI_LIBRARIES_DIR, 'H5P.Summary-1.10', 'Science facts', SUMMARY);
  ids.mc = await importContent(LIBRARIES_DIR, 'H5P.MultiChoice-1.16', 'Sums', MC);
});
test.afterAll(async () => {
  for (const s of servers) s.close();
  for (const l of lmss) await l.close();
});

const sessionTimeKey = (v: '1.2' | '2004') => (v === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time');

for (const version of ['1.2', '2004'] as const) {
  const fn = version === '1.2' ? { set: 'LMSSetValue', finish: 'LMSFinish' } : { set: 'SetValue', finish: 'Terminate' };

  test(`SCORM ${version}: Blanks at 0/3 (no result.success, as the real library sends it) fails against the default mastery score of 100 %, and the session time is set before the SCO terminates`, async ({ page }) => {
    const dir = await exported('scorm', ids.blanks, `?version=${version}`);
    withoutSuccess(dir, 'H5P.Blanks-1.14', 'blanks.js', 'self, true, score === self.answers.length)', 'self)');
    const manifest = fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8');
    if (version === '1.2') expect(manifest).toContain('<adlcp:masteryscore>100</adlcp:masteryscore>');
    else {
      expect(manifest).toMatch(/<imsss:primaryObjective objectiveID="[^"]+" satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>1<\/imsss:minNormalizedMeasure>/);
      expect(manifest.indexOf('<imsss:sequencing>')).toBeGreaterThan(manifest.indexOf('<item identifier="item-1"'));
    }
    const h5p = await playScorm(page, await scormLms(dir, version));
    await h5p.getByRole('button', { name: 'Check' }).click();
    await expect(h5p.locator('.h5p-blanks-result')).toHaveText('0 of 3 correct');
    await expect.poll(async () => (await lmsRecord(page)).data[version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.success_status']).toBe('failed');
    const lms = await lmsRecord(page);
    if (version === '1.2') expect(lms.data).toMatchObject({ 'cmi.core.score.raw': '0', 'cmi.core.score.min': '0', 'cmi.core.score.max': '100' });
    else expect(lms.data).toMatchObject({ 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0', 'cmi.score.raw': '0', 'cmi.score.max': '3' });
    await leaveSco(page);
    const done = await lmsRecord(page);
    expect(done.rejected).toEqual([]);
    // session time in the data model's own format, set before the SCO terminates
    const sets = done.calls.filter((c) => c.fn === fn.set && c.args[0] === sessionTimeKey(version));
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.at(-1)!.args[1]).toMatch(version === '1.2' ? /^\d{4}:\d{2}:\d{2}\.\d{2}$/ : /^PT\d+H\d+M\d+\.\d{2}S$/);
    const at = (f: string) => done.calls.findIndex((c) => c.fn === f);
    expect(done.calls.findLastIndex((c) => c.fn === fn.set && c.args[0] === sessionTimeKey(version))).toBeLessThan(at(fn.finish));

    // a learner who passed in an earlier session keeps the pass when a later try is worse
    const statusKey = version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.success_status';
    const again = await playScorm(page, await scormLms(dir, version, { [statusKey]: 'passed' }));
    await again.getByRole('button', { name: 'Check' }).click();
    await expect(again.locator('.h5p-blanks-result')).toHaveText('0 of 3 correct');
    await expect.poll(async () => (await lmsRecord(page)).calls.some((c) => c.fn === fn.set && c.args[0] === sessionTimeKey(version))).toBe(true);
    expect((await lmsRecord(page)).data[statusKey]).toBe('passed');
  });

  test(`SCORM ${version}: the author's mastery score decides passed for Drag Text at 1/2 and Summary at 2/3, and the LMS's own mastery score overrides it`, async ({ page }) => {
    const bad = await fetch(`${E2E.appUrl}/h5p/content/${ids.dragtext}/export-scorm?version=${version}&masteryScore=101`, { headers: { Authorization: `Bearer ${token}` } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Validation error: masteryScore: masteryScore must be a percentage from 0 to 100');

    const dir = await exported('scorm', ids.dragtext, `?version=${version}&masteryScore=50`);
    withoutSuccess(dir, 'H5P.DragText-1.10', 'dragtext.js', 'self, true, score === self.words.length)', 'self)');
    expect(fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8')).toContain(version === '1.2' ? '<adlcp:masteryscore>50</adlcp:masteryscore>' : '<imsss:minNormalizedMeasure>0.5</imsss:minNormalizedMeasure>');
    const statusKey = version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.success_status';
    const dragHalf = async (h5p: FrameLocator) => {
      await h5p.locator('select.h5p-dt-gap').nth(0).selectOption('cat');
      await h5p.locator('select.h5p-dt-gap').nth(1).selectOption('cat');
      await h5p.getByRole('button', { name: 'Check' }).click();
      await expect(h5p.locator('.h5p-dt-result')).toHaveText('1 of 2 correct');
    };
    await dragHalf(await playScorm(page, await scormLms(dir, version)));
    await expect.poll(async () => (await lmsRecord(page)).data[statusKey]).toBe('passed');
    if (version === '2004') expect((await lmsRecord(page)).data).toMatchObject({ 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.5' });
    else expect((await lmsRecord(page)).data['cmi.core.score.raw']).toBe('50');
    // the LMS holds a stricter mastery score (its rules, or another manifest value): it decides
    await dragHalf(await playScorm(page, await scormLms(dir, version, version === '1.2' ? { 'cmi.student_data.mastery_score': '75' } : { 'cmi.scaled_passing_score': '0.75' })));
    await expect.poll(async () => (await lmsRecord(page)).data[statusKey]).toBe('failed');
    expect((await lmsRecord(page)).rejected).toEqual([]);

    const sum = await exported('scorm', ids.summary, `?version=${version}&masteryScore=60`);
    withoutSuccess(sum, 'H5P.Summary-1.10', 'summary.js', 'this, true, score === max)', 'this, true)');
    const h5p = await playScorm(page, await scormLms(sum, version));
    // the first set is missed once (wrong statement first), the other two are right on the first try: 2 of 3
    await h5p.locator('.h5p-summary-statement[data-index="1"]').click();
    await h5p.locator('.h5p-summary-statement[data-index="0"]').click();
    await h5p.locator('.h5p-summary-statement[data-index="0"]').click();
    await h5p.locator('.h5p-summary-statement[data-index="0"]').click();
    await expect(h5p.locator('.h5p-summary-score')).toHaveText('You got 2 out of 3 points');
    await expect.poll(async () => (await lmsRecord(page)).data[statusKey]).toBe('passed');
    if (version === '2004') expect((await lmsRecord(page)).data).toMatchObject({ 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.6667' });
    await leaveSco(page);
    expect((await lmsRecord(page)).rejected).toEqual([]);
  });
}

// ---- cmi5 ----

const verbsOf = (lms: Cmi5Standin, registration: string, sessionId?: string) =>
  lms.statements
    .filter((s) => s.context?.registration === registration && (!sessionId || s.context?.extensions?.['https://w3id.org/xapi/cmi5/context/extensions/sessionid'] === sessionId))
    .map((s) => String(s.verb.id).replace(V, ''));

async function launchAu(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-cmi5', 'initialized', { timeout: 20_000 });
  return page.frameLocator('iframe.h5p-iframe');
}

async function answerMc(h5p: FrameLocator, choice: string, verdict: string) {
  await h5p.locator('.h5p-mc label', { hasText: choice }).locator('input').check();
  await h5p.getByRole('button', { name: 'Check' }).click();
  await expect(h5p.locator('.h5p-mc-result')).toHaveText(verdict);
}

test('cmi5: cmi5.xml carries the mastery score, and a second launch in the same registration sends neither completed nor passed again', async ({ page }) => {
  const bad = await fetch(`${E2E.appUrl}/h5p/content/${ids.mc}/export-cmi5?masteryScore=abc`, { headers: { Authorization: `Bearer ${token}` } });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toBe('Validation error: masteryScore: masteryScore must be a percentage from 0 to 100');
  const dir = await exported('cmi5', ids.mc, '?masteryScore=80');
  const structure = fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8');
  expect(structure).toMatch(/<au id="[^"]+" moveOn="CompletedAndPassed" masteryScore="0.8" launchMethod="AnyWindow">/);
  const auId = /<au id="([^"]+)"/.exec(structure)![1]!;
  const lms = await startCmi5Standin(dir);
  lmss.push(lms);

  // the LMS passes the course's masteryScore on (cmi5 10.2.4)
  const first = lms.launch({ activityId: auId, masteryScore: 0.8 });
  await answerMc(await launchAu(page, first.url), '4', 'Correct!');
  await expect.poll(() => verbsOf(lms, first.registration)).toEqual(['launched', 'initialized', 'completed', 'passed']);
  await page.goto('about:blank');
  await expect.poll(() => verbsOf(lms, first.registration)).toEqual(['launched', 'initialized', 'completed', 'passed', 'terminated']);

  // the learner comes back in the same registration and answers again: the registration already holds completed
  // and passed (cmi5 9.3: at most one of each per registration)
  const second = lms.launch({ activityId: auId, masteryScore: 0.8, registration: first.registration });
  await answerMc(await launchAu(page, second.url), '4', 'Correct!');
  await page.goto('about:blank');
  await expect.poll(() => verbsOf(lms, first.registration, second.sessionId)).toEqual(['launched', 'initialized', 'terminated']);
  expect(lms.queries.some((q) => q.get('registration') === first.registration && q.get('verb') === `${V}passed`)).toBe(true);
  // the learner preferences were read on start (cmi5 11.0)
  expect(lms.profileReads).toBeGreaterThan(0);
  expect(lms.fetchReuse).toBe(0);
  expect(lms.refused).toBe(0);
});

test('cmi5: Exit terminates the session and goes to the returnURL of LMS.LaunchData; without one the AU says the window may be closed', async ({ page }) => {
  const dir = await exported('cmi5', ids.mc, '?masteryScore=80');
  const auId = /<au id="([^"]+)"/.exec(fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8'))![1]!;
  const lms = await startCmi5Standin(dir);
  lmss.push(lms);
  const withReturn = lms.launch({ activityId: auId, masteryScore: 0.8 });
  await answerMc(await launchAu(page, withReturn.url), '4', 'Correct!');
  await expect.poll(() => verbsOf(lms, withReturn.registration)).toEqual(['launched', 'initialized', 'completed', 'passed']);
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(`${lms.origin}/return`);
  await expect(page.locator('#lms-return')).toBeVisible();
  expect(verbsOf(lms, withReturn.registration)).toEqual(['launched', 'initialized', 'completed', 'passed', 'terminated']);

  const noReturn = lms.launch({ activityId: auId, returnURL: null });
  await launchAu(page, noReturn.url);
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByRole('status')).toHaveText('Finished. You can close this window now.');
  await expect.poll(() => verbsOf(lms, noReturn.registration)).toEqual(['launched', 'initialized', 'terminated']);
  expect(lms.fetchReuse).toBe(0);
  expect(lms.refused).toBe(0);
});

test('cmi5: a learner who fails and retries passes in the same session; a failed session reports failed once when the learner leaves, and a later session can still pass', async ({ page }) => {
  const dir = await exported('cmi5', ids.blanks);
  withoutSuccess(dir, 'H5P.Blanks-1.14', 'blanks.js', 'self, true, score === self.answers.length)', 'self)');
  expect(fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8')).toContain('masteryScore="1"');
  const auId = /<au id="([^"]+)"/.exec(fs.readFileSync(path.join(dir, 'cmi5.xml'), 'utf8'))![1]!;
  const lms = await startCmi5Standin(dir);
  lmss.push(lms);
  const fill = async (h5p: FrameLocator, values: string[], verdict: string) => {
    for (const [i, v] of values.entries()) await h5p.locator('input.h5p-blank').nth(i).fill(v);
    await h5p.getByRole('button', { name: 'Check' }).click();
    await expect(h5p.locator('.h5p-blanks-result')).toHaveText(verdict);
  };

  // the LMS's masteryScore (0.6) overrides the package's 100 %
  const retry = lms.launch({ activityId: auId, masteryScore: 0.6 });
  let h5p = await launchAu(page, retry.url);
  await fill(h5p, ['Paris', 'x', 'y'], '1 of 3 correct');
  await expect.poll(() => verbsOf(lms, retry.registration)).toEqual(['launched', 'initialized', 'completed']);
  await fill(h5p, ['Paris', 'Rome', 'Madrid'], '3 of 3 correct');
  await expect.poll(() => verbsOf(lms, retry.registration)).toEqual(['launched', 'initialized', 'completed', 'passed']);
  await page.locator('#cmi5-exit').click();
  await expect(page).toHaveURL(`${lms.origin}/return`);
  expect(verbsOf(lms, retry.registration)).toEqual(['launched', 'initialized', 'completed', 'passed', 'terminated']);
  const passed = lms.statements.find((s) => s.context?.registration === retry.registration && s.verb.id === `${V}passed`)!;
  expect(passed.result).toMatchObject({ success: true, score: { scaled: 1, raw: 3, max: 3, min: 0 } });
  expect(passed.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBe(0.6);

  // a session that ends below the mastery score: failed (its last result) before terminated
  const failing = lms.launch({ activityId: auId, masteryScore: 0.6 });
  h5p = await launchAu(page, failing.url);
  await fill(h5p, ['Paris', 'x', 'y'], '1 of 3 correct');
  await page.locator('#cmi5-exit').click();
  await expect(page).toHaveURL(`${lms.origin}/return`);
  expect(verbsOf(lms, failing.registration)).toEqual(['launched', 'initialized', 'completed', 'failed', 'terminated']);
  const failed = lms.statements.find((s) => s.context?.registration === failing.registration && s.verb.id === `${V}failed`)!;
  expect(failed.result).toMatchObject({ success: false, score: { scaled: 0.3333, raw: 1, max: 3 } });
  expect(failed.context.contextActivities.category).toContainEqual({ id: 'https://w3id.org/xapi/cmi5/context/categories/moveon', objectType: 'Activity' });

  // the next session of that registration passes: passed after failed is allowed across sessions; completed is not repeated
  const again = lms.launch({ activityId: auId, masteryScore: 0.6, registration: failing.registration });
  h5p = await launchAu(page, again.url);
  await fill(h5p, ['Paris', 'Rome', 'y'], '2 of 3 correct');
  await expect.poll(() => verbsOf(lms, failing.registration, again.sessionId)).toEqual(['launched', 'initialized', 'passed']);
  await page.goto('about:blank'); // leaving without Exit: terminated all the same
  await expect.poll(() => verbsOf(lms, failing.registration, again.sessionId)).toEqual(['launched', 'initialized', 'passed', 'terminated']);
  expect(lms.fetchReuse).toBe(0);
  expect(lms.refused).toBe(0);
});

test('the content page asks for the pass mark when a SCORM or cmi5 export is chosen: the package carries it, and a bad value is refused before the download', async ({ page }) => {
  await signIn(page, demoAccount('super_admin'));
  await page.goto(`/content/${ids.dragtext}`);
  // the export is chosen in the page's menu; a dialog asks for the pass mark, empty by default (the content's own, else 100 %)
  await page.getByTestId('content-menu').click();
  await page.getByTestId('export-scorm-12').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByRole('heading', { name: 'Export SCORM 1.2' })).toBeVisible();
  const field = dialog.getByLabel('Pass mark (%)');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await field.fill('150');
  await dialog.getByTestId('export-dialog-confirm').click();
  await expect(dialog.getByTestId('export-mastery-error')).toHaveText('The pass mark must be a percentage from 0 to 100.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('75');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-dialog-confirm').click()]);
  expect(download.suggestedFilename()).toBe('Cat and mat_scorm1.2.zip');
  await expect(dialog).toBeHidden();
  // the pass mark typed is kept for the next export of this visit
  await page.getByTestId('content-menu').click();
  await page.getByTestId('export-scorm-2004').click();
  await expect(field).toHaveValue('75');
  const [download2004] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-dialog-confirm').click()]);
  expect(download2004.suggestedFilename()).toBe('Cat and mat_scorm2004.zip');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-lms-ui-'));
  await unzip(fs.readFileSync(await download2004.path()), dir);
  expect(fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8')).toContain('<imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure>');
  await page.getByTestId('content-menu').click();
  await page.getByTestId('export-cmi5').click();
  const [cmi5] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-dialog-confirm').click()]);
  const dir5 = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-lms-ui-'));
  await unzip(fs.readFileSync(await cmi5.path()), dir5);
  expect(fs.readFileSync(path.join(dir5, 'cmi5.xml'), 'utf8')).toContain('masteryScore="0.75"');
});

// A teacher's H5P paths in a real browser: install content types from the (stand-in) hub, create content,
// play and answer it (result stored), publish, export and re-import, SCORM 1.2/2004 in scorm-again, and an
// embed played from a page on another origin.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { expect, test } from './support/test';
import { type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { unzip } from './support/unzip';
import { startHubStandin, type HubStandin } from '../support/hub-standin';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';
import { ESSENTIAL_CONTENT_TYPES } from '../../lib/content/types';

/** how many essential types are installed (the AI specs import their own containers: Question Set, Dialog Cards …) */
async function essentialsInstalled(): Promise<number> {
  const [row] = await sql<{ n: number }>('SELECT count(DISTINCT machine_name)::int AS n FROM h5p_libraries WHERE machine_name = ANY($1)', [[...ESSENTIAL_CONTENT_TYPES]]);
  return row!.n;
}
const readiness = (n: number) => `${n} of ${ESSENTIAL_CONTENT_TYPES.length} essential content types installed — ${n >= 5 ? 'ready' : 'not ready yet'}`;

let hub: HubStandin;
const statics: http.Server[] = [];

test.beforeAll(async () => {
  hub = await startHubStandin(Number(new URL(E2E.hubUrl).port));
  // an earlier spec's page found no hub (none was running then), which the app remembers for a minute
  const redis = new Redis(E2E.redisUrl);
  await redis.del('h5p:hub-reachable');
  redis.disconnect();
});
test.afterAll(async () => {
  await hub?.close();
  for (const s of statics) s.close();
});

/** A static server on 127.0.0.1 (another origin than the app's localhost) with extra routes. */
async function serve(dir: string | null, routes: Record<string, { type: string; body: string | Buffer }> = {}): Promise<string> {
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const r = routes[p];
    if (r) return void res.writeHead(200, { 'Content-Type': r.type }).end(r.body);
    if (!dir) return void res.writeHead(404).end();
    const file = path.join(dir, p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404).end();
    const ext = path.extname(file);
    const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2' }[ext] ?? 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  statics.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function createViaApi(token: string, title: string): Promise<string> {
  const res = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

async function answerMultiChoice(frame: FrameLocator, answer = '4') {
  await frame.locator('.h5p-mc label', { hasText: answer }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText(answer === '4' ? 'Correct!' : 'Wrong');
}

async function signInTeacher(page: Page) {
  await signIn(page, demoAccount('teacher'));
}

test.describe.serial('H5P content in the workspace', () => {
  let contentId = '';

  test('a teacher installs the essential content types from the hub', async ({ page }) => {
    await signInTeacher(page);
    await page.getByTestId('my-content-link').click();
    await page.getByTestId('types-link').click();
    // what earlier specs brought in through packages (the hub's basic types, the AI specs' containers) counts
    await expect(page.getByTestId('types-status')).toHaveText(readiness(await essentialsInstalled()));
    await page.getByTestId('install-essentials').click();
    await expect(page.getByTestId('install-result')).toHaveText('Installed 5 of 30; 25 not available.', { timeout: 30_000 });
    const installed = await essentialsInstalled();
    expect(installed).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId('types-status')).toHaveText(readiness(installed));
    expect(hub.requests).toContain('GET /v1/content-types/H5P.MultiChoice');
  });

  test('an admin follows the install of the essential content types on the admin page, library by library', async ({ page }) => {
    await signIn(page, demoAccount('super_admin'));
    await page.goto('/admin');
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Content types' }).click();
    await expect(page).toHaveURL(/\/admin\/content-types$/);
    await expect(page.getByTestId('hub-reachable')).toHaveText('Reachable');
    await expect(page.getByTestId('essentials-summary')).toHaveText(`${await essentialsInstalled()} of 30 installed: ready for authoring.`);
    // the hub catalog: what the teacher installed is up to date, with its version
    const mc = page.getByTestId('hub-type').filter({ hasText: 'H5P.MultiChoice' });
    await expect(mc).toContainText('1.16.3');
    await expect(mc).toContainText('Up to date');
    await page.getByTestId('admin-install-essentials').click();
    // live: a progress bar and a line per library as each one is done
    await expect(page.getByTestId('essentials-job-progress')).toBeVisible();
    await expect(page.getByTestId('essentials-job-status')).toHaveText('Finished: 5 succeeded, 25 failed.', { timeout: 30_000 });
    await expect(page.getByTestId('essentials-job-result')).toHaveCount(30);
    await expect(page.getByTestId('essentials-job-result').filter({ hasText: 'H5P.MultiChoice' })).toHaveAttribute('data-success', 'true');
    await expect(page.getByTestId('essentials-job-result').filter({ hasText: 'H5P.Timeline' })).toContainText('Content type not found on the H5P Hub');
    // a reload finds the last run's report
    await page.reload();
    await expect(page.getByTestId('essentials-job-status')).toHaveText('Finished: 5 succeeded, 25 failed.');
    // the curriculum page says what is missing in this installation
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Curriculum' }).click();
    await expect(page.getByTestId('curriculum-service')).toHaveText('No curriculum service is configured: set CURRICULUM_SERVICE_URL and restart.');
    await expect(page.getByTestId('admin-sync-all')).toBeDisabled();
  });

  test('the create page authors content in the H5P editor when its files are installed, otherwise says how to add them', async ({ page }) => {
    await signInTeacher(page);
    await page.goto('/content/new');
    // Create starts with the type picker (issue 25 item 6): True/False opens the editor with that type chosen
    await expect(page.getByTestId('create-picker')).toBeVisible();
    if (!(await page.getByTestId('editor-missing').isVisible())) await page.getByTestId('create-type-H5P.TrueFalse').click();
    await expect(page.getByTestId('editor-missing').or(page.getByTestId('h5p-editor'))).toBeVisible();
    if (await page.getByTestId('editor-missing').isVisible()) {
      // CI machines cannot download h5p-editor-php-library (GitHub is unreachable): the page explains the way
      test.info().annotations.push({ type: 'create-path', description: 'editor files not installed: instructions checked, content is created through the API below' });
      // a teacher is asked to turn to their administrator: no variable names or API paths (issue 25 item 9)
      await expect(page.getByTestId('editor-missing')).toContainText('Ask your administrator to install it.');
      await expect(page.getByTestId('editor-missing')).not.toContainText('H5P_EDITOR_DIR');
      await expect(page.getByTestId('editor-missing')).not.toContainText('/h5p/content');
      return;
    }
    test.info().annotations.push({ type: 'create-path', description: 'H5P editor (h5p-editor-php-library) driven in the browser' });
    const editor = page.frameLocator('[data-testid="h5p-editor"] iframe').first();
    await editor.locator('input[id^="field-extratitle"]').fill('Made in the editor');
    await editor.getByRole('combobox').first().selectOption('false');
    await page.getByTestId('editor-save').click();
    await page.waitForURL(/\/content\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('content-title')).toHaveText('Made in the editor');
    const id = page.url().split('/').pop()!;
    const [row] = await sql<{ main_library: string; parameters: { correct: string } }>('SELECT main_library, parameters FROM h5p_contents WHERE id = $1', [id]);
    expect(row).toMatchObject({ main_library: 'H5P.TrueFalse', parameters: { correct: 'false' } });
    // and it plays
    await expect(page.frameLocator('[data-testid="h5p-player"]').getByRole('button', { name: 'Check' })).toBeVisible();

    // edit it in the editor: the saved parameters load back into the form
    await page.getByRole('link', { name: 'Edit' }).click();
    const again = page.frameLocator('[data-testid="h5p-editor"] iframe').first();
    await expect(again.locator('input[id^="field-extratitle"]')).toHaveValue('Made in the editor');
    await again.locator('input[id^="field-extratitle"]').fill('Edited in the editor');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('content-title')).toHaveText('Edited in the editor');
    expect((await sql<{ title: string }>('SELECT title FROM h5p_contents WHERE id = $1', [id]))[0]?.title).toBe('Edited in the editor');

    // the session ends while the teacher edits: the save is refused, the work is kept and restored after signing in
    await page.getByRole('link', { name: 'Edit' }).click();
    const third = page.frameLocator('[data-testid="h5p-editor"] iframe').first();
    await expect(third.locator('input[id^="field-extratitle"]')).toHaveValue('Edited in the editor');
    const teacher = demoAccount('teacher');
    await sql(`UPDATE browser_sessions SET ended_at = now(), end_reason = 'refresh_refused' WHERE ended_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`, [teacher.email]);
    await third.locator('input[id^="field-extratitle"]').fill('Kept across sign-in');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-status')).toContainText('Your session has ended');
    await page.getByTestId('session-ended-banner').getByRole('link', { name: 'Sign in again' }).click();
    await page.getByLabel('Email').fill(teacher.email);
    await page.getByLabel('Password').fill(teacher.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/content/${id}/edit$`));
    await expect(page.getByTestId('editor-draft-restored')).toBeVisible();
    const restored = page.frameLocator('[data-testid="h5p-editor"] iframe').first();
    await expect(restored.locator('input[id^="field-extratitle"]')).toHaveValue('Kept across sign-in');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('content-title')).toHaveText('Kept across sign-in');
  });

  test('multiple-choice content created through the API is listed, played, answered and its result stored', async ({ page }) => {
    const token = await apiToken('teacher');
    await signInTeacher(page);
    contentId = await createViaApi(token, 'Sums');
    await page.goto('/content');
    const row = page.locator(`[data-content-id="${contentId}"]`);
    // the type's title from the installed library (not its slug)
    await expect(row).toContainText('Multiple Choice');
    await expect(row).toContainText('private');
    await row.getByRole('link', { name: 'Sums' }).click();
    await expect(page.getByTestId('content-title')).toHaveText('Sums');
    await answerMultiChoice(page.frameLocator('[data-testid="h5p-player"]'));
    await expect(page.getByTestId('h5p-result')).toHaveText('Your score: 1 / 1');
    await expect.poll(async () => (await sql('SELECT score, max_score FROM h5p_finished_data WHERE content_id = $1', [contentId]))[0]).toEqual({ score: 1, max_score: 1 });
    await expect.poll(async () => (await sql<{ view_count: number }>('SELECT view_count FROM content_ownership WHERE content_id = $1', [contentId]))[0]?.view_count).toBeGreaterThan(0);
  });

  test('the teacher publishes the content and sees the view count', async ({ page }) => {
    await signInTeacher(page);
    await page.goto('/content');
    const row = page.locator(`[data-content-id="${contentId}"]`);
    await row.getByTestId('item-menu').click();
    await page.getByTestId('toggle-visibility').click();
    await expect(row.getByTestId('visibility')).toHaveText('public');
    await expect(page.getByTestId('toast').filter({ hasText: '“Sums” is published' })).toBeVisible();
    const [own] = await sql<{ visibility: string; published_at: Date | null }>('SELECT visibility, published_at FROM content_ownership WHERE content_id = $1', [contentId]);
    expect(own?.visibility).toBe('public');
    expect(own?.published_at).not.toBeNull();
    await page.reload();
    await expect(row.getByTestId('views')).not.toHaveText('0');
  });

  test('export downloads a .h5p that re-imports through the import page with identical parameters', async ({ page }) => {
    await signInTeacher(page);
    await page.goto('/content');
    const row = page.locator(`[data-content-id="${contentId}"]`);
    await row.getByTestId('item-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toBe('Sums.h5p');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-h5p-')), 'Sums.h5p');
    await download.saveAs(file);
    await page.goto('/content/import');
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-submit').click();
    await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('toast').filter({ hasText: '“Sums.h5p” imported' })).toBeVisible();
    const newId = page.url().split('/').pop()!;
    expect(newId).not.toBe(contentId);
    await expect(page.getByTestId('content-title')).toHaveText('Sums');
    const rows = await sql<{ id: string; parameters: unknown }>('SELECT id, parameters FROM h5p_contents WHERE id = ANY($1)', [[contentId, newId]]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.parameters).toEqual(rows[1]!.parameters);
    await answerMultiChoice(page.frameLocator('[data-testid="h5p-player"]'), '5');
    await expect(page.getByTestId('h5p-result')).toHaveText('Your score: 0 / 1');
  });

  for (const version of ['1.2', '2004'] as const) {
    test(`SCORM ${version} export runs in scorm-again and reports completion, success and score`, async ({ page }) => {
      const token = await apiToken('teacher');
      const res = await fetch(`${E2E.appUrl}/h5p/content/${contentId}/export-scorm?version=${version}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-scorm${version}-`));
      await unzip(Buffer.from(await res.arrayBuffer()), dir);
      const lib = fs.readFileSync(path.resolve(__dirname, '..', '..', 'node_modules', 'scorm-again', 'dist', 'scorm-again.js'));
      const api = version === '1.2' ? 'window.API = new Scorm12API({ autocommit: false, logLevel: 5 });' : 'window.API_1484_11 = new Scorm2004API({ autocommit: false, logLevel: 5 });';
      const lms = `<!doctype html><html><head><script src="/__lms/scorm-again.js"></script><script>${api}</script></head>
        <body><iframe id="sco" src="/index.html" style="width:900px;height:700px"></iframe></body></html>`;
      const base = await serve(dir, { '/__lms/scorm-again.js': { type: 'text/javascript', body: lib }, '/__lms/': { type: 'text/html', body: lms } });
      await page.goto(`${base}/__lms/`);
      const sco = page.frameLocator('#sco');
      await expect(sco.locator('#scorm-status')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await expect(sco.locator('#scorm-status')).toHaveText('lms-found');
      await answerMultiChoice(sco.frameLocator('iframe.h5p-iframe'));
      // the launcher's policy (issue 22 item 1): its own inline scripts run (hash-bound), a script injected into the
      // page does not
      const injected = await sco.locator('body').evaluate(async (body) => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true;';
        body.appendChild(s);
        await new Promise((r) => setTimeout(r, 50));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(injected).toBe(false);
      const state = await page.evaluate((v) => {
        const w = window as unknown as { API?: any; API_1484_11?: any };
        return v === '1.2'
          ? { initialized: w.API.isInitialized(), status: w.API.cmi.core.lesson_status, raw: w.API.cmi.core.score.raw, max: w.API.cmi.core.score.max }
          : { initialized: w.API_1484_11.isInitialized(), status: `${w.API_1484_11.cmi.completion_status}/${w.API_1484_11.cmi.success_status}`, raw: w.API_1484_11.cmi.score.raw, max: w.API_1484_11.cmi.score.max, scaled: w.API_1484_11.cmi.score.scaled };
      }, version);
      expect(state.initialized).toBe(true);
      // 1.2: the score as a percentage, the scale of the manifest's adlcp:masteryscore (issue 23 item 9)
      if (version === '1.2') expect(state).toMatchObject({ status: 'passed', raw: '100', max: '100' });
      else expect(state).toMatchObject({ status: 'completed/passed', raw: '1', max: '1', scaled: '1' });
    });
  }

  test('the embed snippet plays on a page of another origin and stores the viewer’s own attempt', async ({ page }) => {
    await signInTeacher(page);
    await page.goto(`/content/${contentId}`);
    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toContain(`/h5p/embed/${contentId}?token=`);
    // the note says what happens (issue 23 item 8): each viewer is an anonymous learner in the author's results,
    // not a play on the author's account
    const note = page.getByTestId('embed-note');
    await expect(note).toContainText('Each viewer plays as an anonymous learner: whoever answers appears in your results as an attempt');
    await expect(note).toContainText('never on your account');
    await expect(note).not.toContainText('Viewers play as you');
    const host = await serve(null, {
      '/': {
        type: 'text/html',
        body: `<!doctype html><html><body><h1>Another site</h1>${snippet.replace('<iframe ', '<iframe id="embed" ')}
          <pre id="xapi"></pre><script>window.addEventListener('message', function (e) { if (e.data && e.data.type === 'h5p-xapi' && e.data.statement.result) document.getElementById('xapi').textContent = e.data.statement.result.score.raw + '/' + e.data.statement.result.score.max; });</script></body></html>`,
      },
    });
    await sql(`DELETE FROM learning_attempts WHERE content_id = $1 AND learner_key LIKE 'anon:%'`, [contentId]);
    const authorScores = await sql('SELECT score FROM h5p_finished_data WHERE content_id = $1', [contentId]);
    await page.goto(host);
    expect(new URL(host).origin).not.toBe(new URL(E2E.appUrl).origin);
    await answerMultiChoice(page.frameLocator('#embed'));
    await expect(page.locator('#xapi')).toHaveText('1/1');
    // the viewer's own attempt (issue 11), not a score on the author's record
    await expect
      .poll(async () => sql(`SELECT source, score, max_score FROM learning_attempts WHERE content_id = $1 AND learner_key LIKE 'anon:%' AND kind = 'attempt'`, [contentId]))
      .toEqual([{ source: 'embed', score: 1, max_score: 1 }]);
    expect(await sql('SELECT score FROM h5p_finished_data WHERE content_id = $1', [contentId])).toEqual(authorScores);
  });

  test('the responsive embed sizes itself to its content with the resizer and never overflows a phone', async ({ page }) => {
    await signInTeacher(page);
    await page.goto(`/content/${contentId}`);
    await expect(page.getByTestId('embed-responsive')).toBeChecked();
    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toContain('/h5p-resizer.js');
    const host = await serve(null, {
      '/': { type: 'text/html', body: `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:8px"><h1>Phone page</h1>${snippet.replace('<iframe ', '<iframe id="embed" ')}</body></html>` },
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(host);
    await expect(page.frameLocator('#embed').getByRole('button', { name: 'Check' })).toBeVisible();
    // the frame takes the content's height (not the initial 600 px) and the page's width
    await expect.poll(async () => page.locator('#embed').evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBeLessThan(400);
    const box = await page.locator('#embed').evaluate((el) => el.getBoundingClientRect().width);
    expect(box).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the player page itself has no horizontal overflow
    expect(await page.frameLocator('#embed').locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // the fixed-size option gives a plain frame of the chosen size
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/content/${contentId}?tab=share`);
    // (retried as a whole: choices made while the page is still hydrating are reset by React)
    await expect(async () => {
      await page.getByTestId('embed-fixed').check();
      await page.getByTestId('embed-width').fill('640');
      await page.getByTestId('embed-height').fill('480');
      expect(await page.getByTestId('embed-snippet').inputValue()).toContain('width="640" height="480"');
    }).toPass({ timeout: 20_000 });
    const fixed = await page.getByTestId('embed-snippet').inputValue();
    expect(fixed).not.toContain('h5p-resizer.js');
  });

  test('delete asks for confirmation and removes the content', async ({ page }) => {
    await signInTeacher(page);
    const token = await apiToken('teacher');
    const id = await createViaApi(token, 'To delete');
    await page.goto('/content');
    const row = page.locator(`[data-content-id="${id}"]`);
    await row.getByTestId('item-menu').click();
    await page.getByTestId('delete').click();
    // a modal dialog: Cancel keeps the content, confirming deletes it and says so in a toast
    const dialog = page.getByTestId('delete-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Delete “To delete” for good?');
    await expect(page.getByTestId('delete-dialog-cancel')).toBeFocused();
    await page.getByTestId('delete-dialog-cancel').click();
    await expect(dialog).toBeHidden();
    expect(await sql('SELECT id FROM h5p_contents WHERE id = $1', [id])).toHaveLength(1);
    await row.getByTestId('item-menu').click();
    await page.getByTestId('delete').click();
    await page.getByTestId('delete-dialog-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: '“To delete” deleted' })).toBeVisible();
    await expect(page.locator(`[data-content-id="${id}"]`)).toHaveCount(0);
    expect(await sql('SELECT id FROM h5p_contents WHERE id = $1', [id])).toHaveLength(0);
  });
});

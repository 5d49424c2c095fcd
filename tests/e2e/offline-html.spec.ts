// Issue 28 item 2: the offline HTML export — the teacher downloads one .html file from the content page's menu, opens
// it from file:// with the service out of reach, answers, and sees the score; the H5P runtime reports it (xAPI).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn } from './support/fixtures';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test('a teacher exports offline HTML, opens it from file:// without the service, answers and sees the score', async ({ page, browser }) => {
  const admin = await apiToken('super_admin');
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Offline quiz', withLibrary: true }))], { type: 'application/zip' }), 'offline.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(imported.status).toBe(201);
  const id = ((await imported.json()) as { data: { contentId: string } }).data.contentId;

  await signIn(page, demoAccount('super_admin'));
  await page.goto(`/content/${id}`);
  await page.getByTestId('content-menu').click();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('export-html').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Offline quiz.html');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-html-'));
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);

  // a fresh browser with no way to the service: every request that is not the file itself fails
  const offline = await browser.newContext();
  const requests: string[] = [];
  await offline.route(/^https?:/, (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  const learner = await offline.newPage();
  const errors: string[] = [];
  learner.on('pageerror', (e) => errors.push(e.message));
  await learner.goto(pathToFileURL(saved).href);
  await learner.evaluate(() => {
    const w = window as unknown as { H5P: { externalDispatcher: { on: (e: string, f: (ev: { data: { statement: { result?: { score?: { raw: number; max: number } } } } }) => void) => void } }; __scores: string[] };
    w.__scores = [];
    w.H5P.externalDispatcher.on('xAPI', (ev) => {
      const s = ev.data.statement.result?.score;
      if (s) w.__scores.push(`${s.raw}/${s.max}`);
    });
  });
  const mc = learner.locator('.h5p-mc');
  await expect(mc).toBeVisible();
  await mc.locator('label', { hasText: '4' }).locator('input').check();
  await mc.getByRole('button', { name: 'Check' }).click();
  await expect(mc.locator('.h5p-mc-result')).toHaveText('Correct!');
  expect(await learner.evaluate(() => (window as unknown as { __scores: string[] }).__scores)).toEqual(['1/1']);
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
  await offline.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

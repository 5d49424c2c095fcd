// Issue 7 item 6 in the browser: a learner's result is never dropped. When posting it fails, the sandboxed player
// retries with backoff and says so, then confirms; the row is stored once the service answers. A rate-limited post
// (429) waits for its Retry-After (issue 8 item 1).
import { expect, test } from './support/test';
import { type Page } from '@playwright/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** An imported public multiple-choice item (installs the library when this spec runs alone). */
async function publicItem(title: string): Promise<string> {
  const admin = await apiToken('super_admin');
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title, withLibrary: true }))], { type: 'application/zip' }), 'retry.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(imported.status).toBe(201);
  const id = ((await imported.json()) as { data: { contentId: string } }).data.contentId;
  await fetch(`${E2E.appUrl}/h5p/content/${id}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` }, body: JSON.stringify({ visibility: 'public' }) });
  return id;
}

/** The teacher answers the item in the workspace's player frame; returns the frame. */
async function answer(page: Page, id: string) {
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${id}`);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await frame.locator('.h5p-mc label', { hasText: '4' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  return frame;
}

async function expectStored(id: string) {
  const [teacher] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [demoAccount('teacher').email]);
  await expect.poll(async () => (await sql('SELECT score, max_score FROM h5p_finished_data WHERE content_id = $1 AND user_id = $2', [id, teacher!.id]))[0]).toEqual({ score: 1, max_score: 1 });
}

test('a result post that fails is retried until it is stored, and the learner is told', async ({ page }) => {
  const id = await publicItem('Retry');
  let failures = 0;
  await page.route('**/h5p/finishedData**', async (route) => {
    if (failures < 2) {
      failures++;
      await route.fulfill({ status: 503, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'unavailable' });
    } else await route.continue();
  });
  const frame = await answer(page, id);
  await expect(frame.getByTestId('player-status')).toContainText('retrying');
  await expect(frame.getByTestId('player-status')).toHaveText('Your result has been saved.', { timeout: 15_000 });
  expect(failures).toBe(2);
  await expectStored(id);
});

// issue 8 item 1: a rate-limited post waits for Retry-After (the 429 exposes it to the sandboxed page)
test('a rate-limited result post is retried after Retry-After and stored, and the learner is told the activity is busy', async ({ page }) => {
  const id = await publicItem('Busy');
  let limited = 0;
  await page.route('**/h5p/finishedData**', async (route) => {
    if (limited < 1) {
      limited++;
      await route.fulfill({
        status: 429,
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After', 'Retry-After': '2', 'Content-Type': 'application/json' },
        body: JSON.stringify({ success: false, error: 'Too many requests. Please try again later.' }),
      });
    } else await route.continue();
  });
  const frame = await answer(page, id);
  await expect(frame.getByTestId('player-status')).toHaveText('The activity is busy; your result will be saved in 2 s…');
  await expect(frame.getByTestId('player-status')).toHaveText('Your result has been saved.', { timeout: 15_000 });
  expect(limited).toBe(1);
  await expectStored(id);
});

// a rate-limited save of the learner's state (H5P core's contentUserData post) is sent again after Retry-After
test('a rate-limited state save is sent again after Retry-After and the state is stored', async ({ page }) => {
  const id = await publicItem('Busy state');
  let limited = 0;
  let posts = 0;
  await page.route('**/h5p/contentUserData/**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts++;
    if (limited < 1) {
      limited++;
      await route.fulfill({
        status: 429,
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After', 'Retry-After': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ success: false, error: 'Too many requests. Please try again later.' }),
      });
    } else await route.continue();
  });
  await answer(page, id);
  const [teacher] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [demoAccount('teacher').email]);
  // H5P core saves the state within its save interval (10 s); the refused post comes again a second later
  await expect
    .poll(async () => (await sql<{ user_state: string }>(`SELECT user_state FROM h5p_content_user_data WHERE content_id = $1 AND user_id = $2 AND data_type = 'state'`, [id, teacher!.id]))[0]?.user_state ?? null, { timeout: 30_000 })
    .toContain('selected');
  expect(limited).toBe(1);
  expect(posts).toBeGreaterThanOrEqual(2);
});

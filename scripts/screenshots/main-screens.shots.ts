// Screenshots of the main screens for the README, at 1440 px (and the player on a 390 px phone).
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '../../tests/e2e/support/test';
import { E2E } from '../../tests/e2e/support/env';
import { demoAccount, signIn } from '../../tests/e2e/support/fixtures';
import { startHubStandin, type HubStandin } from '../../tests/support/hub-standin';
import { SAMPLE_PARAMS, libraryString } from '../../tests/support/h5p-packages';

const out = (name: string) => path.join(__dirname, '..', '..', 'docs', 'screenshots', `${name}.png`);
let hub: HubStandin;

async function token(role: 'teacher' | 'super_admin' | 'teacher2') {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
async function call(t: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${E2E.appUrl}${p}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t}` }, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()) as { data: Record<string, string> };
}

test.beforeAll(async () => {
  hub = await startHubStandin(Number(new URL(E2E.hubUrl).port));
  const admin = await token('super_admin');
  for (const name of Object.keys(SAMPLE_PARAMS)) await call(admin, 'POST', '/h5p/libraries/install', { machineName: name });
  const other = await token('teacher2');
  const titles: Record<string, string> = { 'H5P.MultiChoice': 'Fractions check-in', 'H5P.TrueFalse': 'Photosynthesis facts', 'H5P.Blanks': 'Water cycle gaps', 'H5P.DragText': 'Parts of speech', 'H5P.MarkTheWords': 'Find the verbs' };
  for (const [lib, title] of Object.entries(titles)) {
    const { data } = await call(other, 'POST', '/h5p/content', { library: libraryString(lib), params: SAMPLE_PARAMS[lib], metadata: { title } });
    await call(other, 'PATCH', `/h5p/content/${data.contentId}/visibility`, { visibility: 'public' });
  }
  const mine = await token('teacher');
  for (const [lib, title] of Object.entries(titles)) await call(mine, 'POST', '/h5p/content', { library: libraryString(lib), params: SAMPLE_PARAMS[lib], metadata: { title: `${title} (${randomUUID().slice(0, 4)})` } });
});
test.afterAll(async () => hub?.close());

async function settle(page: import('@playwright/test').Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

test('main screens', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await page.screenshot({ path: out('sign-in') });
  await signIn(page, demoAccount('teacher'));
  await settle(page);
  await page.screenshot({ path: out('workspace') });
  await page.goto('/content');
  await expect(page.getByTestId('content-row').first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: out('my-content') });
  await page.goto('/content?view=table');
  await settle(page);
  await page.screenshot({ path: out('my-content-table') });
  await page.goto('/content');
  await page.getByTestId('content-row').first().getByRole('link').first().click();
  await expect(page.frameLocator('[data-testid="h5p-player"]').getByRole('button', { name: 'Check' })).toBeVisible();
  await page.screenshot({ path: out('content-page'), fullPage: true });
  await page.goto('/content/new');
  await settle(page);
  await page.screenshot({ path: out('create') });
  await page.goto('/marketplace');
  await settle(page);
  await page.screenshot({ path: out('marketplace') });
  await page.goto('/collections');
  await settle(page);
  await page.screenshot({ path: out('collections') });
  await page.goto('/content/types');
  await settle(page);
  await page.screenshot({ path: out('content-types') });
  await page.goto('/plans');
  await settle(page);
  await page.screenshot({ path: out('plans') });
  await page.goto('/settings');
  await settle(page);
  await page.screenshot({ path: out('settings') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/content');
  await settle(page);
  await page.screenshot({ path: out('my-content-phone') });
  await page.goto('/workspace');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: out('menu-phone') });
  await page.keyboard.press('Escape');
  // the same workspace in German (the account menu saves the language on the account), then back
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await settle(page);
  await page.screenshot({ path: out('workspace-de') });
  await page.goto('/content');
  await settle(page);
  await page.screenshot({ path: out('my-content-de') });
  await page.getByRole('button', { name: /^Kontomenü von / }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // the admin's first run and a student's home
  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(admin, demoAccount('super_admin'));
  await settle(admin);
  await admin.screenshot({ path: out('admin-home') });
  await admin.close();
  const student = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(student, demoAccount('student'));
  await settle(student);
  await student.screenshot({ path: out('student-home') });
  await student.close();
});

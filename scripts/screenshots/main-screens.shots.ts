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

test('main screens', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await page.screenshot({ path: out('sign-in') });
  await signIn(page, demoAccount('teacher'));
  await page.screenshot({ path: out('workspace') });
  await page.goto('/content');
  await expect(page.getByTestId('content-row').first()).toBeVisible();
  await page.screenshot({ path: out('my-content') });
  await page.getByTestId('content-row').first().getByRole('link').first().click();
  await expect(page.frameLocator('[data-testid="h5p-player"]').getByRole('button', { name: 'Check' })).toBeVisible();
  await page.screenshot({ path: out('content-page'), fullPage: true });
  await page.goto('/marketplace');
  await expect(page.getByTestId('result').first()).toBeVisible();
  await page.screenshot({ path: out('marketplace') });
  await page.getByTestId('result-link').first().click();
  await expect(page.frameLocator('[data-testid="h5p-player"]').locator('.h5p-content')).toBeVisible();
  await page.screenshot({ path: out('marketplace-item'), fullPage: true });
  await page.goto('/collections');
  await page.screenshot({ path: out('collections') });
  await page.goto('/content/types');
  await page.screenshot({ path: out('content-types') });
  await page.goto('/settings');
  await page.screenshot({ path: out('settings') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/content');
  await page.screenshot({ path: out('my-content-phone') });
  // the same workspace in German (the language menu saves it on the account), then back
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('language-menu').first().selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/collections');
  await page.screenshot({ path: out('collections-de') });
  await page.getByTestId('language-menu').first().selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

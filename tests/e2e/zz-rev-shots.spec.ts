// temporary: screenshots of the History tab (not committed)
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn } from './support/fixtures';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';
import { publicItem } from './support/public-item';

test('shots', async ({ page }) => {
  test.setTimeout(180_000);
  await publicItem('Shots library');
  const a = demoAccount('teacher');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const h = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const res = await fetch(`${E2E.appUrl}/h5p/content`, { method: 'POST', headers: h, body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Shots' }, note: 'First draft for the class' }) });
  const id = ((await res.json()) as { data: { contentId: string } }).data.contentId;
  const p2 = { ...(SAMPLE_PARAMS['H5P.MultiChoice'] as object), question: '<p>What is 3 + 3 in the end?</p>' };
  await fetch(`${E2E.appUrl}/h5p/content/${id}`, { method: 'PUT', headers: h, body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: p2, metadata: { title: 'Shots v2' } }) });
  await signIn(page, a);
  for (const w of [1440, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(`/content/${id}?tab=history`);
    await page.getByTestId('history-select-1').check();
    await page.getByTestId('history-select-2').check();
    await page.getByTestId('history-compare').click();
    await expect(page.getByTestId('history-comparison')).toBeVisible();
    await page.screenshot({ path: `/tmp/rev-history-${w}.png`, fullPage: true });
    await page.getByTestId('history-preview-1').click();
    await page.waitForTimeout(4000);
    await page.screenshot({ path: `/tmp/rev-preview-${w}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('history-restore-1').focus();
    await page.keyboard.press('Enter');
    await page.screenshot({ path: `/tmp/rev-restore-${w}.png` });
    await page.keyboard.press('Escape');
  }
});

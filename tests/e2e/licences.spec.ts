// Issue 28 item 3 in the browser: a teacher edits the licence and an author of their item on the content page's
// Details tab and sees them in the player bar's "Rights of use" dialog; the marketplace filters by licence, and an
// item whose licence forbids derivatives says why it cannot be cloned.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn, type DemoAccount } from './support/fixtures';
import { publicItem } from './support/public-item';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

async function tokenOf(a: DemoAccount): Promise<string> {
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function teacherItem(title: string): Promise<string> {
  await publicItem('Licences library'); // installs the content type when this spec runs alone
  const res = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await tokenOf(demoAccount('teacher'))}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title } }),
  });
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

test('a teacher edits the licence and an author on the content page and sees them in the Rights of use dialog', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await teacherItem(`Licensed ${randomUUID().slice(0, 6)}`);
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${id}?tab=details`);
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details.getByTestId('rights-license')).toHaveText('Undisclosed');
  await details.getByTestId('rights-edit').click();
  const form = details.getByTestId('rights-form');
  await form.getByLabel('Licence', { exact: true }).selectOption('CC BY-SA');
  await form.getByLabel('Licence version').selectOption('3.0');
  await form.getByTestId('rights-author-add').click();
  await form.getByLabel('Name of author 1').fill('Grace Hopper');
  await form.getByLabel('Role of author 1').selectOption('Editor');
  await form.getByLabel('Year (from)').fill('2025');
  await form.getByLabel('Describe a change (optional)').fill('Licence chosen for the school');
  // the form fits a phone's width
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByTestId('rights-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rights of use saved' })).toBeVisible();
  await expect(details.getByTestId('rights-form')).toHaveCount(0);
  await expect(details.getByTestId('rights-license')).toHaveText('CC BY-SA 3.0');
  await expect(details.getByTestId('rights-authors')).toHaveText('Grace Hopper (Editor)');

  // the player bar's dialog shows the same, with the change log
  await page.getByRole('tablist', { name: 'Content sections' }).getByRole('tab', { name: 'Preview' }).click();
  await page.getByTestId('bar-rights').click();
  const dialog = page.getByTestId('rights-dialog');
  await expect(dialog.getByTestId('rights-license')).toHaveText('CC BY-SA 3.0');
  await expect(dialog.getByTestId('rights-authors')).toHaveText('Grace Hopper (Editor)');
  await expect(dialog.getByTestId('rights-changes')).toContainText('Licence chosen for the school');
  await page.keyboard.press('Escape');

  // after a reload (from the stored metadata), still there
  await page.reload();
  await page.getByTestId('bar-rights').click();
  await expect(page.getByTestId('rights-dialog').getByTestId('rights-license')).toHaveText('CC BY-SA 3.0');
});

test('the marketplace filters by licence and a no-derivatives item says why it cannot be cloned', async ({ page }) => {
  test.setTimeout(120_000);
  const word = `Nd${randomUUID().slice(0, 6)}`;
  const id = await publicItem(`${word} quiz`);
  const res = await fetch(`${E2E.appUrl}/h5p/content/${id}/metadata`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await tokenOf(demoAccount('super_admin'))}` },
    body: JSON.stringify({ license: 'CC BY-ND', licenseVersion: '4.0' }),
  });
  expect(res.status).toBe(200);

  await signIn(page, demoAccount('teacher'));
  await page.goto('/marketplace');
  await page.getByTestId('search').fill(word);
  await expect(page.getByTestId('result')).toHaveCount(1);
  const filter = page.getByTestId('filter-license');
  await expect(filter).toBeVisible();
  await filter.selectOption('CC BY-SA');
  await expect(page.getByTestId('result')).toHaveCount(0);
  await filter.selectOption('CC BY-ND');
  const card = page.getByTestId('result');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('result-licence')).toContainText('CC BY-ND 4.0');
  await expect(card.getByTestId('result-clone')).toBeDisabled();
  await expect(card.getByTestId('result-no-derivatives')).toContainText('does not allow derivatives');
});

// Issue 25 item 5: the content page as tabs (Preview, Share & embed, Results, Details), H5P's reuse / embed /
// rights-of-use bar under the player, and "Preview as learner" that records nothing.
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { publicItem } from './support/public-item';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

async function teacherItem(title: string, metadata: Record<string, unknown> = {}): Promise<string> {
  await publicItem('Content page library'); // installs the content type when this spec runs alone
  const a = demoAccount('teacher');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${E2E.appUrl}/h5p/content`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title, ...metadata } }),
  });
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

test('the tabs keep the player, the chosen tab is in the address, and Details shows licence and authors', async ({ page }) => {
  const id = await teacherItem('Tabbed quiz', { license: 'CC BY', licenseVersion: '4.0', authors: [{ name: 'Grace Hopper', role: 'Author' }], yearFrom: 2024 });
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${id}`);
  await expect(page.getByTestId('content-title')).toHaveText('Tabbed quiz');
  const tabs = page.getByRole('tablist', { name: 'Content sections' });
  for (const name of ['Preview', 'Share & embed', 'Results', 'Details']) await expect(tabs.getByRole('tab', { name })).toBeVisible();
  await expect(page.frameLocator('[data-testid="h5p-player"]').getByRole('button', { name: 'Check' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\?tab=details$/);
  await expect(page.getByRole('tabpanel', { name: 'Details' }).getByText('CC BY 4.0')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Details' }).getByText('Grace Hopper (Author)')).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  // arrow keys move between tabs
  await tabs.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Results' })).toBeFocused();
  await tabs.getByRole('tab', { name: 'Preview' }).click();
  // the bar under the player: rights of use in a dialog, embed leads to the Share tab
  await page.getByTestId('bar-rights').click();
  await expect(page.getByTestId('rights-dialog').getByTestId('rights-license')).toHaveText('CC BY 4.0');
  await page.keyboard.press('Escape');
  await page.getByTestId('bar-embed').click();
  await expect(tabs.getByRole('tab', { name: 'Share & embed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('embed-snippet')).toBeVisible();
});

test('preview as learner plays the item fresh and records nothing', async ({ page }) => {
  const id = await teacherItem('Learner preview quiz');
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${id}`);
  await expect(page.frameLocator('[data-testid="h5p-player"]').getByRole('button', { name: 'Check' })).toBeVisible();
  await page.waitForTimeout(800); // the author's own view is written in a batch a moment later
  const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM learning_attempts WHERE content_id = $1', [id]);
  const views = await sql<{ view_count: number }>('SELECT view_count FROM content_ownership WHERE content_id = $1', [id]);
  await page.getByTestId('preview-as-learner').check();
  await expect(page.getByTestId('preview-nothing-recorded')).toHaveText('Nothing you do here is recorded');
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await frame.locator('.h5p-mc label').first().locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toBeVisible();
  // nothing arrives: no attempt, no statement, no view
  await page.waitForTimeout(1500);
  expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM learning_attempts WHERE content_id = $1', [id])).toEqual(before);
  expect(await sql<{ view_count: number }>('SELECT view_count FROM content_ownership WHERE content_id = $1', [id])).toEqual(views);
});

test('deleting a public item used in a collection warns about both before anything is removed', async ({ page }) => {
  const id = await teacherItem('Shared quiz');
  const a = demoAccount('teacher');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${E2E.appUrl}${p}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined }).then((r) => r.json() as Promise<{ data: { id: string } }>);
  await call('PATCH', `/h5p/content/${id}/visibility`, { visibility: 'public' });
  const c = await call('POST', '/api/collections', { title: 'Unit 1' });
  await call('POST', `/api/collections/${c.data.id}/items`, { contentIds: [id] });
  await signIn(page, a);
  await page.goto(`/content/${id}`);
  await page.getByTestId('content-menu').click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog.getByTestId('delete-public-warning')).toContainText('It is public');
  await expect(dialog.getByTestId('delete-collections-warning')).toContainText('It is in 1 collection');
  await dialog.getByTestId('delete-dialog-cancel').click();
  expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM h5p_contents WHERE id = $1', [id])).toEqual([{ n: 1 }]);
});

test("the owner's actions sit in the header: Publish follows the status at once, the rest is one menu run from the keyboard", async ({ page }) => {
  const id = await teacherItem('Keyboard quiz');
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${id}`);
  const header = page.locator('main header').first();
  await expect(header.getByTestId('visibility')).toHaveText('Private');
  // one primary action (Edit), Publish beside it; no row of export buttons or pass-mark field on the page
  await expect(header.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/content/${id}/edit`);
  await expect(page.getByTestId('export-mastery-score')).toHaveCount(0);
  await header.getByTestId('toggle-visibility').click();
  await expect(header.getByTestId('visibility')).toHaveText('Public');
  await expect(header.getByTestId('toggle-visibility')).toHaveText('Make private');
  expect(await sql<{ visibility: string }>('SELECT visibility FROM content_ownership WHERE content_id = $1', [id])).toEqual([{ visibility: 'public' }]);

  // the menu opens with Enter (and Space), the arrows move, Escape closes it and gives the focus back
  const trigger = header.getByRole('button', { name: 'More actions' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Export .h5p', 'Export offline HTML', 'Export SCORM 1.2', 'Export SCORM 2004', 'Export cmi5', 'Delete']);
  await expect(menu.getByRole('menuitem', { name: 'Export .h5p' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Export offline HTML' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitem', { name: 'Export .h5p' })).toBeFocused();
  // Delete from the keyboard: the dialog focuses Cancel; Escape backs out and the focus returns to the menu button
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('delete-dialog-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('delete-dialog')).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // a SCORM export from the keyboard: the pass-mark field has the focus; Escape backs out to the menu button
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByLabel('Pass mark (%)')).toBeFocused();
  await expect(dialog).toContainText('Leave it empty for 100 %');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM h5p_contents WHERE id = $1', [id])).toEqual([{ n: 1 }]);
});

// Folders and drag-and-drop import of several .h5p files (issue 25 item 4): a teacher drops three packages on the
// import page (one broken) and sees each file's outcome; creates a folder in the tree, moves an imported item into
// it with the "Move to folder…" dialog and another by dropping it on the folder; imports into the chosen folder with
// the file picker; deletes the folder (its items move up). In the library's table view a row is dragged onto a folder
// as a card is, and "Move to folder…" stays. The page passes axe at 1440 and 390 px, light and dark.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { type Page } from '@playwright/test';
import { E2E } from './support/env';
import AxeBuilder from '@axe-core/playwright';
import { demoAccount, signIn, sql } from './support/fixtures';
import { createContent, userIdByEmail } from './support/content';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

const teacher = demoAccount('teacher');
// imports count against the demo teacher's monthly quota, which other specs also use: start and leave it at 0
const resetQuota = () => sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async () => {
  // the multiple-choice type (installs the library when this spec runs alone)
  const form = new FormData();
  const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Library carrier', withLibrary: true });
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'lib.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${await apiToken('super_admin')}` }, body: form });
  expect(res.status).toBe(201);
  await resetQuota();
});
test.afterAll(resetQuota);

const pkg = (title: string) => contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title });

/** Drops files on the drop zone as a browser does (dragenter, dragover, drop with a DataTransfer of File objects). */
async function dropFiles(page: Page, files: { name: string; buffer: Buffer }[]) {
  const dt = await page.evaluateHandle((list) => {
    const d = new DataTransfer();
    for (const f of list) d.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: 'application/octet-stream' }));
    return d;
  }, files.map((f) => ({ name: f.name, b64: f.buffer.toString('base64') })));
  const zone = page.getByTestId('import-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer: dt });
  await zone.dispatchEvent('dragover', { dataTransfer: dt });
  await expect(zone).toHaveAttribute('data-over', 'true');
  await zone.dispatchEvent('drop', { dataTransfer: dt });
}

/** Drags content ids (as a content card does) onto a folder row of the tree. */
async function dropContent(page: Page, folderId: string, contentIds: string[]) {
  const dt = await page.evaluateHandle((ids) => {
    const d = new DataTransfer();
    d.setData('application/x-lumen-content', JSON.stringify(ids));
    return d;
  }, contentIds);
  const row = page.locator(`li[data-folder-id="${folderId}"] > div`).first();
  await row.dispatchEvent('dragenter', { dataTransfer: dt });
  await row.dispatchEvent('dragover', { dataTransfer: dt });
  await row.dispatchEvent('drop', { dataTransfer: dt });
}

/** axe on this page's own parts (the main region, an open dialog): the app shell around them is checked by a11y.spec.ts. */
async function expectOwnPartsClean(page: Page, what: string, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

const folderOf = async (contentId: string) => (await sql<{ folder_id: string | null }>('SELECT folder_id FROM content_ownership WHERE content_id = $1', [contentId]))[0]?.folder_id ?? null;

test('a teacher drops three .h5p files, sees each outcome, and sorts the imports into a folder', async ({ page }) => {
  test.setTimeout(120_000);
  const word = randomUUID().slice(0, 6);
  await signIn(page, teacher);
  await page.goto('/content/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import an H5P package');

  // three files at once: two packages and one that is not a ZIP
  await dropFiles(page, [
    { name: `Quiz A ${word}.h5p`, buffer: pkg(`Quiz A ${word}`) },
    { name: 'broken.h5p', buffer: Buffer.from('this is not a zip archive') },
    { name: `Quiz B ${word}.h5p`, buffer: pkg(`Quiz B ${word}`) },
  ]);
  const rows = page.getByTestId('import-many-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('import-many-summary')).toHaveText('3 files: 2 imported, 1 failed', { timeout: 60_000 });
  const rowA = rows.filter({ hasText: `Quiz A ${word}.h5p` });
  const rowB = rows.filter({ hasText: `Quiz B ${word}.h5p` });
  const bad = rows.filter({ hasText: 'broken.h5p' });
  await expect(rowA).toHaveAttribute('data-status', 'imported');
  await expect(rowB).toHaveAttribute('data-status', 'imported');
  await expect(bad).toHaveAttribute('data-status', 'failed');
  await expect(bad.getByTestId('import-many-error')).toHaveText('Invalid file: not a valid ZIP archive');
  await expect(rowA.getByTestId('import-many-link')).toHaveText(`Open Quiz A ${word}.h5p`);
  const idOf = async (row: typeof rowA) => (await row.getByTestId('import-many-link').getAttribute('href'))!.split('/').pop()!;
  const [a, b] = [await idOf(rowA), await idOf(rowB)];
  const titles = await sql<{ title: string }>('SELECT title FROM h5p_contents WHERE id = ANY($1) ORDER BY title', [[a, b]]);
  expect(titles.map((t) => t.title)).toEqual([`Quiz A ${word}`, `Quiz B ${word}`]);

  // a folder, created in the tree
  await page.getByTestId('folder-new').click();
  const dialog = page.getByTestId('folder-name-dialog');
  await dialog.getByLabel('Folder name').fill(`Unit ${word}`);
  await dialog.getByTestId('folder-name-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Folder “Unit ${word}” created` })).toBeVisible();
  const folderRow = page.getByTestId('folder-item').filter({ hasText: `Unit ${word}` });
  await expect(folderRow).toContainText('no items');
  const folderId = (await folderRow.getAttribute('data-folder-id'))!;
  // the same name again at the same level: the API's refusal in the dialog
  await page.getByTestId('folder-new').click();
  await dialog.getByLabel('Folder name').fill(`unit ${word}`);
  await dialog.getByTestId('folder-name-save').click();
  await expect(dialog.getByRole('alert')).toHaveText('A folder with this name already exists here');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Quiz A moves with the dialog (the keyboard way)
  await rowA.getByTestId('import-many-move').click();
  const move = page.getByTestId('move-folder-dialog');
  await expect(move.getByRole('heading')).toHaveText(`Move “Quiz A ${word}.h5p” to a folder`);
  await move.getByRole('radio', { name: `Unit ${word}` }).check();
  await move.getByTestId('move-folder-submit').click();
  await expect(move).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: `Moved 1 item to “Unit ${word}”` })).toBeVisible();
  expect(await folderOf(a)).toBe(folderId);
  await expect(folderRow).toContainText('1 item');

  // Quiz B is dropped on the folder (what dragging a content card does)
  await dropContent(page, folderId, [b]);
  await expect(folderRow).toContainText('2 items');
  expect(await folderOf(b)).toBe(folderId);

  // the folder chosen in the tree is where the file picker's imports land
  await folderRow.getByTestId('folder-select').click();
  await expect(page).toHaveURL(new RegExp(`\\?folder=${folderId}$`));
  await expect(folderRow.getByTestId('folder-select')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('import-dropzone')).toContainText(`Imported items go to the folder “Unit ${word}”`);
  await page.getByTestId('import-many-input').setInputFiles({ name: `Quiz C ${word}.h5p`, mimeType: 'application/octet-stream', buffer: pkg(`Quiz C ${word}`) });
  const rowC = rows.filter({ hasText: `Quiz C ${word}.h5p` });
  await expect(rowC).toHaveAttribute('data-status', 'imported', { timeout: 30_000 });
  expect(await folderOf(await idOf(rowC))).toBe(folderId);
  await expect(folderRow).toContainText('3 items');

  // the content list filters by the folder
  const listed = await page.evaluate(async (f) => ((await (await fetch(`/h5p/content?folder=${f}`)).json()) as { data: { id: string }[] }).data.map((i) => i.id), folderId);
  expect(listed.sort()).toEqual([a, b, await idOf(rowC)].sort());

  // a reload keeps the folder chosen
  await page.reload();
  await expect(page.getByTestId('folder-item').filter({ hasText: `Unit ${word}` }).getByTestId('folder-select')).toHaveAttribute('aria-current', 'true');

  // deleting the folder moves its items to the top level and deletes none
  await page.getByTestId('folder-item').filter({ hasText: `Unit ${word}` }).getByRole('button', { name: `Actions for folder Unit ${word}` }).click();
  await page.getByTestId('folder-delete').click();
  const confirm = page.getByTestId('folder-delete-dialog');
  await expect(confirm).toContainText('No content is deleted');
  await page.getByTestId('folder-delete-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Folder “Unit ${word}” deleted` })).toBeVisible();
  await expect(page.getByTestId('folder-item').filter({ hasText: `Unit ${word}` })).toHaveCount(0);
  await expect(page.getByTestId('folder-root')).toHaveAttribute('aria-current', 'true');
  expect(await folderOf(a)).toBeNull();
  expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM h5p_contents WHERE id = ANY($1)', [[a, b]]))[0]!.n)).toBe(2);
});

test('in the table view a row dragged onto a folder moves there, and its menu still moves it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, teacher);
  const token = await apiToken('teacher');
  const word = `Drag${randomUUID().slice(0, 6)}`;
  const made = await fetch(`${E2E.appUrl}/api/folders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ name: `Unit ${word}` }) });
  expect(made.status).toBe(201);
  const folderId = ((await made.json()) as { data: { id: string } }).data.id;
  const me = await userIdByEmail(teacher.email);
  const dragged = await createContent({ ownerId: me, title: `${word} dragged` });
  const moved = await createContent({ ownerId: me, title: `${word} moved` });

  await page.goto(`/content?q=${word}&view=table`);
  const table = page.getByTestId('content-table');
  await expect(table.getByTestId('content-row')).toHaveCount(2);
  const row = table.locator(`[data-content-id="${dragged}"]`);
  await expect(row).toHaveAttribute('draggable', 'true');
  const folderRow = page.getByTestId('folder-item').filter({ hasText: `Unit ${word}` });
  await expect(folderRow).toContainText('no items');
  // a real drag with the mouse: from the row's views cell onto the folder's row in the tree
  await row.getByTestId('views').dragTo(page.locator(`li[data-folder-id="${folderId}"] > div`).first());
  await expect(page.getByTestId('toast').filter({ hasText: `Moved 1 item to “Unit ${word}”` })).toBeVisible();
  await expect(folderRow).toContainText('1 item');
  expect(await folderOf(dragged)).toBe(folderId);

  // "Move to folder…" in the row's menu (the keyboard way) moves the other one
  await table.locator(`[data-content-id="${moved}"]`).getByTestId('item-menu').click();
  await page.getByTestId('move-to-folder').click();
  const move = page.getByTestId('move-folder-dialog');
  await move.getByRole('radio', { name: `Unit ${word}` }).check();
  await move.getByTestId('move-folder-submit').click();
  await expect(move).toBeHidden();
  await expect(folderRow).toContainText('2 items');
  expect(await folderOf(moved)).toBe(folderId);

  // the folder shows both, still as a table
  await folderRow.getByTestId('folder-select').click();
  await expect(page).toHaveURL(/view=table/);
  await expect(table.getByTestId('content-row')).toHaveCount(2);
  await fetch(`${E2E.appUrl}/api/folders/${folderId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
});

for (const width of [1440, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the import page with folders passes axe at ${width} px (${scheme}), with no overflow`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, teacher);
      const token = await apiToken('teacher');
      const word = randomUUID().slice(0, 6);
      const parent = await fetch(`${E2E.appUrl}/api/folders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ name: `Axe ${word} with a rather long folder name that must not overflow` }) });
      const parentId = ((await parent.json()) as { data: { id: string } }).data.id;
      const inner = await fetch(`${E2E.appUrl}/api/folders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Inner', parentId }) });
      const innerId = ((await inner.json()) as { data: { id: string } }).data.id;
      await page.goto('/content/import');
      await page.locator(`li[data-folder-id="${parentId}"]`).getByTestId('folder-toggle').click();
      await expect(page.locator(`li[data-folder-id="${innerId}"]`)).toBeVisible();
      await dropFiles(page, [{ name: 'not-a-package.h5p', buffer: Buffer.from('nope') }]);
      await expect(page.getByTestId('import-many-row')).toHaveAttribute('data-status', 'failed');
      await expectOwnPartsClean(page, '/content/import', '#main');
      await page.screenshot({ path: test.info().outputPath(`import-${width}-${scheme}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'overflow').toBe(true);
      // the move dialog and the folder dialog too
      await page.getByTestId('folder-new').click();
      await expect(page.getByTestId('folder-name-dialog')).toBeVisible();
      await expectOwnPartsClean(page, '/content/import (folder dialog)', '[data-testid="folder-name-dialog"]');
      await page.keyboard.press('Escape');
      for (const id of [innerId, parentId]) await fetch(`${E2E.appUrl}/api/folders/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    });
  }
}

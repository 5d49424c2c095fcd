// The content library (issue 25 item 4): cards with the content's first image and the type's title, filters, sort
// and view kept in the address across a reload, one overflow menu per item, the bulk bar, the empty states, the
// keyboard path to the first item, a phone screen without overflow in dark mode and German, and delete dialogs that
// warn about public items and items used in collections (per item and in bulk, as the content page's does).
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { createContent, userIdByEmail } from './support/content';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { originProbePackage } from '../support/h5p-packages';

const teacher = demoAccount('teacher');
// imports count against the demo teacher's monthly quota, which other specs also use: start and leave it at 0
const resetQuota = () => sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);
const setLocale = (locale: string | null) => sql('UPDATE users SET locale = $1 WHERE email = $2', [locale, teacher.email.toLowerCase()]);
test.beforeAll(resetQuota);
test.afterAll(async () => {
  await resetQuota();
  await setLocale(null);
});

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function importProbe(role: 'teacher' | 'super_admin', title: string): Promise<string> {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(originProbePackage({ title }))], { type: 'application/zip' }), 'probe.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${await apiToken(role)}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

test('a card shows the content’s first image (loaded with the session) and its type’s title; others show the type', async ({ page }) => {
  const word = `Pic${randomUUID().slice(0, 6)}`;
  await importProbe('super_admin', `${word} installs the probe`); // the super admin's import installs the library
  const id = await importProbe('teacher', `${word} with a picture`);
  const me = await userIdByEmail(teacher.email);
  const plain = await createContent({ ownerId: me, title: `${word} plain quiz` });
  const [lib] = await sql<{ title: string }>("SELECT title FROM h5p_libraries WHERE machine_name = 'H5P.OriginProbe' LIMIT 1");

  await signIn(page, teacher);
  await page.goto(`/content?q=${word}`);
  const card = page.locator(`[data-content-id="${id}"]`);
  const img = card.locator(`img[src="/h5p/content/${id}/images/probe.png"]`);
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
  await expect(card.getByTestId('content-type')).toHaveText(lib!.title);
  await expect(card.getByTestId('visibility')).toHaveText('private');
  // no image: the type's picture instead of a photo, and the type's title, never its slug
  const other = page.locator(`[data-content-id="${plain}"]`);
  await expect(other.locator('img[src^="/h5p/content/"]')).toHaveCount(0);
  await expect(other.getByTestId('content-type')).not.toHaveText('multiple-choice');
});

test('filters, sort and view stay in the address: a reload shows the same list', async ({ page }) => {
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Keep${randomUUID().slice(0, 6)}`;
  await createContent({ ownerId: me, title: `${word} bravo`, visibility: 'public' });
  await createContent({ ownerId: me, title: `${word} alpha`, visibility: 'public' });
  await createContent({ ownerId: me, title: `${word} private one` });

  await page.goto('/content');
  await page.getByLabel('Search titles').fill(word);
  await page.getByLabel('Visibility', { exact: true }).selectOption('public');
  await page.getByLabel('Sort by').selectOption('title');
  await page.getByTestId('view-table').click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page).toHaveURL(/visibility=public/);
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByTestId('content-row')).toHaveCount(2);

  await page.reload();
  await expect(page.getByLabel('Search titles')).toHaveValue(word);
  await expect(page.getByLabel('Visibility', { exact: true })).toHaveValue('public');
  await expect(page.getByLabel('Sort by')).toHaveValue('title');
  await expect(page.getByTestId('view-table')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('content-table')).toBeVisible();
  await expect(page.getByTestId('content-row')).toHaveCount(2);
  await expect(page.getByTestId('content-row').first()).toContainText(`${word} alpha`);
  await expect(page.getByTestId('content-total')).toHaveText('2 items');
  // the table's sortable header turns the order round (and says so to a screen reader)
  await page.getByTestId('sort-column-title').click();
  await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('content-row').first()).toContainText(`${word} bravo`);
  await expect(page).toHaveURL(/order=desc/);

  // the folder (the folders API's filter) is kept in the address too: new items are in no folder
  await page.goto(`/content?q=${word}&folder=root`);
  await expect(page.getByTestId('content-row')).toHaveCount(3);
  await page.goto(`/content?q=${word}&folder=${randomUUID()}`);
  await expect(page.getByTestId('empty')).toContainText('Nothing matches these filters.');
  await page.goto(`/content?q=${word}&sort=title&order=desc&view=table`);

  // nothing matches: its own empty state, and "Clear filters" brings the list back
  await page.getByLabel('Search titles').fill(`${word}zzz`);
  await expect(page.getByTestId('empty')).toContainText('Nothing matches these filters.');
  await page.getByTestId('clear-filters').click();
  await expect(page.getByLabel('Search titles')).toHaveValue('');
  await expect(page.getByTestId('content-row').first()).toBeVisible();
  await expect(page).not.toHaveURL(/q=/);
});

test('one overflow menu per item holds its actions; the bulk bar appears with a selection', async ({ page }) => {
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Menu${randomUUID().slice(0, 6)}`;
  const a = await createContent({ ownerId: me, title: `${word} one` });
  const b = await createContent({ ownerId: me, title: `${word} two` });
  await page.goto(`/content?q=${word}`);
  const rowA = page.locator(`[data-content-id="${a}"]`);
  await expect(page.getByTestId('content-row')).toHaveCount(2);
  // one menu button per item, no wall of buttons
  await expect(rowA.getByRole('button')).toHaveCount(1);

  await rowA.getByRole('button', { name: `Actions for ${word} one` }).click();
  for (const name of ['Open', 'Edit', 'Duplicate', 'Edit tags', 'Publish', 'Export .h5p', 'Results', 'Delete']) await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('results')).toHaveAttribute('href', `/results/content/${a}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(rowA.getByRole('button', { name: `Actions for ${word} one` })).toBeFocused();

  await rowA.getByTestId('item-menu').click();
  await page.getByTestId('toggle-visibility').click();
  await expect(rowA.getByTestId('visibility')).toHaveText('public');
  expect((await sql<{ visibility: string }>('SELECT visibility FROM content_ownership WHERE content_id = $1', [a]))[0]?.visibility).toBe('public');

  await rowA.getByTestId('item-menu').click();
  await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/content/${a}$`));
  await page.goBack();

  // bulk bar: absent without a selection, sticky with one
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
  await page.locator(`[data-content-id="${b}"]`).getByRole('checkbox').check();
  await rowA.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  await page.getByTestId('bulk-publish').click();
  await expect(page.getByTestId('list-status')).toHaveText('Published 2 of 2.');
  await expect(page.locator(`[data-content-id="${b}"]`).getByTestId('visibility')).toHaveText('public');
  await page.locator(`[data-content-id="${b}"]`).getByRole('checkbox').check();
  await page.getByTestId('bulk-clear').click();
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
});

test('the library’s delete dialogs name the collections an item is in, per item and in bulk, in English and German', async ({ page }) => {
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Held${randomUUID().slice(0, 6)}`;
  const held = await createContent({ ownerId: me, title: `${word} in a collection` });
  const pub = await createContent({ ownerId: me, title: `${word} public`, visibility: 'public' });
  // a collection holds the first item
  const token = await apiToken('teacher');
  const post = (path: string, body: unknown) => fetch(`${E2E.appUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const collection = await post('/api/collections', { title: `${word} unit` });
  expect(collection.status).toBe(201);
  const collectionId = ((await collection.json()) as { data: { id: string } }).data.id;
  expect((await post(`/api/collections/${collectionId}/items`, { contentId: held })).status).toBe(201);

  const dialog = page.getByTestId('delete-dialog');
  const openDelete = async (id: string) => {
    await page.locator(`[data-content-id="${id}"]`).getByTestId('item-menu').click();
    await page.getByTestId('delete').click();
    await expect(dialog).toBeVisible();
  };
  // the item menu's Delete, in the grid and in the table
  for (const view of ['grid', 'table']) {
    await page.goto(`/content?q=${word}&view=${view}`);
    await expect(page.getByTestId('content-row')).toHaveCount(2);
    await openDelete(held);
    await expect(dialog.getByTestId('delete-collections-warning')).toHaveText('It is in 1 collection, which will show it as removed by its author.');
    await expect(dialog.getByTestId('delete-public-warning')).toHaveCount(0);
    await page.getByTestId('delete-dialog-cancel').click();
    await expect(dialog).toBeHidden();
  }
  await openDelete(pub);
  await expect(dialog.getByTestId('delete-public-warning')).toHaveText('It is public: it leaves the marketplace, and collections that use it show it as removed by its author.');
  await expect(dialog.getByTestId('delete-collections-warning')).toHaveCount(0);
  await page.getByTestId('delete-dialog-cancel').click();

  // bulk: one sentence on how many of the selected items are public and how many are used in collections
  await page.getByTestId('select-all').check();
  await page.getByTestId('bulk-delete').click();
  const bulk = page.getByTestId('bulk-delete-dialog');
  await expect(bulk).toContainText('Delete 2 selected items for good?');
  await expect(bulk.getByTestId('bulk-delete-warning')).toHaveText('1 of them is public and 1 is used in collections: public items leave the marketplace, and collections show deleted items as removed by their author.');
  await page.getByTestId('bulk-delete-dialog-cancel').click();
  // only the one in a collection
  await page.getByTestId('bulk-clear').click();
  await page.locator(`[data-content-id="${held}"]`).getByTestId('select-row').check();
  await page.getByTestId('bulk-delete').click();
  await expect(bulk.getByTestId('bulk-delete-warning')).toHaveText('1 of them is used in collections, which will show it as removed by its author.');
  await page.getByTestId('bulk-delete-dialog-cancel').click();

  // in German
  await setLocale('de');
  await page.goto(`/content?q=${word}&view=table`);
  await openDelete(held);
  await expect(dialog.getByTestId('delete-collections-warning')).toHaveText('Er ist in 1 Sammlung enthalten, die ihn dann als von der Autorin oder dem Autor entfernt zeigt.');
  await page.getByTestId('delete-dialog-cancel').click();
  await page.getByTestId('select-all').check();
  await page.getByTestId('bulk-delete').click();
  await expect(bulk.getByTestId('bulk-delete-warning')).toHaveText(
    '1 Inhalt davon ist öffentlich und 1 wird in Sammlungen genutzt: Öffentliche Inhalte verschwinden aus dem Marktplatz, und Sammlungen zeigen gelöschte Inhalte als von der Autorin oder dem Autor entfernt.',
  );
  await page.getByTestId('bulk-delete-dialog-cancel').click();
  await setLocale(null);

  // cancelled every time: nothing was deleted; confirmed, the item is gone
  expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM h5p_contents WHERE id = ANY($1)', [[held, pub]]))[0]!.n)).toBe(2);
  await page.goto(`/content?q=${word}`);
  await openDelete(held);
  await page.getByTestId('delete-dialog-confirm').click();
  await expect(page.getByTestId('content-row')).toHaveCount(1);
  expect(await sql('SELECT 1 FROM h5p_contents WHERE id = $1', [held])).toHaveLength(0);
});

test('the first item is three Tab presses from the top (skip links), and the page holds at 390 px in dark mode and German', async ({ page }) => {
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Keys${randomUUID().slice(0, 6)}`;
  const id = await createContent({ ownerId: me, title: `${word} first item with a long title that has to wrap on a phone screen`, quality: 80 });
  await page.goto(`/content?q=${word}`);
  await expect(page.getByTestId('content-row')).toHaveCount(1);
  await page.keyboard.press('Tab'); // 1: the shell's skip link
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // 2: the library's own skip link
  await expect(page.getByRole('link', { name: 'Skip to the items' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // 3: the first item
  expect(await page.evaluate((cid) => !!document.activeElement?.closest(`[data-content-id="${cid}"]`), id)).toBe(true);

  await setLocale('de');
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    for (const view of ['grid', 'table']) {
      await page.goto(`/content?q=${word}&view=${view}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Inhalte');
      await expect(page.getByTestId('content-row')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      // the library's own part (the shell's top bar is checked by a11y.spec.ts)
      const axe = await new AxeBuilder({ page }).include('#main').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), `axe ${view} ${width}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${view} at ${width}`).toBeLessThanOrEqual(0);
    }
  }
  await page.getByLabel('Titel durchsuchen').fill(`${word}zzz`);
  await expect(page.getByTestId('empty')).toContainText('Keine Inhalte passen zu diesen Filtern.');
  await expect(page.getByTestId('clear-filters')).toHaveText('Filter zurücksetzen');
});

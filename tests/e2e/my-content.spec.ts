// My content at scale (issue 8 item 3): search, tags, duplicate and bulk actions on the /content page, with the
// browser's session cookie only; no horizontal overflow at 390 px.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { createContent, userIdByEmail } from './support/content';
import { demoAccount, signIn, sql } from './support/fixtures';

const teacher = demoAccount('teacher');
// duplicates count against the demo teacher's monthly quota, which other specs also use: start and leave it at 0
const resetQuota = () => sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);
test.beforeAll(resetQuota);
test.afterAll(resetQuota);

test('a teacher searches, tags, duplicates and bulk-publishes and deletes content on My content', async ({ page }) => {
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Tide${randomUUID().slice(0, 6)}`;
  const a = await createContent({ ownerId: me, title: `${word} alpha quiz`, quality: 72 });
  await createContent({ ownerId: me, title: `${word} beta cards`, mainLibrary: 'H5P.Flashcards' });
  await createContent({ ownerId: me, title: 'Unrelated lesson' });

  await page.goto('/content');
  await page.getByLabel('Search titles').fill(word);
  await expect(page.getByTestId('content-row')).toHaveCount(2);
  await expect(page.getByTestId('content-total')).toHaveText('2 items');
  const rowA = page.locator(`[data-content-id="${a}"]`);
  await expect(rowA.getByTestId('quality')).toHaveText('Quality: 72 (understand)');

  // tags: edit, then filter by the new tag
  // every per-item action is in the item's one overflow menu
  await rowA.getByRole('button', { name: `Actions for ${word} alpha quiz` }).click();
  await page.getByRole('menuitem', { name: 'Edit tags' }).click();
  await rowA.getByLabel('Tags (comma separated)').fill('Tides, unit-7');
  await rowA.getByTestId('tags-save').click();
  await expect(rowA.getByTestId('tags')).toHaveText('tidesunit-7');
  await page.getByLabel('Tag', { exact: true }).selectOption('unit-7');
  await expect(page.getByTestId('content-row')).toHaveCount(1);
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await expect(page.getByTestId('content-row')).toHaveCount(2);

  // duplicate: a private copy with the owner's tags
  await rowA.getByRole('button', { name: `Actions for ${word} alpha quiz` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByTestId('list-status')).toHaveText(`Duplicated “${word} alpha quiz”.`);
  await expect(page.getByTestId('content-row')).toHaveCount(3);
  const copy = page.getByTestId('content-row').filter({ hasText: `${word} alpha quiz (copy)` });
  await expect(copy.getByTestId('tags')).toHaveText('tidesunit-7');

  // bulk publish everything matching the search
  await page.getByLabel('Select all on this page').check();
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  await page.getByTestId('bulk-publish').click();
  await expect(page.getByTestId('list-status')).toHaveText('Published 3 of 3.');
  await expect(page.getByTestId('toast').filter({ hasText: 'Published 3 of 3.' })).toBeVisible();
  const published = await sql<{ n: number }>(
    "SELECT count(*)::int AS n FROM content_ownership o JOIN h5p_contents h ON h.id = o.content_id WHERE o.user_id = $1 AND h.title LIKE $2 AND o.visibility = 'public'",
    [me, `${word}%`],
  );
  expect(published[0]!.n).toBe(3);
  await page.getByLabel('Visibility', { exact: true }).selectOption('public');
  await expect(page.getByTestId('content-row')).toHaveCount(3);

  // bulk delete asks first; cancel keeps everything, confirm deletes the selection
  await copy.getByRole('checkbox').check();
  await page.getByTestId('bulk-delete').click();
  await expect(page.getByTestId('bulk-delete-dialog')).toBeVisible();
  await expect(page.getByTestId('bulk-delete-dialog')).toContainText('Delete 1 selected item for good?');
  await page.getByTestId('bulk-delete-dialog-cancel').click();
  await expect(page.getByTestId('bulk-delete-dialog')).toBeHidden();
  await expect(page.getByTestId('content-row')).toHaveCount(3);
  await page.getByTestId('bulk-delete').click();
  await page.getByTestId('bulk-delete-dialog-confirm').click();
  await expect(page.getByTestId('list-status')).toHaveText('Deleted 1 of 1.');
  await expect(page.getByTestId('toast').filter({ hasText: 'Deleted 1 of 1.' })).toBeVisible();
  await expect(page.getByTestId('content-row')).toHaveCount(2);
  expect(await sql('SELECT id FROM h5p_contents WHERE title = $1', [`${word} alpha quiz (copy)`])).toHaveLength(0);
});

test('My content pages through the list and never overflows a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const word = `Page${randomUUID().slice(0, 6)}`;
  for (let i = 0; i < 23; i++) await createContent({ ownerId: me, title: `${word} item ${String(i).padStart(2, '0')} with a rather long title that has to wrap on a phone` });
  await page.goto('/content');
  await page.getByLabel('Search titles').fill(word);
  await expect(page.getByTestId('content-total')).toHaveText('23 items');
  await expect(page.getByTestId('content-row')).toHaveCount(20);
  await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 2');
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('content-row')).toHaveCount(3);
  await expect(page.getByTestId('page-info')).toHaveText('Page 2 of 2');
  await page.getByLabel('Sort by').selectOption('title');
  await expect(page.getByTestId('content-row').first()).toContainText(`${word} item 00`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

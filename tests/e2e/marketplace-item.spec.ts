// Issue 8 item 4 in the browser: a teacher finds public content in the marketplace, opens its item page, plays the
// preview, clones it under a new name, opens the copy, and sees "You cloned this" on returning to the item page.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { demoAccount, signIn, sql } from './support/fixtures';
import { publicItem } from './support/public-item';

const teacher = demoAccount('teacher');

// clones count against the demo teacher's monthly quota, which other specs also use: start and leave it at 0
const resetQuota = () => sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);
test.beforeAll(resetQuota);
test.afterAll(resetQuota);

test('a teacher opens a marketplace item, plays its preview, clones it under a new name and sees the notice on returning', async ({ page }) => {
  const word = `Sums${randomUUID().slice(0, 6)}`;
  const id = await publicItem(`${word} arithmetic`);
  // the imported package carries its own title; the content row's title is what the marketplace shows
  const [row] = await sql<{ title: string }>('SELECT title FROM h5p_contents WHERE id = $1', [id]);
  const title = row!.title;

  await signIn(page, teacher);
  await page.goto('/marketplace');
  await page.getByTestId('search').fill(word);
  await expect(page.getByTestId('result')).toHaveCount(1);
  await page.getByTestId('result-link').click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/${id}$`));
  await expect(page.getByTestId('item-title')).toHaveText(title);
  await expect(page.getByTestId('item-type')).toContainText('multiple-choice');
  await expect(page.getByTestId('item-clones')).toHaveText('0');
  await expect(page.getByTestId('item-quality')).toHaveText(/^\d+ \/ 100$/);
  await expect(page.getByTestId('already-cloned')).toHaveCount(0);

  // the preview plays: answer the question inside the sandboxed frame
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await frame.locator('.h5p-mc label', { hasText: '4' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('h5p-result')).toHaveText('Your score: 1 / 1');

  // clone under a new name
  await expect(page.getByTestId('clone-title')).toHaveValue(title);
  await page.getByTestId('clone-title').fill(`${word} my version`);
  await page.getByTestId('clone-submit').click();
  await expect(page.getByTestId('clone-done')).toContainText('Cloned.');
  await expect(page.getByTestId('toast')).toContainText(`Cloned “${word} my version”`);
  await page.getByTestId('clone-done').getByRole('link', { name: 'Open your copy' }).click();
  await expect(page.getByTestId('content-title')).toHaveText(`${word} my version`);
  const copyUrl = new URL(page.url()).pathname;

  // back on the item page: the clone is counted and the notice links to the copy
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByTestId('item-clones')).toHaveText('1');
  await expect(page.getByTestId('already-cloned')).toContainText('You cloned this on');
  await page.getByTestId('already-cloned').getByRole('link', { name: 'open your copy' }).click();
  await expect(page).toHaveURL(new RegExp(`${copyUrl}$`));
});

test('a student sees the item page and its preview, without a clone form, with no overflow at 390 px', async ({ page }) => {
  const id = await publicItem(`Stu${randomUUID().slice(0, 6)} arithmetic`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccount('student'));
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByTestId('item-title')).toBeVisible();
  await expect(page.locator('[data-testid="h5p-player"]')).toBeVisible();
  await expect(page.getByTestId('clone-form')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

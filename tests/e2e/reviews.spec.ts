// Issue 28 item 4 in the browser: a teacher who used a public item rates and reviews it, the author answers, another
// teacher reports the item, and a moderator hides it — it leaves the marketplace at once.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { demoAccount, signIn } from './support/fixtures';
import { publicItem } from './support/public-item';

test('a teacher rates and reviews a used item, the author answers, a report hides it from the marketplace', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const word = `Rated${randomUUID().slice(0, 6)}`;
  const id = await publicItem(`${word} quiz`);

  await signIn(page, demoAccount('teacher'));
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByTestId('rating-summary')).toHaveText('No ratings yet.');
  await expect(page.getByTestId('review-how')).toBeVisible();
  // using it: the teacher answers the preview
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await frame.locator('.h5p-mc label', { hasText: '4' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('h5p-result')).toHaveText('Your score: 1 / 1');
  await expect.poll(async () => {
    await page.reload();
    return page.getByTestId('review-form').count();
  }, { timeout: 20_000 }).toBe(1);

  // four stars by keyboard, a review
  await page.getByTestId('rate-4').focus();
  await page.keyboard.press('Space');
  await page.getByTestId('review-body').fill('Quick check for the start of a lesson.');
  await page.getByTestId('review-save').click();
  await expect(page.getByTestId('rating-summary')).toContainText('4.0');
  await expect(page.getByTestId('rating-summary')).toContainText('1 rating');
  await expect(page.getByTestId('review')).toContainText('Quick check for the start of a lesson.');

  // the author answers
  const authorCtx = await browser.newContext();
  const author = await authorCtx.newPage();
  await signIn(author, demoAccount('super_admin'));
  await author.goto(`/marketplace/${id}`);
  await author.getByTestId('answer-open').click();
  await author.getByTestId('answer-body').fill('Thanks — there is a harder version too.');
  await author.getByTestId('answer-send').click();
  await expect(author.getByTestId('review-reply')).toContainText('Thanks — there is a harder version too.');
  await expect(author.getByTestId('answer-open')).toHaveCount(0);

  // another teacher reports the item
  const otherCtx = await browser.newContext();
  const other = await otherCtx.newPage();
  await signIn(other, demoAccount('teacher2'));
  await other.goto(`/marketplace/${id}`);
  await other.getByTestId('report-item').click();
  await other.getByTestId('report-reason').selectOption('copyright');
  await other.getByTestId('report-text').fill('Copied from a textbook.');
  await other.getByTestId('report-send').click();
  await expect(other.getByTestId('toast').filter({ hasText: 'a moderator will look at it' })).toBeVisible();

  // the moderator hides it: gone from the marketplace
  await author.goto('/admin/moderation');
  const row = author.getByTestId('moderation-report').filter({ hasText: 'Copied from a textbook.' });
  await expect(row).toBeVisible();
  await row.getByTestId('moderation-hide').click();
  await expect(author.getByTestId('moderation-report').filter({ hasText: 'Copied from a textbook.' })).toHaveCount(0);
  await page.goto('/marketplace');
  await page.getByTestId('search').fill(word);
  await expect(page.getByTestId('result')).toHaveCount(0);
  await authorCtx.close();
  await otherCtx.close();
});

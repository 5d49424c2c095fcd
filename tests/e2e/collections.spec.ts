import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createAuthor, createContent, userIdByEmail } from './support/content';
import { demoAccount, signIn } from './support/fixtures';

test("a teacher builds a collection, reorders and removes items, and sees the Bloom's analysis with suggestions", async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const tag = randomUUID().slice(0, 6);
  const subject = `SCI${tag.toUpperCase()}`;
  await createContent({ ownerId: me, title: `Cells true or false ${tag}`, mainLibrary: 'H5P.TrueFalse' });
  await createContent({ ownerId: me, title: `Cells quiz ${tag}`, mainLibrary: 'H5P.QuestionSet' });
  const author = await createAuthor();
  await createContent({ ownerId: author, title: `Cells essay ${tag}`, visibility: 'public', mainLibrary: 'H5P.Essay', curriculum: { subjectCode: subject } });

  await page.goto('/workspace');
  await page.getByTestId('link-collections').click();
  await page.getByTestId('new-title').fill(`Cells unit ${tag}`);
  await page.getByTestId('new-subjectCode').fill(subject);
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('collection-title')).toHaveText(`Cells unit ${tag}`);

  // add two of my contents
  for (const title of [`Cells true or false ${tag}`, `Cells quiz ${tag}`]) {
    await page.getByTestId('my-content').selectOption({ label: `${title} (${title.includes('quiz') ? 'H5P.QuestionSet' : 'H5P.TrueFalse'})` });
    await page.getByTestId('add-mine').click();
    await expect(page.getByTestId('items')).toContainText(title);
  }
  await expect(page.getByTestId('item')).toHaveCount(2);

  // the analysis: remember 50 %, apply 50 %, score 33, against the target markers
  await expect(page.getByTestId('blooms-chart')).toBeVisible();
  await expect(page.getByTestId('blooms-score')).toHaveText('33');
  await expect(page.getByTestId('blooms-remember')).toContainText('50%');
  await expect(page.getByTestId('blooms-apply')).toContainText('50% (+20)');
  await expect(page.getByTestId('blooms-create')).toContainText('0% (-11.66)');

  // a suggestion that fills the create gap, added from the suggestions
  const suggestion = page.getByTestId('suggestion').filter({ hasText: `Cells essay ${tag}` });
  await expect(suggestion).toContainText('fills a gap');
  await suggestion.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('item')).toHaveCount(3);
  await expect(page.getByTestId('blooms-score')).toHaveText('50');

  // drag the essay (last) onto the first item: the HTML5 drag-and-drop events a browser fires
  const items = page.getByTestId('item');
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await items.nth(2).dispatchEvent('dragstart', { dataTransfer });
  await items.nth(0).dispatchEvent('dragenter', { dataTransfer });
  await items.nth(0).dispatchEvent('dragover', { dataTransfer });
  await items.nth(0).dispatchEvent('drop', { dataTransfer });
  await items.nth(2).dispatchEvent('dragend', { dataTransfer });
  await expect(items.nth(0)).toContainText(`Cells essay ${tag}`);
  await expect(items.nth(1)).toContainText(`Cells true or false ${tag}`);
  // and move it back down one step with the button
  await items.nth(0).getByRole('button', { name: 'Move down' }).click();
  await expect(items.nth(1)).toContainText(`Cells essay ${tag}`);

  // remove an item: positions stay contiguous
  await items.nth(0).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('item')).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`1. Cells essay ${tag}`);
  await expect(items.nth(1)).toContainText(`2. Cells quiz ${tag}`);
});

import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { createAuthor, createContent, userIdByEmail } from './support/content';
import { demoAccount, signIn, sql } from './support/fixtures';

const teacher = demoAccount('teacher');

// clones count against the demo teacher's monthly quota, which other specs also use: start and leave it at 0
const resetQuota = () => sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [teacher.email.toLowerCase()]);
test.beforeAll(resetQuota);
test.afterAll(resetQuota);

test('a teacher searches, filters and sorts the marketplace, then clones content and sees the quota move', async ({ page }) => {
  const word = `Volc${randomUUID().slice(0, 6)}`;
  const subject = `GEO${randomUUID().slice(0, 4).toUpperCase()}`;
  const author = await createAuthor('Ada Author');
  await createContent({ ownerId: author, title: `${word} eruptions quiz`, visibility: 'public', mainLibrary: 'H5P.QuestionSet', curriculum: { subjectCode: subject, subjectName: 'Earth science' }, quality: 90 });
  await createContent({ ownerId: author, title: `${word} lava flashcards`, visibility: 'public', mainLibrary: 'H5P.Flashcards', curriculum: { subjectCode: 'MATH' }, quality: 60 });
  await createContent({ ownerId: author, title: `${word} secret draft`, visibility: 'private' });

  await signIn(page, teacher);
  await page.getByTestId('link-marketplace').click();
  await expect(page).toHaveURL(/\/marketplace/);
  await expect(page.getByTestId('quota')).toHaveText(/Content this month: 0 \/ 30/);

  await page.getByTestId('search').fill(word);
  await expect(page.getByTestId('result')).toHaveCount(2);
  await expect(page.getByTestId('total')).toHaveText('2 results');
  await expect(page.getByTestId('results')).not.toContainText('secret draft');
  await expect(page.getByTestId('results')).toContainText('by Ada Author');

  await page.getByTestId('sort').selectOption('quality');
  await expect(page.getByTestId('result').first()).toContainText('eruptions quiz');

  await page.getByTestId('filter-subjectCode').selectOption(subject);
  await expect(page.getByTestId('result')).toHaveCount(1);
  await expect(page.getByTestId('result').first()).toContainText('Earth science');

  await page.getByTestId('result').first().getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByTestId('clone-status')).toContainText(`Cloned “${word} eruptions quiz”`);
  await expect(page.getByTestId('toast')).toContainText(`Cloned “${word} eruptions quiz”`);
  await expect(page.getByTestId('quota')).toHaveText(/Content this month: 1 \/ 30/);

  const me = await userIdByEmail(teacher.email);
  const copies = await sql<{ visibility: string }>(
    'SELECT o.visibility FROM content_ownership o JOIN h5p_contents h ON h.id = o.content_id WHERE o.user_id = $1 AND h.title = $2',
    [me, `${word} eruptions quiz`],
  );
  expect(copies).toEqual([{ visibility: 'private' }]);
  // the caller's own copy never shows in their marketplace
  await page.reload();
  await page.getByTestId('search').fill(word);
  await expect(page.getByTestId('result')).toHaveCount(2);
});

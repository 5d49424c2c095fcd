import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { createContent, userIdByEmail } from './support/content';
import { seedFramework } from './support/curriculum';
import { demoAccount, signIn, sql } from './support/fixtures';

test('a teacher attaches curriculum metadata to content with the framework → objectives pickers', async ({ page }) => {
  const teacher = demoAccount('teacher');
  const fw = `F${randomUUID().slice(0, 6).toUpperCase()}`;
  await seedFramework(fw);
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const title = `Volcano quiz ${fw}`;
  const contentId = await createContent({ ownerId: me, title });

  await page.getByTestId('link-curriculum').click();
  await expect(page).toHaveURL(/\/curriculum/);
  await page.getByTestId('pick-content').selectOption({ label: title });
  await expect(page.getByTestId('curriculum-empty')).toHaveCount(0);
  // before a framework is chosen, the pickers below it say why they are disabled
  await expect(page.getByTestId('pick-stage')).toBeDisabled();
  await expect(page.getByTestId('pick-stage-reason')).toHaveText('Choose a framework first.');
  await expect(page.getByTestId('pick-framework')).toBeEnabled();
  // the framework list is searchable when long: the filter narrows it, the select keeps working by keyboard
  if (await page.getByTestId('pick-framework-filter').count()) await page.getByTestId('pick-framework-filter').fill(fw);
  await page.getByTestId('pick-framework').selectOption(fw);
  await page.getByTestId('pick-stage').selectOption('S1');
  await page.getByTestId('pick-grade').selectOption('Y5');
  await page.getByTestId('pick-subject').selectOption('SCI');
  await page.getByTestId('pick-unit').selectOption('U1');
  await page.getByTestId('pick-topic').selectOption('T1');
  await page.getByTestId('pick-objectives').getByLabel('Compare eruption types').check();
  await page.getByLabel('Difficulty').selectOption('hard');
  await page.getByTestId('pick-language').selectOption('en');
  await page.getByTestId('save-metadata').click();

  await expect(page.getByTestId('metadata-status')).toContainText('Saved at');
  await expect(page.getByTestId('toast').filter({ hasText: 'Curriculum metadata saved' })).toBeVisible();
  await expect(page.getByTestId('current-metadata')).toHaveText(`Current: Framework ${fw} · Year 5 · Science · hard`);
  const [row] = await sql<Record<string, unknown>>('SELECT * FROM content_curriculum_metadata WHERE content_id = $1', [contentId]);
  expect(row).toMatchObject({
    framework_code: fw,
    stage_code: 'S1',
    stage_name: 'Primary',
    grade_code: 'Y5',
    subject_code: 'SCI',
    topic_codes: ['T1'],
    topic_names: ['Volcanoes'],
    objective_codes: ['O2'],
    objective_descriptions: ['Compare eruption types'],
    difficulty: 'hard',
    language: 'en',
  });
});

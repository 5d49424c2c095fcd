import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createContent, userIdByEmail } from './support/content';
import { demoAccount, signIn, sql } from './support/fixtures';

/** A small framework hierarchy, as a sync from the central curriculum service would leave it. */
async function seedFramework(code: string) {
  await sql(`INSERT INTO curriculum_frameworks (code, name, country_code, is_active, is_published, updated_at) VALUES ($1, $2, 'NZ', true, true, now())`, [code, `Framework ${code}`]);
  await sql(`INSERT INTO curriculum_stages (framework_code, code, name, sequence, updated_at) VALUES ($1, 'S1', 'Primary', 1, now())`, [code]);
  await sql(`INSERT INTO curriculum_grades (framework_code, stage_code, code, name, sequence, updated_at) VALUES ($1, 'S1', 'Y4', 'Year 4', 1, now()), ($1, 'S1', 'Y5', 'Year 5', 2, now())`, [code]);
  await sql(`INSERT INTO curriculum_subjects (framework_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Science', 1, now()), ($1, 'MAT', 'Mathematics', 2, now())`, [code]);
  await sql(`INSERT INTO curriculum_units (framework_code, subject_code, grade_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Y5', 'U1', 'Earth and space', 1, now())`, [code]);
  await sql(`INSERT INTO curriculum_topics (framework_code, subject_code, grade_code, unit_code, code, name, sequence, updated_at) VALUES ($1, 'SCI', 'Y5', 'U1', 'T1', 'Volcanoes', 1, now())`, [code]);
  await sql(
    `INSERT INTO curriculum_objectives (framework_code, subject_code, grade_code, unit_code, topic_code, code, objective, bloom_level, sequence, updated_at)
     VALUES ($1, 'SCI', 'Y5', 'U1', 'T1', 'O1', 'Explain how volcanoes form', 'understand', 1, now()),
            ($1, 'SCI', 'Y5', 'U1', 'T1', 'O2', 'Compare eruption types', 'analyze', 2, now())`,
    [code],
  );
}

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
  await page.getByTestId('pick-framework').selectOption(fw);
  await page.getByTestId('pick-stage').selectOption('S1');
  await page.getByTestId('pick-grade').selectOption('Y5');
  await page.getByTestId('pick-subject').selectOption('SCI');
  await page.getByTestId('pick-unit').selectOption('U1');
  await page.getByTestId('pick-topic').selectOption('T1');
  await page.getByTestId('pick-objectives').getByLabel('Compare eruption types').check();
  await page.getByLabel('Difficulty').selectOption('hard');
  await page.getByTestId('save-metadata').click();

  await expect(page.getByTestId('metadata-status')).toContainText('Saved at');
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

// Issue 25 item 9: curriculum without the central service (the e2e app has no CURRICULUM_SERVICE_URL). An admin
// imports the school's framework from a CSV file (a bad file first: its 400 names the line, nothing is stored) and
// edits an entry; a teacher of the same school saves an item's difficulty and language with no framework, then picks
// an objective of the imported framework. No page shows the teacher an API path or a variable name.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { createContent, userIdByEmail } from './support/content';
import { createTenant, demoAccount, signIn, sql } from './support/fixtures';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';


/**
 * The page's own content (<main>; the app shell is checked by the shell's specs) axe-clean in light and dark, and
 * no horizontal overflow at 390 px.
 */
async function checkScreen(page: Page, path: string) {
  await expect(page).toHaveTitle(/\S/);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious, `axe on ${path} (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 390 px`).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

const HEADER = 'framework_code,framework_name,stage_code,stage_name,grade_code,grade_name,subject_code,subject_name,unit_code,unit_name,topic_code,topic_name,objective_code,objective,bloom_level';

test('an admin imports a CSV framework; a teacher of the school saves difficulty and language without it, then picks an objective from it', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = demoAccount('super_admin');
  const teacher = demoAccount('teacher');
  const fw = `L${randomUUID().slice(0, 6).toUpperCase()}`;
  const school = await createTenant({ name: `School ${fw}` });

  // both have their local records once they have signed in
  await signIn(page, admin);
  const adminId = await userIdByEmail(admin.email);
  await page.context().clearCookies();
  await signIn(page, teacher);
  const teacherId = await userIdByEmail(teacher.email);
  const before = await sql<{ id: string; tenant_id: string | null }>('SELECT id, tenant_id FROM users WHERE id = ANY($1::uuid[])', [[adminId, teacherId]]);
  await sql('UPDATE users SET tenant_id = $1 WHERE id = ANY($2::uuid[])', [school.id, [adminId, teacherId]]);
  try {
    // ---- the admin
    await page.context().clearCookies();
    await signIn(page, admin);
    await expect(async () => {
      await page.goto('/admin/curriculum');
      await expect(page.getByTestId('local-import')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('local-frameworks-empty').or(page.getByTestId('local-frameworks'))).toBeVisible();

    // a file with a row without its objective code: the line is named, nothing is stored
    const bad = [HEADER, `${fw},Our plan ${fw},PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Explain how volcanoes form,understand`, `${fw},,PRI,,Y5,,SCI,,U1,,T1,,,Missing code,`].join('\n');
    await page.getByTestId('local-import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByTestId('local-import-submit').click();
    await expect(page.getByTestId('local-import-error')).toHaveText('Invalid curriculum file: line 3: objective_code: is required');
    expect(await sql('SELECT 1 FROM local_curriculum_frameworks WHERE tenant_id = $1 AND code = $2', [school.id, fw])).toHaveLength(0);

    const good = [
      HEADER,
      `${fw},Our plan ${fw},PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Explain how volcanoes form,understand`,
      `${fw},,PRI,,Y5,,SCI,,U1,,T1,,O2,"Compare eruption types, explosive and effusive",analyze`,
    ].join('\n');
    await page.getByTestId('local-import-file').setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByTestId('local-import-submit').click();
    await expect(page.getByTestId('local-import-status')).toHaveText(`Imported: Our plan ${fw}`);
    await expect(page.getByTestId('local-import-error')).toHaveCount(0);
    const row = page.getByTestId('local-framework').filter({ hasText: fw });
    await expect(row).toContainText(`Our plan ${fw}`);

    // edit locally: add a third objective under the topic
    await row.getByTestId('local-framework-menu').click();
    await page.getByTestId('local-framework-edit').click();
    const editor = page.getByTestId('local-editor');
    await expect(editor.locator('[data-testid="local-node-objective"]')).toHaveCount(2);
    await editor.getByTestId('local-add-objective').click();
    const form = editor.getByTestId('local-add-objective-form');
    await form.getByTestId('local-add-code').fill('O3');
    await form.getByTestId('local-add-name').fill('Name three famous volcanoes');
    await form.getByTestId('local-add-save').click();
    await expect(editor.locator('[data-testid="local-node-objective"]')).toHaveCount(3);
    await expect(editor.locator('[data-testid="local-node-objective"][data-code="O3"]')).toContainText('Name three famous volcanoes');
    await checkScreen(page, '/admin/curriculum');

    // ---- a teacher of the same school
    await page.context().clearCookies();
    await signIn(page, teacher);
    const title = `Volcano check ${fw}`;
    const contentId = await createContent({ ownerId: teacherId, title });
    await page.goto('/curriculum');
    await page.getByTestId('pick-content').selectOption({ label: title });
    await expect(page.getByTestId('curriculum-empty')).toHaveCount(0);
    const main = page.locator('main');
    await expect(main).not.toContainText('/api/');
    await expect(main).not.toContainText('CURRICULUM_SERVICE_URL');

    // difficulty and language alone, no framework
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByTestId('pick-language').selectOption('de');
    await expect(page.getByTestId('save-metadata')).toBeEnabled();
    await page.getByTestId('save-metadata').click();
    await expect(page.getByTestId('metadata-status')).toContainText('Saved at');
    await expect(page.getByTestId('current-metadata')).toHaveText('Current: no framework · hard · German');
    const [plain] = await sql<Record<string, unknown>>('SELECT framework_code, difficulty, language FROM content_curriculum_metadata WHERE content_id = $1', [contentId]);
    expect(plain).toEqual({ framework_code: '', difficulty: 'hard', language: 'de' });

    // an objective of the school's own framework
    await page.getByTestId('pick-framework').selectOption(fw);
    // begun but incomplete: saving waits for a grade and a subject
    await expect(page.getByTestId('save-metadata')).toBeDisabled();
    await page.getByTestId('pick-stage').selectOption('PRI');
    await page.getByTestId('pick-grade').selectOption('Y5');
    await page.getByTestId('pick-subject').selectOption('SCI');
    await page.getByTestId('pick-unit').selectOption('U1');
    await page.getByTestId('pick-topic').selectOption('T1');
    await page.getByTestId('pick-objectives').getByLabel('Name three famous volcanoes').check();
    await page.getByTestId('save-metadata').click();
    await expect(page.getByTestId('current-metadata')).toHaveText(`Current: Our plan ${fw} · Year 5 · Science · hard`);
    await checkScreen(page, '/curriculum');
    const [saved] = await sql<Record<string, unknown>>('SELECT * FROM content_curriculum_metadata WHERE content_id = $1', [contentId]);
    expect(saved).toMatchObject({
      framework_code: fw,
      framework_name: `Our plan ${fw}`,
      stage_code: 'PRI',
      grade_code: 'Y5',
      subject_code: 'SCI',
      topic_codes: ['T1'],
      objective_codes: ['O3'],
      objective_descriptions: ['Name three famous volcanoes'],
      difficulty: 'hard',
      language: 'de',
    });
  } finally {
    for (const u of before) await sql('UPDATE users SET tenant_id = $1 WHERE id = $2', [u.tenant_id, u.id]);
  }
});

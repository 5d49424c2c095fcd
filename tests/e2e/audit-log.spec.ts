// Issue 27 item 6: the school's audit log page — a tenant admin sees their own school's events only, newest first,
// filters by action by keyboard, downloads the CSV; the page reads in German too and has no serious axe violation.
import { expectNoSeriousViolations } from './support/axe';
import { createTenant, freshSchool, signIn, sql } from './support/fixtures';
import { expect, test } from './support/test';

async function event(tenantId: string, action: string, label: string, details: object, minutesAgo: number) {
  await sql(
    `INSERT INTO audit_events (id, tenant_id, actor_email, action, target_type, target_id, target_label, details, created_at)
     VALUES (gen_random_uuid(), $1, 'admin@shell-school.lumen.test', $2, 'user', gen_random_uuid()::text, $3, $4::jsonb, now() - make_interval(mins => $5))`,
    [tenantId, action, label, JSON.stringify(details), minutesAgo],
  );
}

test('a school admin reads, filters and downloads the audit log of their own school only', async ({ page, browser }) => {
  const school = await freshSchool('shell-school');
  const other = await createTenant();
  await event(school.tenantId, 'user.invite', 'Ana Lopez', { role: 'teacher' }, 3);
  await event(school.tenantId, 'user.role', 'Ben Meyer', { from: 'student', to: 'teacher' }, 2);
  await event(other.id, 'user.disable', 'Someone Elsewhere', {}, 1);

  await signIn(page, school.admin, school.base);
  await page.goto(`${school.base}/admin/audit`);
  const rows = page.getByTestId('audit-event');
  await expect(rows.first()).toContainText('Changed a role');
  await expect(rows.first()).toContainText('student → teacher');
  await expect(page.getByTestId('audit-events')).toContainText('Ana Lopez');
  await expect(page.getByTestId('audit-events')).not.toContainText('Someone Elsewhere');
  await expectNoSeriousViolations(page, '/admin/audit');

  // filter by keyboard
  await page.getByLabel('Action').focus();
  await page.getByLabel('Action').selectOption('user.invite');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/action=user\.invite/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Invited someone');

  const download = page.waitForEvent('download');
  await page.getByTestId('audit-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

  // in German
  const de = await browser.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de' }, storageState: await page.context().storageState() });
  const dePage = await de.newPage();
  await dePage.goto(`${school.base}/admin/audit`);
  await expect(dePage.getByRole('heading', { level: 1 })).toHaveText('Protokoll');
  await expect(dePage.getByTestId('audit-events')).toContainText('Rolle geändert');
  await de.close();
});

// Issue 10 item 6 (part): the super_admin's support tools on the admin page — find a user and change their plan,
// create a school workspace and deactivate it.
import { expect, test } from './support/test';
import { demoAccount, signIn, sql } from './support/fixtures';

test('a super_admin changes a user’s plan and creates and deactivates a school workspace', async ({ page, browser }) => {
  const student = demoAccount('student');
  // the student has signed in once (users are recorded on their first request)
  const other = await browser.newContext();
  await signIn(await other.newPage(), student);
  await other.close();
  await signIn(page, demoAccount('super_admin'));
  await page.goto('/admin');
  await page.getByTestId('support-email').fill(student.email);
  await page.getByTestId('support-search').click();
  const row = page.getByTestId('support-user').filter({ hasText: student.email });
  await expect(row).toBeVisible();
  await row.getByTestId('support-plan').selectOption('pro');
  await expect(page.getByTestId('toast').filter({ hasText: 'is now on Pro' })).toBeVisible();
  expect((await sql<{ plan: string }>('SELECT plan FROM users WHERE email = $1', [student.email]))[0]!.plan).toBe('pro');
  await row.getByTestId('support-plan').selectOption('free');
  await expect(page.getByTestId('toast').filter({ hasText: 'is now on Free' })).toBeVisible();

  const slug = `sup${Date.now().toString(36)}`;
  await page.getByTestId('tenant-name').fill('Support School');
  await page.getByTestId('tenant-slug').fill(slug);
  await page.getByTestId('tenant-domain').fill(`${slug}.school.example`);
  await page.getByTestId('tenant-create').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Support School created' })).toBeVisible();
  const tenantRow = page.getByTestId('admin-tenant').filter({ hasText: `${slug}.school.example` });
  await expect(tenantRow).toContainText('Active');
  await tenantRow.getByTestId('tenant-toggle').click();
  await expect(tenantRow).toContainText('Inactive');
  // the same slug again: refused with the reason
  await page.getByTestId('tenant-name').fill('Again');
  await page.getByTestId('tenant-slug').fill(slug);
  await page.getByTestId('tenant-domain').fill(`again-${slug}.example`);
  await page.getByTestId('tenant-create').click();
  await expect(page.getByTestId('tenant-error')).toHaveText('A tenant with this slug or domain already exists');
});

// Issue 27 items 4-5: a school admin invites a teacher (no mail in e2e: the link is copied from the dialog), the
// invitee opens it in a browser of their own, sets a password and lands in the workspace signed in; the admin then
// disables them, and the invitee's next page load is signed out with the reason.
import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations } from './support/axe';
import { freshSchool, signIn } from './support/fixtures';
import { expect, test } from './support/test';

test('an admin invites a teacher by link; the teacher joins and works; disabled, they are signed out at once', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const school = await freshSchool('shell-school');
  const email = `invited-${randomUUID().slice(0, 8)}@shell-school.lumen.test`;

  await signIn(page, school.admin, school.base);
  await page.goto(`${school.base}/admin/people`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('People');
  await page.getByTestId('people-invite-open').click();
  await page.getByTestId('invite-emails').fill(email);
  await page.getByTestId('invite-role').selectOption('teacher');
  await page.getByTestId('invite-submit').click();
  const result = page.getByTestId('invite-result');
  await expect(result).toContainText('hand over this link');
  const link = await result.getByTestId('copy-link-value').inputValue();
  expect(link).toMatch(new RegExp(`^${school.base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/invite/[A-Za-z0-9_-]{43}$`));
  await page.getByTestId('invite-done').click();
  await expect(page.getByTestId('invitation-email').filter({ hasText: email })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/people');

  // the invitee, in a browser of their own
  const theirs = await browser.newContext();
  const invitee = await theirs.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Join Shell School');
  await expect(invitee.getByText('as: Teacher')).toBeVisible();
  await invitee.getByTestId('invite-name').fill('Ivy Invited');
  await invitee.getByTestId('invite-password').fill('short');
  await invitee.getByTestId('invite-confirm').fill('short');
  await invitee.getByTestId('invite-accept').click();
  await expect(invitee.getByTestId('account-error')).toHaveText('The password needs at least 8 characters.');
  await invitee.getByTestId('invite-password').fill('ivy-password-1');
  await invitee.getByTestId('invite-confirm').fill('ivy-password-1');
  await invitee.getByTestId('invite-accept').click();
  await expect(invitee).toHaveURL(/\/workspace/);

  // the admin sees the new teacher (signed in just now) and disables the account
  await page.reload();
  await page.getByTestId('people-search').fill(email);
  await page.getByTestId('people-search').press('Enter');
  const row = page.getByTestId('people-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('people-status')).toHaveText('Active');
  await expect(row.getByTestId('people-role')).toHaveValue('teacher');
  await expect(row).not.toContainText('Never');
  await expect(page.getByTestId('invitation-email').filter({ hasText: email })).toHaveCount(0);
  await row.getByTestId('people-disable').click();
  await page.getByTestId('people-disable-confirm').getByRole('button', { name: 'Disable account' }).click();
  await expect(row.getByTestId('people-status')).toHaveText('Disabled');

  // the invitee's next page load is signed out, and the sign-in page says why
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/login\?.*ended=disabled/);
  await expect(invitee.getByTestId('session-ended')).toContainText('disabled your account');
  await expect(invitee.getByTestId('forgot-password-link')).toHaveAttribute('href', '/login/forgot');
  await theirs.close();
});

// Issue 7 items 6, 7 and 15 in the browser: the session survives the identity provider's short tokens, an ended
// session is explained (and the page offers to sign in again), sign-out stays on the address in use, and the
// sign-in page follows only same-site paths.
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { createTenant, demoAccount, signIn, sql } from './support/fixtures';

test('the browser holds no token: the session endpoint and the pages carry none', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).text());
  expect(session).not.toMatch(/accessToken|refreshToken|eyJ/);
  for (const path of ['/workspace', '/content', '/marketplace', '/collections']) {
    await page.goto(path);
    expect(await page.content(), path).not.toMatch(/eyJhbGciOiJSUzI1Ni/); // no RS256 access token of the provider
  }
  const cookies = await page.context().cookies();
  const sessionCookie = cookies.find((c) => c.name.endsWith('next-auth.session-token'));
  expect(sessionCookie?.httpOnly).toBe(true);
  expect(sessionCookie?.sameSite).toBe('Lax');
});

test('an ended session is explained and the user can sign in again and come back', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  await page.goto('/collections');
  await sql(`UPDATE browser_sessions SET ended_at = now(), end_reason = 'refresh_refused' WHERE ended_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`, [teacher.email]);
  await page.getByTestId('new-title').fill('After the session ended');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByTestId('session-ended-banner')).toContainText('Your session has ended');
  await page.getByTestId('session-ended-banner').getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcollections/);
  await expect(page.getByTestId('session-ended')).toBeVisible();
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByLabel('Password').fill(teacher.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/collections$/);
});

test('a page visited after the session ended sends to sign-in with the reason', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  await sql(`UPDATE browser_sessions SET last_seen_at = now() - interval '9 hours' WHERE ended_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`, [teacher.email]);
  await page.goto('/content');
  await expect(page).toHaveURL(/\/login\?next=%2Fcontent&ended=idle/);
  await expect(page.getByTestId('session-ended')).toContainText('without activity');
});

test('sign-out stays on the address in use (a tenant subdomain), and the session is over', async ({ page }) => {
  const tenant = await createTenant({ name: 'Signout School' });
  const base = E2E.tenantUrl(tenant.slug);
  await signIn(page, demoAccount('teacher'), base);
  // sign-out is in the account menu of the top bar (issue 25)
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${base}/login?ended=signed_out`);
  await page.goto(`${base}/workspace`);
  await expect(page).toHaveURL(/\/login\?next=%2Fworkspace/);
});

for (const next of ['/%5Cevil.example', '/%09/evil.example', '//evil.example', 'https://evil.example/']) {
  test(`sign-in with ?next=${next} stays on the site`, async ({ page }) => {
    await page.goto(`/login?next=${next}`);
    const a = demoAccount('teacher');
    await page.getByLabel('Email').fill(a.email);
    await page.getByLabel('Password').fill(a.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/workspace`);
  });
}

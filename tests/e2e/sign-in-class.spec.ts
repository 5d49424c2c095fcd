// Issue 23 item 11, sign-in for a class: a class behind one school address signs in through the real form, pupil
// after pupil (successful sign-ins of different accounts are a class, not an attack); failed sign-ins are what the
// browser's sign-in counts, per account and per address, and any refusal — too many failures, a server error, a
// network error — shows its reason (and the wait) and gives the button back, never a hung "Signing in…".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { sql, type DemoAccount } from './support/fixtures';

/** The 30 pupils scripts/e2e.mjs adds to the embedded IdP. */
function pupils(): DemoAccount[] {
  const state = JSON.parse(readFileSync(path.join(E2E.dataDir, 'embedded', 'idp.json'), 'utf8')) as { users: DemoAccount[] };
  return state.users.filter((u) => /^pupil\d\d@class\.lumen\.test$/.test(u.email));
}

test('30 pupils of a class sign in one after another from one address, each landing in the workspace', async ({ browser }) => {
  test.setTimeout(300_000);
  const klass = pupils();
  expect(klass).toHaveLength(30);
  for (const pupil of klass) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${E2E.appUrl}/login`);
    await page.getByLabel('Email').fill(pupil.email);
    await page.getByLabel('Password').fill(pupil.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page, pupil.email).toHaveURL(/\/workspace/, { timeout: 20_000 });
    await context.close();
  }
  const rows = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'pupil%@class.lumen.test'`);
  expect(rows[0]!.n).toBe(30);
});

test('ten failed sign-ins lock that account, not the class: the form says why and how long, and its button works again', async ({ page }) => {
  const [victim, classmate] = pupils().slice(0, 2) as [DemoAccount, DemoAccount];
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in' });
  const error = page.getByTestId('sign-in-error');
  for (let i = 1; i <= 10; i++) {
    await page.getByLabel('Email').fill(victim.email);
    await page.getByLabel('Password').fill(`wrong-${i}`);
    await button.click();
    await expect(error).toHaveText('Invalid email or password');
    await expect(button).toBeEnabled();
  }
  // the right password now: refused for the account, with the wait, and the button is usable again
  await page.getByLabel('Password').fill(victim.password);
  await button.click();
  await expect(error).toHaveText(/^Too many failed sign-ins for this account\. Try again in 1[45] minutes\.$/);
  await expect(button).toBeEnabled();
  await expect(button).toHaveText('Sign in');
  // a classmate at the same address still signs in
  await page.getByLabel('Email').fill(classmate.email);
  await page.getByLabel('Password').fill(classmate.password);
  await button.click();
  await expect(page).toHaveURL(/\/workspace/, { timeout: 20_000 });
});

test('a server error, a network error and a 429 without a reason each end with a message and a usable button', async ({ page }) => {
  const pupil = pupils()[2]!; // not the account the test before locked
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in' });
  const error = page.getByTestId('sign-in-error');
  const cases: [string, (r: Route) => Promise<void>, string][] = [
    ['server error', (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }), 'Sign-in failed because of a problem on our side. Please try again in a moment.'],
    ['network error', (r) => r.abort(), 'The server could not be reached. Check your connection and try again.'],
    ['proxy 429', (r) => r.fulfill({ status: 429, contentType: 'text/plain', headers: { 'Retry-After': '60' }, body: 'Too Many Requests' }), 'Too many authentication attempts. Please try again later.'],
  ];
  for (const [name, answer, text] of cases) {
    await page.route('**/api/auth/callback/credentials', answer);
    await page.getByLabel('Email').fill(pupil.email);
    await page.getByLabel('Password').fill(pupil.password);
    await button.click();
    await expect(error, name).toHaveText(text);
    await expect(button, name).toBeEnabled();
    await page.unroute('**/api/auth/callback/credentials');
  }
  // and then the real answer signs the pupil in
  await button.click();
  await expect(page).toHaveURL(/\/workspace/, { timeout: 20_000 });
});

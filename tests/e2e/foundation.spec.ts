import { expect, test } from './support/test';
import { E2E } from './support/env';
import { createTenant, demoAccount, signIn, sql } from './support/fixtures';

test('a teacher signs in and sees name, plan and usage bars on the workspace', async ({ page }) => {
  const teacher = demoAccount('teacher');
  // a fresh month for the demo teacher (specs before this one import and create content as them)
  await sql('UPDATE users SET contents_created_this_month = 0, ai_generations_this_month = 0, storage_used = 0 WHERE email = $1', [teacher.email]);
  await signIn(page, teacher);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${teacher.name}`);
  await expect(page.getByTestId('plan')).toHaveText('Pro');
  await expect(page.getByTestId('usage-contents')).toContainText('0 / 30');
  await expect(page.getByTestId('usage-ai')).toContainText('0 / 100');
  await expect(page.getByTestId('usage-storage')).toContainText('0 B / 5.0 GB');
  await expect(page.getByRole('progressbar', { name: 'Storage' })).toBeVisible();
});

test('an admin gets the premium plan with unlimited quotas', async ({ page }) => {
  await signIn(page, demoAccount('super_admin'));
  await expect(page.getByTestId('plan')).toHaveText('Premium');
  await expect(page.getByTestId('usage-contents')).toContainText('Unlimited');
});

test('a wrong password shows the spec text and stays on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccount('student').email);
  await page.getByLabel('Password').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login/);
});

test('the workspace requires a session', async ({ page }) => {
  await page.goto('/workspace');
  await expect(page).toHaveURL(/\/login\?next=%2Fworkspace|\/login\?next=\/workspace/);
});

test('a tenant subdomain applies its brand colour and app name, also after sign-in', async ({ page }) => {
  const tenant = await createTenant({ name: 'Acme School', brand: { primaryColor: '#dc2626', appName: 'Acme Academy' } });
  await page.goto(`${E2E.tenantUrl(tenant.slug)}/login`);
  await expect(page.getByTestId('app-name')).toHaveText('Acme Academy');
  await expect(page.getByRole('heading', { name: 'Sign in to Acme Academy' })).toBeVisible();
  await expect(page.locator('header.topbar')).toHaveCSS('background-color', 'rgb(220, 38, 38)');
  await expect(page).toHaveTitle('Acme Academy');

  await signIn(page, demoAccount('teacher'), E2E.tenantUrl(tenant.slug));
  await expect(page.getByTestId('app-name')).toHaveText('Acme Academy');
  await expect(page.locator('header.topbar')).toHaveCSS('background-color', 'rgb(220, 38, 38)');
});

test('the default host keeps the default branding; an inactive tenant is not applied', async ({ page }) => {
  const inactive = await createTenant({ brand: { primaryColor: '#16a34a', appName: 'Closed School' }, active: false });
  await page.goto(`${E2E.tenantUrl(inactive.slug)}/login`);
  await expect(page.getByTestId('app-name')).toHaveText('Lumen Learn');
  // the default brand #6366f1, darkened just enough for 4.5:1 contrast with white text (lib/tenant/contrast.ts)
  await expect(page.locator('header.topbar')).toHaveCSS('background-color', 'rgb(97, 100, 236)');
});

// Issue 10: a school's branding page. A super_admin on the school's address changes the colour, the name and the
// custom CSS with a live preview; the school's sign-in page shows the new colour and name at once; a member without
// whitelabel is told which plan can; the page works at 390 px without sideways scrolling.
import { expect, test } from './support/test';
import { createTenant, demoAccount, signIn } from './support/fixtures';
import { E2E } from './support/env';

test('a colour and name change on the branding page shows on the school’s sign-in page', async ({ page, browser }) => {
  const tenant = await createTenant({ name: 'Harbour School', brand: { appName: 'Harbour Learn' } });
  const base = E2E.tenantUrl(tenant.slug);
  await signIn(page, demoAccount('super_admin'), base);
  await page.goto(`${base}/settings`);
  await page.getByTestId('brand-settings-link').click();
  await expect(page).toHaveURL(/\/settings\/tenant$/);
  await expect(page.getByRole('heading', { name: 'School branding', level: 1 })).toBeVisible();

  // the live preview follows the form before anything is saved
  await page.getByTestId('brand-color').fill('#0f766e');
  await expect(page.getByTestId('brand-preview-bar')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await page.getByTestId('brand-name').fill('Harbour Academy');
  await expect(page.getByTestId('brand-preview-bar')).toContainText('Harbour Academy');
  // an invalid colour cannot be saved and says why
  await page.getByTestId('brand-color').fill('teal');
  await expect(page.getByTestId('brand-save')).toBeDisabled();
  await page.getByTestId('brand-color').fill('#0f766e');
  await page.getByLabel('Custom CSS').fill('.login-card { outline: 3px solid rgb(1, 2, 3); }');
  await page.getByTestId('brand-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Branding saved' })).toBeVisible();

  // the school's sign-in page, signed out, in the new brand
  const anon = await browser.newContext();
  const login = await anon.newPage();
  await login.goto(`${base}/login`);
  await expect(login).toHaveTitle(/Harbour Academy/);
  expect(await login.evaluate(() => document.body.style.getPropertyValue('--brand'))).toBe('#0f766e');
  expect(await login.locator('style[data-custom-css]').textContent()).toContain('outline: 3px solid rgb(1, 2, 3)');
  await anon.close();
});

test('a member without whitelabel is told which plan can change the branding; 390 px fits', async ({ page }) => {
  const tenant = await createTenant({ name: 'Hill School' });
  const base = E2E.tenantUrl(tenant.slug);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccount('super_admin'), base);
  await page.goto(`${base}/settings/tenant`);
  await expect(page.getByTestId('brand-form')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // the teacher (pro, not a member of this school) on the school's address
  await page.context().clearCookies();
  await signIn(page, demoAccount('teacher'), base);
  await page.goto(`${base}/settings/tenant`);
  await expect(page.getByTestId('brand-not-member')).toContainText('Only admins of Hill School');
});

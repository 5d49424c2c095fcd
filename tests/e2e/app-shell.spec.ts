// Issue 25 items 2 and 3: the app shell (grouped sidebar that collapses, a drawer on phones, global search, the
// account menu with language, theme and sign-out) and the home page by role.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, freshSchool, signIn } from './support/fixtures';
import { createContent, userIdByEmail } from './support/content';

test('the sidebar groups what a teacher may use, marks the page, and collapses to icons across pages', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const group of ['Create', 'Library', 'Teach', 'Results']) await expect(nav.getByText(group, { exact: true }).first()).toBeVisible();
  await expect(nav.getByText('Admin', { exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'My content' }).click();
  await expect(nav.getByRole('link', { name: 'My content' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand the sidebar' })).toBeVisible();
  // the links keep their names (for a screen reader) while only the icons show
  await expect(nav.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand the sidebar' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand the sidebar' }).click();
});

test('an admin sees the Admin group; a student neither creates nor sees plans or credits', async ({ page, browser }) => {
  await signIn(page, demoAccount('super_admin'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'School branding' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'LMS connections' })).toBeVisible();
  const s = await browser.newPage();
  await signIn(s, demoAccount('student'));
  await expect(s.getByTestId('shell-plan')).toHaveCount(0);
  await expect(s.getByTestId('usage-ai')).toHaveCount(0);
  await s.getByRole('button', { name: /^Account menu for / }).click();
  await expect(s.getByRole('menuitem', { name: /Plan/ })).toHaveCount(0);
  await s.keyboard.press('Escape');
  // …nor on the plans page opened by hand: the branded 404, as an admin page for a teacher, with no upgrade offered
  const plans = await s.goto(`${E2E.appUrl}/plans`);
  expect(plans?.status()).toBe(404);
  await expect(s.getByTestId('not-found')).toBeVisible();
  await expect(s.getByTestId('not-found').getByRole('link', { name: 'Go to your workspace' })).toHaveAttribute('href', '/workspace');
  await expect(s.locator('[data-testid^="upgrade-"]')).toHaveCount(0);
  await expect(s.getByTestId('plans-table')).toHaveCount(0);
  await s.close();
});

test('at 390 px a menu button opens the navigation as a drawer that Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccount('teacher'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Collections' }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the account menu switches theme and language, and signs out', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const open = () => page.getByRole('button', { name: `Account menu for ${teacher.name}` }).click();
  await open();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await open();
  await page.getByRole('menuitem', { name: 'Theme of the system' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  await open();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByText('Bibliothek', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Kontomenü von ${teacher.name}` }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await open();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?ended=signed_out$/);
});

test('the top bar searches the teacher\'s content and the marketplace', async ({ page }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const word = `Zebra${randomUUID().slice(0, 6)}`;
  const me = await userIdByEmail(teacher.email);
  await createContent({ ownerId: me, title: `${word} quiz` });
  await page.getByRole('searchbox', { name: 'Search content and collections' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  await expect(page.getByTestId('search-content-result')).toHaveText(`${word} quiz`);
  await page.getByRole('searchbox', { name: 'Search content and collections' }).first().fill('no-such-thing-anywhere');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-empty')).toBeVisible();
});

test('a teacher\'s home shows recent work with pictures and quick-create tiles; an admin\'s shows the set-up checklist', async ({ page, browser }) => {
  const teacher = demoAccount('teacher');
  await signIn(page, teacher);
  const me = await userIdByEmail(teacher.email);
  const title = `Recent ${randomUUID().slice(0, 6)}`;
  await createContent({ ownerId: me, title });
  await page.reload();
  await expect(page.getByTestId('home-recent-item').filter({ hasText: title })).toBeVisible();
  await page.getByTestId('home-recent-item').filter({ hasText: title }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  // the admin of a school where nothing is set up: the checklist, every step linking to its page; the teacher's item
  // above (a teacher of no school) ticks nothing of this school's
  const school = await freshSchool('shell-school');
  const a = await browser.newPage();
  await signIn(a, school.admin, school.base);
  const list = a.getByTestId('setup-checklist');
  await expect(list.getByRole('heading', { name: 'Set up your school' })).toBeVisible();
  await expect(list.getByTestId('setup-progress')).toHaveText(/^[01] of 5 done$/);
  // content types are the one service-wide step: installed by another spec, or to install (from the hub, or by import)
  await expect(list.getByTestId('setup-step-types').getByRole('link')).toHaveAttribute('href', /^\/(admin\/content-types|content\/import)$/);
  const steps = [
    ['content', 'Create or import the first item', '/content/new'],
    ['brand', 'Brand your school', '/settings/tenant'],
    ['teachers', 'Add your teachers', '/admin#admin-users'],
    ['lms', 'Connect your LMS', '/settings/lti'],
  ] as const;
  for (const [key, name, href] of steps) {
    await expect(list.getByTestId(`setup-step-${key}`).getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(list.getByTestId(`setup-step-${key}`)).toHaveAttribute('data-done', 'false');
  }
  await a.close();
});

// Issue 8 (shell, partly): the brand links home, navigation follows the role (a student is not offered what it
// cannot do), the plan and what is left show in the bar, a skip link leads to the content, a branded 404 has a way
// home, and the main pages have no horizontal overflow at 390 px.
import { expect, test } from './support/test';
import { demoAccount, signIn } from './support/fixtures';
import { E2E } from './support/env';

test('a teacher gets the full navigation, the plan with what is left, and the brand links home', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Workspace', 'My content', 'Create', 'Marketplace', 'Collections', 'Content types', 'Results', 'Settings']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('shell-plan')).toContainText('Pro');
  await expect(page.getByTestId('shell-plan')).toContainText('AI credits');
  await nav.getByRole('link', { name: 'Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await page.getByRole('link', { name: /home$/ }).click();
  await expect(page).toHaveURL(/\/workspace$/);
});

test('a student is not offered creating, importing or content types', async ({ page }) => {
  await signIn(page, demoAccount('student'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Workspace' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Results' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
  for (const label of ['My content', 'Create', 'Collections', 'Content types']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
  }
  // no plan, quotas or AI credits a student cannot use (issue 25 item 2)
  await expect(page.getByTestId('shell-plan')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' })).toHaveCount(0);
  // nor on the workspace page
  for (const label of ['My content', 'Create', 'Import', 'Content types', 'Collections']) {
    await expect(page.getByRole('main').getByRole('link', { name: label, exact: true })).toHaveCount(0);
  }
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clone' })).toHaveCount(0);
});

test('the skip link is the first stop for the keyboard and leads to the content', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('an unknown page is the branded 404 with a way home', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Page not found');
  await page.getByRole('link', { name: 'Go to your workspace' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
});

test('the main pages have no horizontal overflow on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await signIn(page, demoAccount('teacher'));
  for (const path of ['/workspace', '/content', '/content/new', '/content/import', '/content/types', '/marketplace', '/collections', '/curriculum', '/results', '/settings']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect([path, width <= 390]).toEqual([path, true]);
  }
});

test('the default icons, manifest and social image are served and named in the page head', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"][href^="/favicon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/og-image\.png$/);
  for (const path of ['/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png', '/og-image.png', '/site.webmanifest']) {
    expect([path, (await request.get(path)).status()]).toEqual([path, 200]);
  }
});

test('the language menu switches the workspace to German, keeps it on the account, and back', async ({ page, browser }) => {
  const student = demoAccount('student');
  await signIn(page, student);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('de');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Ergebnisse' })).toBeVisible();
  // the choice is on the account: another browser signing in gets German too
  const other = await browser.newContext({ baseURL: E2E.appUrl });
  const p2 = await other.newPage();
  await signIn(p2, student);
  await expect(p2.locator('html')).toHaveAttribute('lang', 'de');
  await other.close();
  // and back to English
  await page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

// Issue 22 item 1: every workspace page binds its scripts to a fresh nonce (proxy.ts, server/header-policy.mjs);
// Next.js stamps it on each script it renders, so the pages work, and an inline handler put into a page does not run.
test('workspace pages run only their nonce-bound scripts, the 404 page too', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await signIn(page, demoAccount('teacher'));
  const nonces = new Set<string>();
  for (const path of ['/workspace', '/content', '/marketplace', '/collections', '/results', '/settings', '/no-such-page']) {
    const res = await page.goto(`${E2E.appUrl}${path}`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'$/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    nonces.add(nonce);
    // every script the page's HTML names bears the nonce (the ones they add later run by 'strict-dynamic')
    const tags = (await res!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
    // markup an attacker could get into the page (an inline handler) does not run
    const injected = await page.evaluate(async () => {
      const b = document.createElement('button');
      b.setAttribute('onclick', 'window.__injected = true;');
      document.body.appendChild(b);
      b.click();
      b.remove();
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(injected, path).toBe(false);
  }
  // a fresh nonce each time
  expect(nonces.size).toBe(7);
  // the pages still work: the language menu (a client component) answers
  await page.goto(`${E2E.appUrl}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // nothing but the injected handlers was refused
  expect(refused.filter((t) => !/inline event handler/i.test(t))).toEqual([]);
});

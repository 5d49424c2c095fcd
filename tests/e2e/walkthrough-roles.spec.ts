// Issue 25 ("measured"): a walkthrough per role — the admin's first run, a teacher, a student — through every page
// the role's sidebar offers. It records every response and console message and fails on any 4xx/5xx of our own
// origins or any console error; each page passes axe (no serious/critical) at 1440 px in light mode and at 390 px in
// dark mode, without horizontal overflow on the phone.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { expectNoSeriousViolations } from './support/axe';
import { demoAccount, signIn } from './support/fixtures';

const ADMIN = ['/workspace', '/admin', '/admin/content-types', '/admin/curriculum', '/settings/tenant', '/settings/lti', '/content', '/content/new', '/content/ai', '/content/import', '/content/types', '/marketplace', '/collections', '/curriculum', '/results', '/plans', '/settings', '/search?q=quiz'];
const TEACHER = ['/workspace', '/content', '/content/new', '/content/ai', '/content/import', '/content/types', '/marketplace', '/collections', '/curriculum', '/results', '/plans', '/settings', '/search?q=quiz'];
const STUDENT = ['/workspace', '/marketplace', '/results', '/settings', '/search?q=quiz'];

/** Watches a page: our origins' failed responses and every console error. */
function recorder(page: Page) {
  const problems: string[] = [];
  const ours = (url: string) => url.startsWith(E2E.appUrl) || url.startsWith(E2E.contentUrl);
  page.on('response', (r) => {
    if (r.status() >= 400 && ours(r.url())) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

async function walk(page: Page, paths: string[]) {
  const problems = recorder(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `${path} (1440, light)`);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `${path} (390, dark)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} overflows at 390 px`).toBe(true);
  }
  expect(problems).toEqual([]);
}

test('an admin walks every page of the first run without an error', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoAccount('super_admin'));
  await walk(page, ADMIN);
});

test('a teacher walks every page without an error', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoAccount('teacher'));
  await walk(page, TEACHER);
});

test('a student walks every page without an error', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoAccount('student'));
  await walk(page, STUDENT);
});

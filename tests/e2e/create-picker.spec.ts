// Issue 25 item 6: Create starts with our type picker, the way the H5P Hub does — installed types with icon, title,
// one-line summary and categories, a search box, category filters, the teacher's recently used types, arrow keys
// between cards — and choosing one opens the H5P editor with that type chosen (where the editor's files are
// installed; otherwise the page says how to add them). With no type to offer, teachers are told to ask their
// administrator and admins get the way to install or import. Hidden types (an admin's list) are not offered; titles
// are translated where H5P ships translations.
import { Redis } from 'ioredis';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import AxeBuilder from '@axe-core/playwright';
import { demoAccount, signIn, sql } from './support/fixtures';
import { startHubStandin, type HubStandin } from '../support/hub-standin';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

const TYPES = Object.keys(SAMPLE_PARAMS);
const teacher = demoAccount('teacher2');
let hub: HubStandin;

async function apiToken(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${E2E.appUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { data?: unknown; error?: string } | null };
}

/** every installed runnable content type (earlier specs may have brought more than the hub's five) */
const runnable = async () => (await sql<{ machine_name: string }>('SELECT DISTINCT machine_name FROM h5p_libraries WHERE runnable')).map((r) => r.machine_name);

const forgetHidden = () => sql(`DELETE FROM h5p_key_values WHERE key = 'lumen:hidden-content-types'`);

/** axe on the page's own content (<main>; the shell's own findings are the shell's spec's), no serious or critical violation */
async function expectNoSeriousViolations(page: Page, path: string) {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).include('#main').exclude('[data-testid="h5p-editor"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `axe on ${path}`).toEqual([]);
}

async function noOverflowAt390(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

test.beforeAll(async () => {
  hub = await startHubStandin(Number(new URL(E2E.hubUrl).port));
  const redis = new Redis(E2E.redisUrl);
  await redis.del('h5p:hub-reachable');
  redis.disconnect();
  await forgetHidden();
  // the hub's test types, installed through the hub as a teacher may
  const admin = await apiToken(demoAccount('super_admin'));
  for (const name of TYPES) expect((await call('POST', '/h5p/libraries/install', admin, { machineName: name })).status).toBe(200);
});

test.afterAll(async () => {
  await forgetHidden();
  await sql('UPDATE users SET locale = NULL WHERE email = $1', [teacher.email.toLowerCase()]);
  await hub?.close();
});

test.describe.serial('the create page picks a content type first', () => {
  test('nothing to offer: a teacher is told to ask their administrator; an admin gets install and import', async ({ page, browser }) => {
    // every installed type hidden: the same as an install without types, for the picker
    const admin = await apiToken(demoAccount('super_admin'));
    const all = await runnable();
    expect((await call('PUT', '/api/admin/content-types/hidden', admin, { types: all.map((machineName) => ({ machineName, reason: 'e2e: nothing to offer' })) })).status).toBe(200);
    try {
      await signIn(page, teacher);
      await page.goto('/content/new');
      await expect(page.getByTestId('create-no-types')).toContainText('No content types are installed yet. Ask your administrator to install them.');
      await expect(page.getByTestId('create-picker')).toHaveCount(0);
      await expect(page.getByTestId('create-install-types')).toHaveCount(0);
      await expect(page.getByText('No content types are available')).toHaveCount(0);
      await expectNoSeriousViolations(page, '/content/new (no types)');

      const ctx = await browser.newContext({ baseURL: E2E.appUrl });
      const a = await ctx.newPage();
      await signIn(a, demoAccount('super_admin'));
      await a.goto('/content/new');
      await expect(a.getByTestId('create-no-types')).toBeVisible();
      await expect(a.getByTestId('create-install-types')).toHaveAttribute('href', '/admin/content-types');
      await expect(a.getByTestId('create-import-packages')).toHaveAttribute('href', '/content/import');
      await ctx.close();
    } finally {
      await forgetHidden();
    }
  });

  test('search, category filter, arrow keys, then a type opens the editor with it chosen', async ({ page }) => {
    await signIn(page, teacher);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/content\/new$/);
    const picker = page.getByTestId('create-picker');
    await expect(picker).toBeVisible();
    await expect(page.getByTestId('create-with-ai')).toHaveAttribute('href', '/content/ai');
    const total = (await runnable()).filter((m) => !['H5P.AppearIn', 'H5P.TwitterUserFeed'].includes(m)).length;
    await expect(page.getByTestId('create-types').locator(':scope > li')).toHaveCount(total);
    // a card: the icon area, the title, a one-line summary (the hub's), the categories (the hub's)
    const tf = page.getByTestId('create-type-H5P.TrueFalse');
    await expect(tf).toContainText('True/False Question');
    await expect(tf).toContainText('A small true/false question');
    await expect(tf).toContainText('Questions');

    // search: by title words, accents and case ignored
    await page.getByTestId('create-search').fill('true FALSE');
    await expect(page.getByTestId('create-types').locator(':scope > li')).toHaveCount(1);
    await expect(page.getByTestId('create-count')).toHaveText('1 content type');
    await page.getByTestId('create-search').fill('no such type');
    await expect(page.getByTestId('create-no-match')).toContainText('No content type matches “no such type”.');
    await page.getByTestId('create-no-match').getByRole('button', { name: 'Clear search and filter' }).click();
    await expect(page.getByTestId('create-search')).toHaveValue('');
    await expect(page.getByTestId('create-search')).toBeFocused();

    // categories: the hub files the test types under Questions
    await expect(page.getByTestId('create-category-all')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('create-category-questions').click();
    await expect(page.getByTestId('create-category-questions')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('create-category-all')).toHaveAttribute('aria-pressed', 'false');
    for (const m of TYPES) await expect(page.getByTestId(`create-type-${m}`)).toBeVisible();
    await page.getByTestId('create-category-all').click();

    // keyboard: the cards are links; arrow keys move between them
    const cards = page.getByTestId('create-types').locator(':scope > li > a');
    await cards.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(cards.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(cards.first()).toBeFocused();

    await expectNoSeriousViolations(page, '/content/new');
    await noOverflowAt390(page);

    // choose: the editor opens with that type (or, without the editor's files, the page says how to add them)
    await page.getByTestId('create-type-H5P.TrueFalse').click();
    await expect(page).toHaveURL(/\/content\/new\?type=H5P\.TrueFalse$/);
    await expect(page.getByTestId('create-title')).toHaveText('Create: True/False Question');
    await expect(page.getByTestId('editor-missing').or(page.getByTestId('h5p-editor'))).toBeVisible();
    if (await page.getByTestId('h5p-editor').isVisible()) {
      const editor = page.frameLocator('[data-testid="h5p-editor"] iframe').first();
      // the True/False form, not H5P's selector
      await expect(editor.locator('input[id^="field-extratitle"]')).toBeVisible();
      await expect(editor.locator('.h5p-hub-media-heading', { hasText: 'Multiple Choice' })).toBeHidden();
      await editor.getByRole('combobox').first().selectOption('false');
    }
    await page.getByTestId('create-choose-another').click();
    await expect(page).toHaveURL(/\/content\/new$/);
    // H5P's own selector stays one link away
    await expect(page.getByTestId('create-show-all')).toHaveAttribute('href', '/content/new?type=all');
  });

  test('recently used: the types of the teacher\u2019s latest content come first', async ({ page }) => {
    const token = await apiToken(teacher);
    for (const [name, title] of [['H5P.Blanks', 'Gaps'], ['H5P.MultiChoice', 'Sums']] as const) {
      const res = await call('POST', '/h5p/content', token, { library: libraryString(name), params: SAMPLE_PARAMS[name], metadata: { title: `Picker ${title}` } });
      expect(res.status).toBe(201);
    }
    await signIn(page, teacher);
    await page.goto('/content/new');
    const recent = page.getByTestId('create-recent');
    await expect(recent).toBeVisible();
    const links = recent.locator('a');
    await expect(links.first()).toHaveAttribute('data-machine-name', 'H5P.MultiChoice');
    await expect(links.nth(1)).toHaveAttribute('data-machine-name', 'H5P.Blanks');
    // filtering hides the recent row (the results are what matters then)
    await page.getByTestId('create-search').fill('words');
    await expect(recent).toHaveCount(0);
    await page.getByTestId('create-search').fill('');
    await links.first().click();
    await expect(page).toHaveURL(/\/content\/new\?type=H5P\.MultiChoice$/);
  });

  test('a hidden type is not offered; an unknown ?type= says so; German titles come from H5P\u2019s translations', async ({ page, browser }) => {
    // the super_admin hides True/False on the admin page
    const ctx = await browser.newContext({ baseURL: E2E.appUrl });
    const a = await ctx.newPage();
    await signIn(a, demoAccount('super_admin'));
    await a.goto('/admin/content-types');
    const section = a.getByTestId('hidden-types');
    await expect(section.getByTestId('hidden-type').filter({ hasText: 'H5P.AppearIn' })).toBeVisible();
    await a.getByTestId('hidden-type-name').fill('H5P.TrueFalse');
    await a.getByTestId('hidden-type-reason').fill('e2e: hidden for the test');
    await a.getByTestId('hidden-type-add').click();
    await expect(section.getByTestId('hidden-type').filter({ hasText: 'H5P.TrueFalse' })).toContainText('e2e: hidden for the test');
    await expectNoSeriousViolations(a, '/admin/content-types');
    try {
      await signIn(page, teacher);
      await page.goto('/content/new');
      await expect(page.getByTestId('create-picker')).toBeVisible();
      await expect(page.getByTestId('create-type-H5P.TrueFalse')).toHaveCount(0);
      await expect(page.getByTestId('create-type-H5P.MultiChoice')).toBeVisible();
      await page.goto('/content/new?type=H5P.TrueFalse');
      await expect(page.getByTestId('create-unknown-type')).toBeVisible();
      await expect(page.getByTestId('create-picker')).toBeVisible();
    } finally {
      await a.reload();
      await a.getByTestId('hidden-types-reset').click();
      await expect(a.getByTestId('hidden-types').getByTestId('hidden-type').filter({ hasText: 'H5P.TrueFalse' })).toHaveCount(0);
      await ctx.close();
    }

    await sql('UPDATE users SET locale = $1 WHERE email = $2', ['de', teacher.email.toLowerCase()]);
    await page.goto('/content/new');
    await expect(page.getByTestId('create-type-H5P.TrueFalse')).toContainText('Richtig/Falsch-Frage (True/False Question)');
    await expect(page.getByTestId('create-type-H5P.TrueFalse')).toContainText('Erstelle Ja-Nein-Fragen');
    await expect(page.getByTestId('create-type-H5P.Blanks')).toContainText('Lückentext (Fill in the Blanks)');
    await expect(page.getByTestId('create-category-questions')).toHaveText('Fragen');
  });
});

// The user's language on the content pages (issue 8 item 9): a teacher whose account says German sees My content,
// its dialogs and toasts in German; the player frame is asked for German (?language=de) and its own notices are
// German; an embed snippet names no language, so the page follows the viewer's browser (Accept-Language). Content
// type titles are German wherever they are shown, where H5P ships a translation (issue 25 item 10).
import { randomUUID } from 'node:crypto';
import { expect, hydrated, test } from './support/test';
import { createContent, userIdByEmail } from './support/content';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { publicItem } from './support/public-item';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

const teacher = demoAccount('teacher');
// other specs use the same demo teacher in English: leave the account following the browser again
const setLocale = (locale: string | null) => sql('UPDATE users SET locale = $1 WHERE email = $2', [locale, teacher.email.toLowerCase()]);
test.afterAll(() => setLocale(null));

test('a German teacher sees My content in German, and the player frame is asked for German', async ({ page }) => {
  await signIn(page, teacher); // the local user exists from the first sign-in on
  await setLocale('de');
  const me = await userIdByEmail(teacher.email);
  const word = `Gezeiten${randomUUID().slice(0, 6)}`;
  const id = await createContent({ ownerId: me, title: `${word} Quiz`, quality: 72 });

  await page.goto('/content');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Inhalte');
  await expect(page).toHaveTitle(/^Meine Inhalte · /);
  await page.getByLabel('Titel durchsuchen').fill(word);
  await expect(page.getByTestId('content-total')).toHaveText('1 Inhalt');
  const row = page.locator(`[data-content-id="${id}"]`);
  await expect(row.getByTestId('quality')).toHaveText('Qualität: 72 (verstehen)');
  await expect(row.getByTestId('visibility')).toHaveText('privat');
  await expect(row.getByRole('button', { name: `Aktionen für ${word} Quiz` })).toBeVisible();
  await expect(page.getByTestId('page-info')).toHaveText('Seite 1 von 1');
  // no English left in the list's own texts
  const text = await page.locator('main').innerText();
  for (const english of ['My content', 'Search titles', 'Sort by', 'Select all on this page', 'Edit tags', 'Duplicate', 'Previous', 'Export .h5p']) {
    expect(text, english).not.toContain(english);
  }

  // the item's menu speaks German too
  await row.getByRole('button', { name: `Aktionen für ${word} Quiz` }).click();
  await expect(page.getByRole('menuitem', { name: 'Duplizieren' })).toBeVisible();
  // publish: a German toast
  await page.getByTestId('toggle-visibility').click();
  await expect(row.getByTestId('visibility')).toHaveText('öffentlich');
  await expect(page.getByTestId('toast').filter({ hasText: `„${word} Quiz“ ist veröffentlicht` })).toBeVisible();

  // delete asks in German; cancelled, nothing is deleted
  await row.getByTestId('item-menu').click();
  await page.getByTestId('delete').click();
  await expect(page.getByTestId('delete-dialog')).toContainText(`„${word} Quiz“ endgültig löschen?`);
  await expect(page.getByTestId('delete-dialog-confirm')).toHaveText('Ja, löschen');
  await page.getByTestId('delete-dialog-cancel').click();
  await expect(page.getByTestId('delete-dialog')).toBeHidden();

  // the content page: the player frame carries the user's language; the embed snippet carries none
  await row.getByRole('link', { name: `${word} Quiz` }).click();
  await expect(page.getByTestId('content-title')).toHaveText(`${word} Quiz`);
  // its actions speak German: the header's buttons and status, the menu, the pass-mark dialog and its refusal
  await expect(page.getByTestId('visibility')).toHaveText('Öffentlich');
  await expect(page.getByTestId('toggle-visibility')).toHaveText('Privat stellen');
  await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
  for (const name of ['.h5p exportieren', 'Als SCORM 1.2 exportieren', 'Als SCORM 2004 exportieren', 'Als cmi5 exportieren', 'Löschen']) await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Als cmi5 exportieren', exact: true }).click();
  const exportDialog = page.getByTestId('export-dialog');
  await expect(exportDialog.getByRole('heading', { name: 'Als cmi5 exportieren' })).toBeVisible();
  await exportDialog.getByLabel('Bestehensgrenze (%)').fill('abc');
  await exportDialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(exportDialog.getByTestId('export-mastery-error')).toHaveText('Die Bestehensgrenze muss ein Prozentwert von 0 bis 100 sein.');
  await exportDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(exportDialog).toBeHidden();
  await page.getByRole('tab', { name: 'Teilen & einbetten' }).click();
  await expect(page.getByRole('heading', { name: 'Einbetten' })).toBeVisible();
  const src = await page.getByTestId('h5p-player').getAttribute('src');
  expect(new URL(src!, E2E.appUrl).searchParams.get('language')).toBe('de');
  expect(await page.getByTestId('embed-snippet').inputValue()).not.toContain('language=');
});

test('the player page speaks German: ?language=de in the workspace, Accept-Language for an embed without it', async ({ page }) => {
  const id = await publicItem(`Sprache ${randomUUID().slice(0, 6)}`);
  await signIn(page, teacher);
  await setLocale('de');
  // a rate-limited result post: the page's own notice is German
  let limited = 0;
  await page.route('**/h5p/finishedData**', async (route) => {
    if (limited < 1) {
      limited++;
      await route.fulfill({
        status: 429,
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After', 'Retry-After': '2', 'Content-Type': 'application/json' },
        body: JSON.stringify({ success: false, error: 'Too many requests. Please try again later.' }),
      });
    } else await route.continue();
  });
  await page.goto(`/content/${id}`);
  const src = (await page.getByTestId('h5p-player').getAttribute('src'))!;
  expect(new URL(src, E2E.appUrl).searchParams.get('language')).toBe('de');
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
  await frame.locator('.h5p-mc label', { hasText: '4' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click(); // the content's own text, from its parameters
  await expect(frame.getByTestId('player-status')).toHaveText('Die Aktivität ist ausgelastet; Ihr Ergebnis wird in 2 s gespeichert…');
  await expect(frame.getByTestId('player-status')).toHaveText('Ihr Ergebnis wurde gespeichert.', { timeout: 15_000 });
  await expect(page.getByTestId('h5p-result')).toHaveText('Ihre Punktzahl: 1 / 1');

  // the same page without ?language= (as an embed snippet on another site opens it) follows the browser
  const bare = new URL(src, E2E.appUrl);
  bare.searchParams.delete('language');
  const german = await fetch(bare, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
  expect(german.status).toBe(200);
  const html = await german.text();
  expect(html).toContain('<html class="h5p-iframe" lang="de">');
  expect(html).toContain('Ihr Ergebnis wurde gespeichert.');
  const english = await (await fetch(bare, { headers: { 'Accept-Language': 'fr-FR,en;q=0.5' } })).text();
  expect(english).toContain('<html class="h5p-iframe" lang="en">');
  expect(english).toContain('Your result has been saved.');
});

test('a German teacher sees the content type titles H5P translates in German in the library and the marketplace', async ({ page }) => {
  const word = `Typen${randomUUID().slice(0, 6)}`;
  // a public Mark the Words item by the demo admin (the import installs its library when this spec runs alone)
  const a = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const admin = ((await login.json()) as { data: { token: string } }).data.token;
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(contentPackage({ machineName: 'H5P.MarkTheWords', params: SAMPLE_PARAMS['H5P.MarkTheWords'], title: `${word} Verben`, withLibrary: true }))], { type: 'application/zip' }), 'mark.h5p');
  const imported = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(imported.status).toBe(201);
  const shared = ((await imported.json()) as { data: { contentId: string } }).data.contentId;
  const published = await fetch(`${E2E.appUrl}/h5p/content/${shared}/visibility`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` }, body: JSON.stringify({ visibility: 'public' }) });
  expect(published.status).toBe(200);

  await signIn(page, teacher);
  await setLocale('de');
  const me = await userIdByEmail(teacher.email);
  const mark = await createContent({ ownerId: me, title: `${word} markieren`, mainLibrary: 'H5P.MarkTheWords' });
  // a type H5P has no German title for keeps its English one
  const probe = await createContent({ ownerId: me, title: `${word} Sonde`, mainLibrary: 'H5P.OriginProbe' });

  // the library: cards, the table and the type filter (a load in the browser asks for the same language)
  await page.goto(`/content?q=${word}`);
  await expect(page.locator(`[data-content-id="${mark}"]`).getByTestId('content-type')).toHaveText('Wörter markieren (Mark the Words)');
  await expect(page.locator(`[data-content-id="${probe}"]`).getByTestId('content-type')).toHaveText(/^Origin [Pp]robe$/);
  await expect(page.getByTestId('filter-type').locator('option[value="H5P.MarkTheWords"]')).toHaveText('Wörter markieren (Mark the Words)');
  await page.getByTestId('view-table').click();
  await expect(page.getByTestId('content-table').locator(`[data-content-id="${mark}"]`).getByTestId('content-type')).toHaveText('Wörter markieren (Mark the Words)');
  await page.getByLabel('Titel durchsuchen').fill(`${word} mark`);
  await expect(page.getByTestId('content-row')).toHaveCount(1);
  await expect(page.getByTestId('content-row').getByTestId('content-type')).toHaveText('Wörter markieren (Mark the Words)');

  // the marketplace: the card and the type filter
  await page.goto('/marketplace');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marktplatz');
  await page.getByTestId('search').fill(word);
  const card = page.getByTestId('result').filter({ hasText: `${word} Verben` });
  await expect(card.getByTestId('result-type')).toHaveText('Wörter markieren (Mark the Words)');
  await expect(page.getByTestId('filter-contentType').locator('option[value="H5P.MarkTheWords"]')).toHaveText('Wörter markieren (Mark the Words)');
  // …and the item's page
  await card.getByTestId('result-link').click();
  await expect(page.getByTestId('item-type')).toContainText('Wörter markieren (Mark the Words)');

  // in English the installed title
  await setLocale('en');
  await page.goto(`/content?q=${word}`);
  await expect(page.locator(`[data-content-id="${mark}"]`).getByTestId('content-type')).toHaveText('Mark the Words');
});

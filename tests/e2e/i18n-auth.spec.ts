// The interface language before and after sign-in: a browser that asks for German (Accept-Language) gets the
// sign-in page in German with <html lang="de">, German sign-in errors and session notices, and — the student
// demo account having no language of its own — the workspace and the marketplace in German after sign-in.
import { expect, test } from './support/test';
import { demoAccount, sql } from './support/fixtures';

test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de' } });

const student = demoAccount('student');
// the account's own choice would win over the browser's: make sure it has none
const clearLanguage = () => sql('UPDATE users SET locale = NULL WHERE email = $1', [student.email.toLowerCase()]);
test.beforeAll(clearLanguage);
test.afterAll(clearLanguage);

test('a German browser gets the sign-in page in German, and the marketplace in German after sign-in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Bei .+ anmelden$/);
  await expect(page.getByRole('form', { name: 'Anmelden' })).toBeVisible();

  // a refused sign-in is explained inline, in German
  await page.getByLabel('E-Mail').fill(student.email);
  await page.getByLabel('Passwort').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Passwort').fill(student.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/workspace/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('welcome')).toHaveText(`Willkommen, ${student.name}`);
  // a student's home: what to do next and their results, no plan or quotas (issue 25)
  await expect(page.getByRole('heading', { name: 'Ihre Ergebnisse' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Speicherplatz' })).toHaveCount(0);

  await page.getByTestId('link-marketplace').click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Marktplatz' })).toBeVisible();
  await expect(page).toHaveTitle('Marktplatz');
  await expect(page.getByTestId('quota')).toHaveCount(0);
  await expect(page.getByTestId('search')).toHaveAttribute('placeholder', 'Titel durchsuchen…');
  await expect(page.getByTestId('filter-subjectCode').locator('option').first()).toHaveText('Fach: alle');
  await expect(page.getByTestId('sort').locator('option:checked')).toHaveText('Neueste');
  await expect(page.getByTestId('total')).toHaveText(/^\d+ Ergebnis(se)?$/);
  const main = page.locator('main');
  for (const english of ['Content this month', 'Search titles', 'results', 'Previous', 'Next', 'Newest']) await expect(main).not.toContainText(english);
  await expect(main.getByRole('button', { name: 'Zurück' })).toBeVisible();
});

test('an ended session is explained in German on the sign-in page', async ({ page }) => {
  await page.goto('/login?ended=idle');
  await expect(page.getByTestId('session-ended')).toHaveText('Ihre Sitzung wurde nach längerer Inaktivität beendet. Bitte melden Sie sich erneut an.');
  await page.goto('/login?ended=something-else');
  await expect(page.getByTestId('session-ended')).toHaveText('Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.');
});

// Sharing and co-authoring within a school (issue 27 item 1): the owner shares an item with a colleague as editor
// through the content page's Share dialog; the colleague finds it under "Shared with me" in the library, opens it,
// and sees Edit but neither Publish nor Delete. The two demo teachers belong to one school for this spec only.
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { createTenant, demoAccount, signIn, sql } from './support/fixtures';
import { createContent, userIdByEmail } from './support/content';

const owner = demoAccount('teacher');
const colleague = demoAccount('teacher2');
let contentId = '';
const title = `Fractions quiz ${Date.now().toString(36)}`;

/** Makes sure the account has its local record (the first signed-in request creates it). */
async function ensureUser(email: string, password: string) {
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { data } = (await login.json()) as { data: { token: string } };
  await fetch(`${E2E.appUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${data.token}` } });
}

test.beforeAll(async () => {
  await ensureUser(owner.email, owner.password);
  await ensureUser(colleague.email, colleague.password);
  const school = await createTenant({ name: 'Sharing School' });
  await sql('UPDATE users SET tenant_id = $1 WHERE email = ANY($2)', [school.id, [owner.email.toLowerCase(), colleague.email.toLowerCase()]]);
  contentId = await createContent({ ownerId: await userIdByEmail(owner.email), title });
});

test.afterAll(async () => {
  // the demo teachers go back to having no school (other specs expect that)
  await sql('DELETE FROM h5p_contents WHERE id = $1', [contentId]);
  await sql('UPDATE users SET tenant_id = NULL WHERE email = ANY($1)', [[owner.email.toLowerCase(), colleague.email.toLowerCase()]]);
});

test('the owner shares an item as editor; the colleague finds it under Shared with me and may edit but not delete', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await signIn(page, owner);
  await page.goto(`/content/${contentId}`);
  await page.getByTestId('content-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-empty')).toBeVisible();
  await dialog.getByTestId('share-email').fill(colleague.email);
  await dialog.getByTestId('share-role').selectOption('editor');
  await dialog.getByTestId('share-add').click();
  const row = dialog.getByTestId('share-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(colleague.name);
  await expect(row.getByTestId('share-row-role')).toHaveValue('editor');
  // a colleague of no school is refused with the server's words
  await dialog.getByTestId('share-email').fill('nobody@elsewhere.example');
  await dialog.getByTestId('share-add').click();
  await expect(dialog.getByTestId('share-error')).toHaveText('No colleague with this email in your school');
  // (Escape would first dismiss the "Shared with …" toast, the topmost layer)
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await ownerContext.close();

  const colleagueContext = await browser.newContext();
  const other = await colleagueContext.newPage();
  await signIn(other, colleague);
  await other.goto('/content');
  await other.getByTestId('view-shared').click();
  const item = other.getByTestId('shared-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('shared-item-owner')).toHaveText(owner.name);
  await expect(item.getByTestId('shared-item-role')).toHaveText('Editor');
  await item.getByTestId('shared-item-link').click();
  await expect(other).toHaveURL(new RegExp(`/content/${contentId}$`));
  await expect(other.getByTestId('content-title')).toHaveText(title);
  await expect(other.getByTestId('shared-role')).toHaveText('Editor');
  await expect(other.getByTestId('content-edit-link')).toBeVisible();
  await expect(other.getByTestId('toggle-visibility')).toHaveCount(0);
  await expect(other.getByTestId('content-share')).toHaveCount(0);
  await other.getByTestId('content-menu').click();
  await expect(other.getByTestId('export')).toBeVisible();
  await expect(other.getByTestId('delete')).toHaveCount(0);
  await other.keyboard.press('Escape');
  // the breadcrumb leads back to the Shared with me tab
  await other.getByRole('link', { name: 'Shared with me' }).click();
  await expect(other).toHaveURL(/\/content\?library=shared$/);
  await expect(other.getByTestId('shared-item').filter({ hasText: title })).toBeVisible();
  await colleagueContext.close();
});

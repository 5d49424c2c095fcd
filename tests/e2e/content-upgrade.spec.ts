// Issue 28 item 1 in the browser: a super admin finds the content upgrades from the content types page, tries the
// upgrade of Lumen Cards 1.0 → 1.1 (a dry run: what would change, per item, nothing written), then upgrades; the
// item plays on 1.1 with its renamed field and rewritten sub-content, and its History tab holds the upgrade.
// The test libraries are the project's own (tests/fixtures/h5p-libraries-upgrade).
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { lumenCardsPackage } from '../support/h5p-packages';

async function apiToken(): Promise<string> {
  const a = demoAccount('super_admin');
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: a.password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function importPkg(token: string, pkg: Buffer): Promise<string> {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'cards.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

const made: string[] = [];
test.afterAll(async () => {
  const token = await apiToken();
  for (const id of made)
    await fetch(`${E2E.appUrl}/h5p/content/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
});

test('a super admin tries the upgrade of a content type, sees what would change, upgrades, and the item plays on the new version', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const word = `Upg${randomUUID().slice(0, 6)}`;
  const token = await apiToken();
  // 1.0 is installed with an item made on it, then 1.1 arrives
  const id = await importPkg(token, lumenCardsPackage('1.0', { title: `${word} cards`, question: `${word} which body?` }));
  made.push(id);
  made.push(await importPkg(token, lumenCardsPackage('1.1', { title: `${word} new cards` })));

  await signIn(page, demoAccount('super_admin'));
  await page.goto('/admin/content-types');
  await expect(page.getByTestId('upgrades-card')).toContainText(/uses? an older version/);
  await page.getByTestId('upgrades-link').click();
  await expect(page).toHaveURL(/\/admin\/content-types\/upgrades$/);
  await expect(page.getByRole('heading', { name: 'Content upgrades', level: 1 })).toBeVisible();
  const type = page.locator('[data-testid="upgrade-type"][data-machine-name="H5P.LumenCards"]');
  await expect(type.getByTestId('upgrade-version').filter({ hasText: /^1\.0:/ })).toBeVisible();
  await expect(type.getByTestId('upgrade-version').filter({ hasText: /^1\.1:/ })).toContainText('newest installed');

  // the dry run: per item, what would change; nothing written
  await type.getByTestId('upgrade-dry-run').click();
  const job = page.getByTestId('upgrade-job');
  await expect(job).toHaveAttribute('data-dry-run', 'true');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(page.getByTestId('upgrade-job-status')).toContainText('would be upgraded');
  const item = page.locator(`[data-testid="upgrade-item"][data-content-id="${id}"]`);
  await expect(item).toContainText('Would be upgraded');
  await item.locator('summary').click();
  await expect(item.getByTestId('upgrade-change').filter({ hasText: 'params.prompt' })).toBeVisible();
  // the sub-content's version, word by word: 1.0 removed, 1.1 added
  const library = item.getByTestId('upgrade-change').filter({ hasText: 'params.cards[0].library' });
  await expect(library.locator('del')).toHaveText('1.0');
  await expect(library.locator('ins')).toHaveText('1.1');
  expect(
    (
      await sql<{ v: string }>(
        `SELECT d ->> 'minorVersion' AS v FROM h5p_contents c, jsonb_array_elements(c.metadata -> 'preloadedDependencies') d WHERE c.id = $1 AND d ->> 'machineName' = 'H5P.LumenCards'`,
        [id],
      )
    )[0]?.v,
  ).toBe('0');

  // the upgrade itself, confirmed
  await page.getByTestId('upgrade-after-dry-run').click();
  await expect(page.getByTestId('upgrade-confirm')).toContainText('keeps a revision');
  await page.getByTestId('upgrade-confirm-confirm').click();
  await expect(job).toHaveAttribute('data-dry-run', 'false');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(item).toContainText('Upgraded');
  await expect(type.getByTestId('upgrade-version').filter({ hasText: /^1\.0:/ })).toHaveCount(0, { timeout: 10_000 });

  // the item plays on 1.1: the renamed field and the rewritten sub-content
  await page.goto(`/content/${id}`);
  const frame = page.frameLocator('[data-testid="h5p-player"]');
  await expect(frame.locator('.lumen-cards-prompt')).toHaveText(`${word} which body?`, { timeout: 30_000 });
  await expect(frame.locator('.lumen-card-front').first()).toHaveText('Sun');
  // and its history holds the upgrade, restorable
  await page.goto(`/content/${id}?tab=history`);
  await expect(page.getByTestId('history-item').first()).toContainText('Upgraded H5P.LumenCards 1.0 → 1.1', { timeout: 30_000 });
});

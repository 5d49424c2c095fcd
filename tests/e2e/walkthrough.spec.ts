// Issue 8, done when: a new teacher goes from sign-in through create, preview and publish; another teacher finds
// the item in the marketplace, previews it there, clones it, adds the copy to a collection and embeds it on a
// page of another origin — and no request along the way answers 4xx or 5xx.
// Content is created through the import page: the browser editor's files are not on npm and CI cannot fetch
// them (h5p-content.spec.ts covers the editor where it is installed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import type { BrowserContext, FrameLocator } from '@playwright/test';
import { E2E } from './support/env';
import { demoAccount, signIn } from './support/fixtures';
import { startHubStandin, type HubStandin } from '../support/hub-standin';
import { SAMPLE_PARAMS, contentPackage } from '../support/h5p-packages';

let hub: HubStandin;
let host: http.Server | null = null;

test.beforeAll(async () => {
  hub = await startHubStandin(Number(new URL(E2E.hubUrl).port));
  // the content type the imported package needs (installing libraries is an admin's job)
  const a = demoAccount('super_admin');
  const login = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${E2E.appUrl}/h5p/libraries/install`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ machineName: 'H5P.MultiChoice' }) });
  expect(res.status).toBe(200);
});
test.afterAll(async () => {
  await hub?.close();
  host?.close();
});

/** every failed answer the browser sees, from the app or any frame */
function watchFailures(context: BrowserContext, failures: string[]) {
  context.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
}

async function answer(frame: FrameLocator) {
  await frame.locator('.h5p-mc label', { hasText: '4' }).locator('input').check();
  await frame.getByRole('button', { name: 'Check' }).click();
  await expect(frame.locator('.h5p-mc-result')).toHaveText('Correct!');
}

test('a new teacher creates, previews and publishes; another finds, previews, clones, collects and embeds it', async ({ browser }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  const title = `Walk quiz ${randomUUID().slice(0, 6)}`;

  // — the author —
  const author = await browser.newContext({ baseURL: E2E.appUrl });
  watchFailures(author, failures);
  const a = await author.newPage();
  await signIn(a, demoAccount('teacher'));
  await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create', exact: true }).click();
  await expect(a).toHaveURL(/\/content\/new$/);
  await a.goto('/content/import');
  await a.getByTestId('import-file').setInputFiles({ name: 'walk.h5p', mimeType: 'application/zip', buffer: contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title }) });
  await a.getByTestId('import-submit').click();
  await expect(a).toHaveURL(/\/content\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(a.getByTestId('content-title')).toHaveText(title);
  const contentId = a.url().split('/').pop()!;
  // preview: the sandboxed player plays it
  await answer(a.frameLocator('[data-testid="h5p-player"]'));
  // publish
  await a.getByTestId('toggle-visibility').click();
  await expect(a.getByTestId('visibility')).toContainText(/public/i);
  await author.close();

  // — another teacher —
  const other = await browser.newContext({ baseURL: E2E.appUrl });
  watchFailures(other, failures);
  const b = await other.newPage();
  await signIn(b, demoAccount('teacher2'));
  await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
  await b.getByTestId('search').fill(title);
  const hit = b.getByTestId('result').filter({ hasText: title });
  await expect(hit).toHaveCount(1);
  await hit.getByTestId('result-link').click();
  await expect(b).toHaveURL(new RegExp(`/marketplace/${contentId}$`));
  await expect(b.getByTestId('item-title')).toHaveText(title);
  // preview there
  await answer(b.frameLocator('[data-testid="h5p-player"]'));
  // clone under a name of their own
  const copyTitle = `${title} (my copy)`;
  await b.getByTestId('clone-title').fill(copyTitle);
  await b.getByTestId('clone-submit').click();
  await expect(b.getByTestId('clone-done')).toBeVisible();
  await b.getByTestId('clone-done').getByRole('link').click();
  await expect(b.getByTestId('content-title')).toHaveText(copyTitle);
  const copyId = b.url().split('/').pop()!;
  expect(copyId).not.toBe(contentId);
  const snippet = await b.getByTestId('embed-snippet').inputValue();

  // add the copy to a new collection
  await b.goto('/collections');
  await b.getByTestId('new-title').fill(`Walk collection ${title}`);
  await b.getByTestId('create-collection').getByRole('button', { name: 'Create collection' }).click();
  await expect(b).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
  await b.getByTestId('my-content').selectOption(copyId);
  await b.getByTestId('add-mine').click();
  await expect(b.getByTestId('item').filter({ hasText: copyTitle })).toBeVisible();

  // embed on a page of another origin
  host = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><body><h1>Class blog</h1>${snippet.replace('<iframe ', '<iframe id="embed" ')}</body></html>`));
  await new Promise<void>((r) => host!.listen(0, '127.0.0.1', r));
  const page = await other.newPage();
  await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  await answer(page.frameLocator('#embed'));
  await other.close();

  expect(failures).toEqual([]);
});

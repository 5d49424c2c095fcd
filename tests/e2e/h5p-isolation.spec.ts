// Issue 7 item 1: script in content never runs on the app's origin. A teacher imports a package whose text fields
// carry script; the stored parameters are filtered, and even content that still carries script (written straight
// into the database, as content from before the filter would) runs only inside the sandboxed player: it cannot
// reach the page, its cookie or the API as the viewer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { type Page } from '@playwright/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

// what the payload reports from wherever it runs
const PAYLOAD =
  `var r={type:'xss-ran',origin:String(self.origin)};` +
  `try{r.cookie=document.cookie;}catch(e){r.cookie='blocked';}` +
  `try{parent.document.title='PWNED';r.parent='reached';}catch(e){r.parent='blocked';}` +
  `try{top.__xss=1;}catch(e){}` +
  `fetch('/api/auth/me',{credentials:'include'}).then(function(x){r.me=x.status;parent.postMessage(r,'*');},function(){r.me='failed';parent.postMessage(r,'*');});`;

const hostileParams = () => ({
  ...(SAMPLE_PARAMS['H5P.MultiChoice'] as Record<string, unknown>),
  question: `<p>What is 2 + 2?</p><img src="x" onerror="${PAYLOAD}"><script>${PAYLOAD}</script>`,
});

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function importAsAdmin(pkg: Buffer) {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'lib.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${await apiToken('super_admin')}` }, body: form });
  expect(res.status).toBe(201);
}

/** Collects what the payload reports to the app page, and watches the page itself. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __reports: unknown[] }).__reports = [];
    window.addEventListener('message', (e) => {
      if (e.data && (e.data as { type?: string }).type === 'xss-ran') (window as unknown as { __reports: unknown[] }).__reports.push(e.data);
    });
  });
}

async function expectAppUntouched(page: Page) {
  const state = await page.evaluate(() => ({ xss: (window as unknown as { __xss?: number }).__xss, title: document.title }));
  expect(state.xss).toBeUndefined();
  expect(state.title).not.toBe('PWNED');
}

test.describe('content isolation', () => {
  test.beforeAll(async () => {
    // the multiple-choice type (installs the library when this spec runs alone)
    await importAsAdmin(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Library carrier', withLibrary: true }));
  });

  test('an imported package with script in a text field is stored filtered and no script runs on the app origin', async ({ page }) => {
    await watch(page);
    await signIn(page, demoAccount('teacher'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-xss-')), 'hostile.h5p');
    fs.writeFileSync(file, contentPackage({ machineName: 'H5P.MultiChoice', params: hostileParams(), title: 'Hostile question' }));
    await page.goto('/content/import');
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-submit').click();
    await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const [row] = await sql<{ parameters: { question: string } }>('SELECT parameters FROM h5p_contents WHERE id = $1', [id]);
    expect(row?.parameters.question).toContain('What is 2 + 2?');
    expect(row?.parameters.question).not.toMatch(/onerror|<script/i);
    await expect(page.frameLocator('[data-testid="h5p-player"]').getByText('What is 2 + 2?')).toBeVisible();
    await page.waitForTimeout(1000);
    await expectAppUntouched(page);
    expect(await page.evaluate(() => (window as unknown as { __reports: unknown[] }).__reports)).toEqual([]);
  });

  test('content that still carries script runs only in the sandboxed player: no cookie, no parent page, no API as the viewer', async ({ page }) => {
    await watch(page);
    await signIn(page, demoAccount('teacher'));
    const token = await apiToken('teacher');
    const res = await fetch(`${E2E.appUrl}/h5p/content`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ library: 'H5P.MultiChoice 1.16', params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Old content' } }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { contentId: string } }).data.contentId;
    // as if saved before parameters were filtered
    await sql('UPDATE h5p_contents SET parameters = $2::jsonb WHERE id = $1', [id, JSON.stringify(hostileParams())]);

    await page.goto(`/content/${id}`);
    await expect(page.frameLocator('[data-testid="h5p-player"]').getByText('What is 2 + 2?')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __reports: unknown[] }).__reports.length), { timeout: 10_000 }).toBeGreaterThan(0);
    const reports = await page.evaluate(() => (window as unknown as { __reports: { origin: string; cookie: string; parent: string; me: number | string }[] }).__reports);
    for (const r of reports) {
      // the content origin (issue 23 item 6): another site than the app's, which holds no cookie and serves no API
      expect(r.origin).toBe(E2E.contentUrl);
      expect(r.cookie).toBe('');
      expect(r.parent).toBe('blocked');
      expect(r.me).toBe(404);
    }
    await expectAppUntouched(page);
    // the frame holds no user-wide token: only this item's player token
    const src = await page.getByTestId('h5p-player').getAttribute('src');
    // the player plays on the content origin (issue 23 item 6): another site, where it keeps its own origin
    expect(src).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/h5p/embed/${id}\\?token=`));
    expect(await page.getByTestId('h5p-player').getAttribute('sandbox')).toContain('allow-same-origin');
    const html = await page.content();
    expect(html).not.toContain(token);
  });

  test('the player page opened on its own is on the content origin too: no cookie, no API', async ({ page }) => {
    await signIn(page, demoAccount('teacher'));
    const [row] = await sql<{ content_id: string }>("SELECT o.content_id FROM content_ownership o JOIN h5p_contents c ON c.id = o.content_id WHERE c.title = 'Old content' LIMIT 1");
    await page.goto(`/content/${row!.content_id}`);
    const src = (await page.getByTestId('h5p-player').getAttribute('src'))!;
    await page.goto(src);
    await expect(page.getByText('What is 2 + 2?')).toBeVisible();
    const origin = await page.evaluate(() => String(self.origin));
    expect(origin).toBe(E2E.contentUrl);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status)).toBe(404);
    // the page's own CSP still sandboxes it (no top navigation, no pop-ups that escape it)
    const res = await page.request.get(src);
    expect(res.headers()['content-security-policy']).toMatch(/sandbox [^;]*allow-same-origin/);
  });
});

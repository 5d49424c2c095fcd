// Issue 23 items 6 and 7: content plays on a content origin of its own (server/content-origin.mjs), where it reads
// its own files as same-origin — an image exported from a canvas (Agamotto), a captions track (Interactive Video),
// audio fetched with X-Requested-With (sound effects) — and still reaches nothing of the app: no cookie, no storage,
// no API. The workspace player takes its content's height on every load, down as well as up, and never moves the
// page under a click. The probe library (tests/fixtures/h5p-libraries-origin) does what those content types do and
// writes what happened into the frame.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { type Frame, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { demoAccount, signIn, sql } from './support/fixtures';
import { originProbePackage } from '../support/h5p-packages';

async function apiToken(role: 'teacher' | 'super_admin'): Promise<string> {
  const a = demoAccount(role);
  const res = await fetch(`${E2E.appUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: a.email, password: a.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function importProbe(role: 'teacher' | 'super_admin', opts: { title: string; lines?: number }): Promise<string> {
  const form = new FormData();
  form.append('h5p', new Blob([new Uint8Array(originProbePackage(opts))], { type: 'application/zip' }), 'probe.h5p');
  const res = await fetch(`${E2E.appUrl}/h5p/import`, { method: 'POST', headers: { Authorization: `Bearer ${await apiToken(role)}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { contentId: string } }).data.contentId;
}

/** The player's frame once its probe has reported all three lines. */
async function probeFrame(page: Page, frameSelector = '[data-testid="h5p-player"]'): Promise<Frame> {
  const handle = await page.locator(frameSelector).elementHandle();
  const frame = (await handle.contentFrame())!;
  await expect(frame.locator('[data-probe][data-done]')).toHaveCount(3, { timeout: 20_000 });
  return frame;
}

async function probeLines(frame: Frame): Promise<string[]> {
  return frame.locator('[data-probe]').allInnerTexts();
}

const servers: http.Server[] = [];
test.afterAll(async () => {
  for (const s of servers) s.close();
  // the teacher's storage and monthly count start at 0 for the specs after this one (tests/e2e/foundation.spec.ts):
  // the items go, and the count is reset as the marketplace specs leave it
  const token = await apiToken('teacher');
  for (const id of [probeId, tallId].filter(Boolean)) {
    const res = await fetch(`${E2E.appUrl}/h5p/content/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  }
  await sql('UPDATE users SET contents_created_this_month = 0 WHERE email = $1', [demoAccount('teacher').email.toLowerCase()]);
});

/** A page on another site (127.0.0.1 on its own port) that holds one snippet. */
async function hostPage(html: string): Promise<string> {
  const server = http.createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

let probeId: string;
let tallId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // the super admin's import installs the probe library; the teacher's items use it
  await importProbe('super_admin', { title: 'Probe library carrier' });
  probeId = await importProbe('teacher', { title: 'Origin probe' });
  tallId = await importProbe('teacher', { title: 'Tall probe', lines: 60 });
});

test('content on the content origin reads its own files: canvas export, captions track and XHR with X-Requested-With', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${probeId}`);
  const player = page.getByTestId('h5p-player');
  // the frame is on the content origin, with its own origin there (and nowhere else)
  expect(await player.getAttribute('src')).toMatch(new RegExp(`^${E2E.contentUrl.replace(/[.]/g, '\\.')}/h5p/embed/${probeId}\\?`));
  expect(await player.getAttribute('sandbox')).toContain('allow-same-origin');
  const frame = await probeFrame(page);
  expect(await frame.evaluate(() => self.origin)).toBe(E2E.contentUrl);
  expect(await probeLines(frame)).toEqual(['canvas: ok data:image/png;base64', 'track: ok 2 cues', 'xhr: ok 512 bytes']);
  // nothing on the way was refused (a tainted canvas, an unsafe track, a failed preflight all log an error)
  expect(errors.filter((e) => /Tainted|Unsafe attempt|CORS|Access-Control|SecurityError/i.test(e))).toEqual([]);
});

test('the embed snippet on another site plays it the same way', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${probeId}?tab=share`);
  await expect(page.getByTestId('embed-snippet')).toBeVisible();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(snippet).toContain(`${E2E.contentUrl}/h5p/embed/${probeId}`);
  const host = await hostPage(`<!doctype html><html><head><title>School page</title></head><body><h1>School page</h1>${snippet.replace('<iframe ', '<iframe id="embed" ')}</body></html>`);
  await page.goto(host);
  const frame = await probeFrame(page, '#embed');
  expect(await probeLines(frame)).toEqual(['canvas: ok data:image/png;base64', 'track: ok 2 cues', 'xhr: ok 512 bytes']);
});

test('the frame on the content origin reaches nothing of the app: no cookie, no storage, no API, not the page', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${probeId}`);
  // something of the app's in its storage, to look for from the frame
  await page.evaluate(() => localStorage.setItem('lumen-e2e-secret', 'app-only'));
  const appCookies = (await page.context().cookies(E2E.appUrl)).map((c) => c.name);
  expect(appCookies.length).toBeGreaterThan(0);
  const frame = await probeFrame(page);
  const seen = await frame.evaluate(async (appUrl) => {
    const r: Record<string, unknown> = { cookie: document.cookie, storage: localStorage.getItem('lumen-e2e-secret') };
    try {
      r.parent = parent.document.title;
    } catch {
      r.parent = 'blocked';
    }
    // the API on the content host: not there
    r.ownApi = (await fetch('/api/auth/me', { credentials: 'include' })).status;
    r.ownPage = (await fetch('/content', { credentials: 'include' })).status;
    // the app's API from the frame: another site, so no cookie goes with it and the answer cannot be read
    try {
      r.appApi = (await fetch(`${appUrl}/api/auth/me`, { credentials: 'include' })).status;
    } catch {
      r.appApi = 'blocked';
    }
    return r;
  }, E2E.appUrl);
  expect(seen).toEqual({ cookie: '', storage: null, parent: 'blocked', ownApi: 404, ownPage: 404, appApi: 'blocked' });
  // and the content host set no cookie of its own
  expect(await page.context().cookies(E2E.contentUrl)).toEqual([]);
});

test('the player page opened on its own on the content origin holds no cookie and no API', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${probeId}`);
  const src = (await page.getByTestId('h5p-player').getAttribute('src'))!;
  await page.goto(src);
  await expect(page.locator('[data-probe][data-done]')).toHaveCount(3, { timeout: 20_000 });
  expect(await page.evaluate(() => self.origin)).toBe(E2E.contentUrl);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(404);
});

/** The frame's height against the bottom of its content, once the frame has been sized. */
async function heights(page: Page): Promise<{ frame: number; content: number }> {
  const player = page.getByTestId('h5p-player');
  await expect(player).toHaveAttribute('data-sized', 'true');
  const frame = await probeFrame(page);
  // the content's height settles (the probe reports asynchronously), then the frame follows
  let content = 0;
  await expect
    .poll(async () => {
      content = await frame.evaluate(() => Math.ceil(document.querySelector('.h5p-content')!.getBoundingClientRect().bottom));
      const h = await player.evaluate((el) => Math.round(el.getBoundingClientRect().height));
      return Math.abs(h - content) <= 40;
    }, { timeout: 10_000 })
    .toBe(true);
  return { frame: await player.evaluate((el) => Math.round(el.getBoundingClientRect().height)), content };
}

test('the workspace player takes the height of short and tall content on every load (item 7)', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  for (let i = 0; i < 5; i++) {
    // short: no white block under it (the frame ends where the content ends, not at a fixed 400 px)
    await page.goto(`/content/${probeId}`);
    const short = await heights(page);
    expect(short.content).toBeLessThan(300);
    expect(short.frame).toBeLessThan(short.content + 41);
    // tall: nothing clipped, the last line inside the frame's box
    await page.goto(`/content/${tallId}`);
    const tall = await heights(page);
    expect(tall.content).toBeGreaterThan(1000);
    expect(tall.frame).toBeGreaterThanOrEqual(tall.content);
    const frame = await probeFrame(page);
    expect(await frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
  }
});

test('a change of height waits while the teacher presses on the page, so nothing moves under the click', async ({ page }) => {
  await signIn(page, demoAccount('teacher'));
  await page.goto(`/content/${probeId}`);
  const before = await heights(page);
  const player = page.getByTestId('h5p-player');
  const title = page.locator('h1').first();
  const box = (await title.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + box.height / 2);
  await page.mouse.down();
  const frame = await probeFrame(page);
  // the content grows while the button is held
  await frame.evaluate(() => {
    const c = document.querySelector('.h5p-content')!;
    for (let i = 0; i < 20; i++) c.appendChild(Object.assign(document.createElement('p'), { textContent: `Late line ${i}` }));
  });
  await page.waitForTimeout(1500);
  expect(await player.evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(before.frame);
  await page.mouse.up();
  await expect.poll(() => player.evaluate((el) => Math.round(el.getBoundingClientRect().height)), { timeout: 5_000 }).toBeGreaterThan(before.frame + 200);
});

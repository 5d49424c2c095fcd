// The content origin (issue 23 item 6, server/content-origin.mjs): content plays on a host of its own. There the
// player page keeps its origin (allow-same-origin, so content reads its own files); the host serves nothing of the
// app (every app path 404), reads no cookie and sets none; it is reached by its port (CONTENT_PORT) or by its name
// (Host: CONTENT_URL's host, several instances behind one proxy). The app's host never serves a player page with
// same-origin rights, whatever a client sends.
import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { browserSignIn, type BrowserSession } from '../support/browser';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const CONTENT_HOST = 'content.lumen-content.test'; // CONTENT_URL of the test app (tests/support/global-setup.ts)

/** A GET with any Host header (fetch keeps the URL's). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

const sandboxOf = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('sandbox'));

describe('content origin', () => {
  let teacher: Awaited<ReturnType<typeof signedIn>>;
  let contentId: string;
  let player: string;
  let browser: BrowserSession;
  const content = () => inject('contentUrl');

  beforeAll(async () => {
    await installTestLibraries();
    const u = await createIdpUser({ email: uniqueEmail('content-origin'), roles: ['teacher'] });
    browser = await browserSignIn(u.email, u.password);
    teacher = await signedIn(['teacher'], u.email);
    contentId = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Origin quiz' });
    player = await issuePlayerToken(teacher.user.id, contentId);
  });

  it('plays the content on the content host with its own origin (allow-same-origin), its files and calls there too', async () => {
    const page = await api('GET', `/h5p/embed/${contentId}?token=${player}`, { base: content() });
    expect(page.status, page.text).toBe(200);
    const sandbox = sandboxOf(page.headers.get('content-security-policy'));
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).toContain('allow-same-origin');
    expect(page.headers.get('set-cookie')).toBeNull();
    // every file and call of the page is a path of its own origin
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => u.startsWith('/'));
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      const res = await fetch(`${content()}${u.replace(/&amp;/g, '&')}`);
      expect(res.status, u).toBe(200);
    }
    expect(page.text).toContain(`"contentUrl":"/h5p/player-files/`);
    const lib = await fetch(`${content()}/h5p/libraries/H5P.MultiChoice-1.16/library.json`);
    expect([200, 404]).toContain(lib.status);
    expect((await fetch(`${content()}/h5p-resizer.js`)).status).toBe(200);
    const xapi = await fetch(`${content()}/h5p/xapi/${contentId}?token=${player}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: '{}' });
    expect(xapi.status).toBe(400);
  });

  it('answers 404 for every path of the app on the content host, by port and by Host name', async () => {
    const paths = ['/', '/login', '/content', `/content/${contentId}`, '/api/health', '/api/auth/me', '/api/content', '/api/auth/session', '/api/docs', '/realms/lumen/.well-known/openid-configuration', '/lti/launch', '/h5p/import', `/h5p/content/${contentId}/content.json`, '/h5p/editor/scripts/h5peditor.js', '/h5p/content-types', '/_next/static/x.js', '/settings', '/admin'];
    for (const p of paths) {
      const byPort = await fetch(`${content()}${p}`, { redirect: 'manual', headers: { Cookie: browser.cookie } });
      expect(byPort.status, `port ${p}`).toBe(404);
      expect(await byPort.text(), p).toBe('Not found');
      expect(byPort.headers.get('set-cookie'), p).toBeNull();
      const byName = await rawGet(`${inject('appUrl')}${p}`, { Host: CONTENT_HOST, Cookie: browser.cookie });
      expect(byName.status, `host ${p}`).toBe(404);
    }
    const post = await fetch(`${content()}/api/content`, { method: 'POST', headers: { Cookie: browser.cookie, 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
  });

  it('reads no cookie on the content host: the session that plays on the app host plays nothing there', async () => {
    const onApp = await browser.call('GET', `/h5p/embed/${contentId}`);
    expect(onApp.status, onApp.text).toBe(200);
    const onContent = await fetch(`${content()}/h5p/embed/${contentId}`, { headers: { Cookie: browser.cookie } });
    expect(onContent.status).toBe(401);
    // the saved-state call too: only the player token counts there
    const state = await fetch(`${content()}/h5p/contentUserData/${contentId}/state/0`, { headers: { Cookie: browser.cookie } });
    expect(state.status).toBe(401);
  });

  it('routes by Host name on the app port: the content host by its name is the content host', async () => {
    const res = await rawGet(`${inject('appUrl')}/h5p/embed/${contentId}?token=${player}`, { Host: CONTENT_HOST });
    expect(res.status, res.text).toBe(200);
    expect(sandboxOf(String(res.headers['content-security-policy']))).toContain('allow-same-origin');
  });

  it('never serves a content page same-origin on the app host, whatever the client sends', async () => {
    for (const headers of [{}, { 'x-lumen-content-origin': '1' }, { Host: `${CONTENT_HOST}.evil.test` }, { Host: `evil.${CONTENT_HOST}` }] as Record<string, string>[]) {
      const res = await rawGet(`${inject('appUrl')}/h5p/embed/${contentId}?token=${player}`, headers);
      expect(res.status, res.text).toBe(200);
      const sandbox = sandboxOf(String(res.headers['content-security-policy']));
      expect(sandbox, JSON.stringify(headers)).toContain('allow-scripts');
      expect(sandbox, JSON.stringify(headers)).not.toContain('allow-same-origin');
    }
    // the content's files on the app host stay sandboxed user files
    const files = await fetch(`${inject('appUrl')}/h5p/player-files/${player}/${contentId}/content.json`);
    expect(files.headers.get('content-security-policy') ?? '').toMatch(/^sandbox/);
  });

  it('the workspace frames the player from the content origin with allow-same-origin', async () => {
    const page = await browser.call('GET', `/content/${contentId}`);
    expect(page.status).toBe(200);
    const frame = /<iframe[^>]*data-testid="h5p-player"[^>]*>/.exec(page.text)?.[0] ?? '';
    expect(frame).toContain(`src="http://${CONTENT_HOST}/h5p/embed/${contentId}?token=`);
    expect(frame).toMatch(/sandbox="[^"]*allow-same-origin/);
  });
});

// Issue 7 items 1(c), 6, 7 and 15: the browser holds only the session cookie; the server keeps and refreshes the
// identity provider's tokens (rotation), slides the session while the user is active and says why it ended; the
// player holds a token for one content item; sign-in redirects stay on the site.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const idp = (path: string, init?: RequestInit) => fetch(`${inject('idpUrl')}${path}`, init);
const refreshCount = async (email: string) => ((await (await idp(`/admin/refresh-count/${encodeURIComponent(email)}`)).json()) as { count: number }).count;
const patchIdpUser = (email: string, body: object) =>
  idp(`/admin/users/${encodeURIComponent(email)}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function browserUser(roles: ('teacher' | 'student')[] = ['teacher'], accessTtl?: number) {
  const u = await createIdpUser({ email: uniqueEmail('browser'), roles, accessTtl });
  const b = await browserSignIn(u.email, u.password);
  return { ...u, b };
}

beforeAll(async () => {
  await installTestLibraries();
});

describe('browser session cookie', () => {
  it('authenticates API calls with the cookie alone and hands no token to page scripts', async () => {
    const { b, email } = await browserUser();
    const me = await b.call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(email);
    const s = await b.call('GET', '/api/auth/session');
    expect(s.status).toBe(200);
    expect(s.body.user.email).toBe(email);
    expect(s.text).not.toMatch(/accessToken|refreshToken|eyJ/);
    // the cookie carries an opaque session id; the provider's tokens are sealed on the server
    const row = await db().browserSession.findFirstOrThrow({ where: { user: { email } } });
    // no JWT (header.payload.) in the sealed text: a bare 'eyJ' turns up by chance in ~0.7 % of random ciphertexts
    const JWT = /eyJ[\w-]*\.eyJ[\w-]*\./;
    expect(row.accessToken).not.toMatch(JWT);
    expect(row.refreshToken).not.toMatch(JWT);
    expect(row.accessToken).not.toMatch(/^eyJ/);
    expect(b.cookie).not.toContain(row.id);
  });

  it('keeps working after the provider access token expires: the server refreshes with rotation, once under concurrency', async () => {
    const { b, email } = await browserUser(['teacher'], 1); // every request finds the access token about to expire
    for (let i = 0; i < 3; i++) expect((await b.call('GET', '/api/auth/me')).status).toBe(200);
    const afterSequential = await refreshCount(email);
    expect(afterSequential).toBeGreaterThanOrEqual(3);
    // 12 calls at once: each refresh token is single-use at the stand-in, a reuse would end the session
    const results = await Promise.all(Array.from({ length: 12 }, () => b.call('GET', '/api/auth/me')));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await b.call('GET', '/api/auth/me')).status).toBe(200);
  });

  it('a write after the access token expired still saves (the 5-minute problem)', async () => {
    const { b } = await browserUser(['teacher'], 1);
    await new Promise((r) => setTimeout(r, 1200));
    const res = await b.call('POST', '/api/collections', { body: { title: 'After expiry' } });
    expect([res.status, res.body]).toEqual([201, expect.objectContaining({ success: true })]);
  });

  it('slides while the user is active and ends after the idle limit, saying why', async () => {
    const { b, email } = await browserUser();
    const row = await db().browserSession.findFirstOrThrow({ where: { user: { email } } });
    await db().browserSession.update({ where: { id: row.id }, data: { lastSeenAt: new Date(Date.now() - 7.9 * 3600_000) } });
    expect((await b.call('GET', '/api/auth/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const slid = await db().browserSession.findUniqueOrThrow({ where: { id: row.id } });
    expect(Date.now() - slid.lastSeenAt.getTime()).toBeLessThan(60_000);
    await db().browserSession.update({ where: { id: row.id }, data: { lastSeenAt: new Date(Date.now() - 8.1 * 3600_000) } });
    const ended = await b.call('GET', '/api/auth/me');
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ success: false, error: 'Your session has ended. Please sign in again.', reason: 'idle' });
    // a page sends the user to sign in with the reason
    const page = await b.call('GET', '/content');
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toMatch(/^\/login\?next=%2Fcontent&ended=idle$/);
  });

  it('ends when the provider refuses the refresh (account disabled)', async () => {
    const { b, email } = await browserUser(['teacher'], 1);
    expect((await b.call('GET', '/api/auth/me')).status).toBe(200);
    await patchIdpUser(email, { enabled: false });
    const res = await b.call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('refresh_refused');
    expect((await db().browserSession.findFirstOrThrow({ where: { user: { email } } })).endReason).toBe('refresh_refused');
  });

  it('refuses a state-changing call with the cookie from another origin (403 Forbidden) and creates nothing', async () => {
    const { b, email } = await browserUser();
    const res = await b.call('POST', '/api/collections', { body: { title: 'CSRF' }, headers: { Origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Forbidden' });
    const cross = await b.call('POST', '/api/collections', { body: { title: 'CSRF' }, headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } });
    expect(cross.status).toBe(403);
    expect(await db().collection.count({ where: { user: { email }, title: 'CSRF' } })).toBe(0);
  });

  it('ends on sign-out: the cookie no longer works', async () => {
    const { b } = await browserUser();
    const csrf = await b.call('GET', '/api/auth/csrf');
    const out = await b.call('POST', '/api/auth/signout', {
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: 'true' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(out.status).toBeLessThan(400);
    const res = await b.call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('signed_out');
  });

  it('follows only same-site paths after sign-in (no open redirect)', async () => {
    const { b } = await browserUser();
    for (const next of ['/%5Cevil.example', '/%09/evil.example', '//evil.example', 'https://evil.example']) {
      const res = await b.call('GET', `/login?next=${next}`);
      expect([next, res.status, res.headers.get('location')]).toEqual([next, 307, '/workspace']);
    }
    const ok = await b.call('GET', '/login?next=%2Fcontent%3Fx%3D1');
    expect(ok.headers.get('location')).toBe('/content?x=1');
  });
});

describe('content page', () => {
  it('gives the owner an embed snippet and any other viewer only a player frame with their own token', async () => {
    const owner = await browserUser(['teacher']);
    const ownerToken = await signedIn(['teacher'], owner.email);
    const id = await createContent(ownerToken.token, 'H5P.MultiChoice');
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: ownerToken.token, body: { visibility: 'public' } });
    const own = await owner.b.call('GET', `/content/${id}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain('data-testid="embed-snippet"');
    const viewer = await browserUser(['teacher']);
    const other = await viewer.b.call('GET', `/content/${id}`);
    expect(other.status).toBe(200);
    expect(other.text).toContain('data-testid="h5p-player"');
    expect(other.text).not.toContain('embed-snippet');
    // the frame's token plays this item for this viewer: a player token, not an embed token (then &language=)
    // (on the content origin, CONTENT_URL of tests/support/global-setup.ts: issue 23 item 6)
    const src = /src="http:\/\/content\.lumen-content\.test\/h5p\/embed\/[^"?]+\?token=([^"&]+)[&"]/.exec(other.text.replaceAll('&amp;', '&'));
    expect(src).not.toBeNull();
    const { verifyEmbedToken } = await import('@/lib/auth/embed-token');
    const claims = await verifyEmbedToken(decodeURIComponent(src![1]!));
    expect(claims).toMatchObject({ use: 'player', contentId: id });
    expect(claims.userId).not.toBe((await db().user.findUniqueOrThrow({ where: { email: owner.email } })).id);
  });

  it('answers 404 to a viewer who may not read private content, and mints no token for it', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const viewer = await browserUser(['teacher']);
    const res = await viewer.b.call('GET', `/content/${id}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('/h5p/embed/');
  });
});

describe('player tokens', () => {
  it('play one item for one viewer: the page is sandboxed, files come through the token route, nothing else accepts it', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const other = await createContent(t.token, 'H5P.MultiChoice');
    const viewer = await signedIn(['student']);
    const token = await issuePlayerToken(viewer.user.id, id);

    const page = await api('GET', `/h5p/embed/${id}?token=${token}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain('frame-ancestors *');
    // the item's files (and parameters script) under its files key, the same for every viewer (issue 26 item 2)
    expect(page.text).toMatch(new RegExp(`/h5p/player-files/v[0-9a-z]+\\.\\d+\\.[\\w-]{22}/${id}/params\\.js`));
    // no user-wide token on the page: only this content token
    expect(page.text).not.toContain(t.token);

    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/h5p/content'],
      ['GET', `/h5p/embed/${other}`],
      ['GET', `/h5p/params/${id}`],
      ['GET', `/h5p/content/${id}/export`],
    ] as const) {
      const res = await api(method, `${path}?token=${token}`);
      expect([path, res.status]).toEqual([path, 401]);
    }

    // saved state is the viewer's own
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await api('POST', `/h5p/contentUserData/${id}/state/0?token=${token}`, { body: 'data=%7B%22a%22%3A1%7D&preload=1&invalidate=0', headers })).status).toBe(200);
    const read = await api('GET', `/h5p/contentUserData/${id}/state/0?token=${token}`);
    expect(read.body).toEqual({ success: true, data: '{"a":1}' });
    const finished = await api('POST', `/h5p/finishedData?token=${token}`, {
      body: new URLSearchParams({ contentId: id, score: '1', maxScore: '2', opened: '10', finished: '20' }).toString(),
      headers,
    });
    expect(finished.status).toBe(200);
    expect(await db().h5pFinishedData.findFirst({ where: { contentId: id, userId: viewer.user.id } })).toMatchObject({ score: 1, maxScore: 2 });
  });

  it('open the content files of their own item only', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const other = await createContent(t.token, 'H5P.MultiChoice');
    const viewer = await signedIn(['student']);
    const token = await issuePlayerToken(viewer.user.id, id);
    const dataDir = inject('appDataDir');
    const { mkdir, writeFile } = await import('node:fs/promises');
    for (const c of [id, other]) {
      await mkdir(`${dataDir}/h5p/content/${c}/images`, { recursive: true });
      await writeFile(`${dataDir}/h5p/content/${c}/images/pic.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
    const ok = await api('GET', `/h5p/player-files/${token}/${id}/images/pic.png`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api('GET', `/h5p/player-files/${token}/${other}/images/pic.png`)).status).toBe(404);
    expect((await api('GET', `/h5p/player-files/not-a-token/${id}/images/pic.png`)).status).toBe(404);
    const embed = await issueEmbedToken(t.user.id, id);
    expect((await api('GET', `/h5p/player-files/${embed}/${id}/images/pic.png`)).status).toBe(200);
  });
});

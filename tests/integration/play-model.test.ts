// Issue 26 items 1 and 2: the player model is built once per content version and language and filled with each
// viewer's parts; the item's files (and its parameters script) sit under a key that is the same for every viewer
// of one version, cacheable across views and viewers, and that opens nothing else.
import { mkdir, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { contentFilesKey, FILES_KEY_PERIOD_MS } from '@/lib/auth/content-files-key';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { SAMPLE_PARAMS } from '../support/h5p-packages';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { libraryString } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
type Entry = { jsonContent: string; contentUrl: string; contentUserData: unknown; url: string };
const entryOf = (body: any, id: string): Entry => body.data.integration.contents[`cid-${id}`];
const KEY = /\/h5p\/player-files\/(v[0-9a-z]+\.\d+\.[\w-]{22})\/([^/"]+)/;

describe('the player model (issue 26 item 1)', () => {
  it('is the same item for every viewer, with each viewer’s own identity, token addresses and saved state', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    const [a, b] = [await signedIn(['student']), await signedIn(['student'])];
    const saved = await api('POST', `/h5p/contentUserData/${id}/state/0`, { token: a.token, body: 'data=%7B%22answer%22%3A1%7D&preload=1&invalidate=0', headers: form });
    expect(saved.status).toBe(200);
    const [ta, tb] = [await issuePlayerToken(a.user.id, id), await issuePlayerToken(b.user.id, id)];
    const ma = await api('GET', `/h5p/play/${id}?token=${ta}`);
    const mb = await api('GET', `/h5p/play/${id}?token=${tb}`);
    expect([ma.status, mb.status]).toEqual([200, 200]);
    const [ia, ib] = [ma.body.data.integration, mb.body.data.integration];
    expect(ia.user.id).toBe(a.user.id);
    expect(ib.user.id).toBe(b.user.id);
    expect(ia.ajax.contentUserData).toContain(`token=${ta}`);
    expect(ib.ajax.contentUserData).toContain(`token=${tb}`);
    expect(ia.ajaxPath).toContain(`token=${ta}`);
    expect(entryOf(ma.body, id).contentUserData).toEqual([{ state: '{"answer":1}' }]);
    expect(JSON.stringify(entryOf(mb.body, id).contentUserData)).not.toContain('answer');
    // the parts that do not depend on the viewer are the same
    expect(JSON.parse(entryOf(ma.body, id).jsonContent).question).toBe((SAMPLE_PARAMS['H5P.MultiChoice'] as { question: string }).question);
    expect(entryOf(ma.body, id).jsonContent).toBe(entryOf(mb.body, id).jsonContent);
    expect(entryOf(ma.body, id).contentUrl).toBe(entryOf(mb.body, id).contentUrl);
    expect(entryOf(ma.body, id).url).toMatch(new RegExp(`/content/${id}$`));
    expect(ma.body.data.scripts).toEqual(mb.body.data.scripts);
    expect(ia.l10n).toEqual(ib.l10n);
  });

  it('shows an edit at once: new parameters, and a new files key', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const before = await api('GET', `/h5p/play/${id}`, { token: t.token });
    const params = { ...(SAMPLE_PARAMS['H5P.TrueFalse'] as object), question: '<p>Water boils at 100 °C.</p>' };
    const put = await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.TrueFalse'), params, metadata: { title: 'Water' } } });
    expect(put.status).toBe(200);
    const after = await api('GET', `/h5p/play/${id}`, { token: t.token });
    expect(JSON.parse(entryOf(after.body, id).jsonContent).question).toBe('<p>Water boils at 100 °C.</p>');
    expect(after.body.data.integration.contents[`cid-${id}`].metadata.title).toBe('Water');
    expect(entryOf(after.body, id).contentUrl).not.toBe(entryOf(before.body, id).contentUrl);
  });

  it('answers from memory what it answers when it loads: the same bytes, the viewer’s latest state, the same refusals', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const other = await createContent(t.token, 'H5P.MultiChoice');
    const viewer = await signedIn(['student']);
    const token = await issuePlayerToken(viewer.user.id, id);
    const play = () => api('GET', `/h5p/play/${id}?token=${token}`);
    // the first call loads (the token, the viewer, the read rule's facts, the template, the states); the next ones
    // are answered from this instance's memory without waiting on anything (lib/h5p/content/content.ts playerViewNow)
    const first = await play();
    expect(first.status).toBe(200);
    // the same headers too (the wrapper's answer without a promise, lib/http/route.ts handleNow): all but the
    // request's own id and the count left in the window
    const headersOf = (r: { headers: Headers }) =>
      Object.fromEntries([...r.headers].filter(([k]) => !['x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'date'].includes(k)));
    let remaining = Number(first.headers.get('ratelimit-remaining'));
    for (let i = 0; i < 3; i++) {
      const again = await play();
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(headersOf(again)).toEqual(headersOf(first));
      expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      // counted once per call, on either path
      expect(Number(again.headers.get('ratelimit-remaining'))).toBe(--remaining);
    }
    expect(headersOf(first)).toMatchObject({ 'content-type': 'application/json', 'ratelimit-limit': expect.any(String), 'x-content-type-options': 'nosniff' });
    // HEAD: the same headers, no body
    const head = await fetch(`${inject('appUrl')}/h5p/play/${id}?token=${token}`, { method: 'HEAD', headers: { 'X-Forwarded-For': '10.9.8.7' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
    expect(entryOf(first.body, id).contentUserData).toEqual([{ state: 'false' }]);
    // a state saved with the token: the next answer (loaded again) and the ones after (from memory) carry it
    const saved = await api('POST', `/h5p/contentUserData/${id}/state/0?token=${token}`, { body: 'data=%7B%22answer%22%3A2%7D&preload=1&invalidate=0', headers: form });
    expect(saved.status).toBe(200);
    const after = await play();
    expect(entryOf(after.body, id).contentUserData).toEqual([{ state: '{"answer":2}' }]);
    expect((await play()).text).toBe(after.text);
    // a part saved without preload is not preloaded; parts come in order
    await api('POST', `/h5p/contentUserData/${id}/state/2?token=${token}`, { body: 'data=two&preload=1&invalidate=0', headers: form });
    await api('POST', `/h5p/contentUserData/${id}/state/1?token=${token}`, { body: 'data=hidden&preload=0&invalidate=0', headers: form });
    const parts = await play();
    expect(entryOf(parts.body, id).contentUserData).toEqual([{ state: '{"answer":2}' }, { state: 'two' }]);
    expect((await play()).text).toBe(parts.text);
    // the token known to the instance changes no refusal: another item, unknown content, a forged token
    for (const path of [`/h5p/play/${other}?token=${token}`, `/h5p/play/00000000-0000-4000-8000-000000000000?token=${token}`]) {
      const refused = await api('GET', path);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('Invalid or expired token');
    }
    const forged = await api('GET', `/h5p/play/${id}?token=${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);
    // deleted: unknown content at once, however warm the viewer's path was
    expect((await api('DELETE', `/h5p/content/${id}`, { token: t.token })).status).toBe(200);
    const gone = await play();
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Content not found');
  });

  it('speaks the language asked for (one template per language)', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const en = await api('GET', `/h5p/play/${id}?language=en`, { token: t.token });
    const de = await api('GET', `/h5p/play/${id}?language=de`, { token: t.token });
    expect([en.status, de.status]).toEqual([200, 200]);
    expect(en.body.data.integration.l10n.H5P.fullscreen).toBe('Fullscreen');
    expect(de.body.data.integration.l10n.H5P.fullscreen).not.toBe('Fullscreen');
  });
});

describe('the files key (issue 26 item 2)', () => {
  async function privateItem() {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const other = await createContent(t.token, 'H5P.MultiChoice');
    for (const c of [id, other]) {
      await mkdir(`${inject('appDataDir')}/h5p/content/${c}/images`, { recursive: true });
      await writeFile(`${inject('appDataDir')}/h5p/content/${c}/images/pic.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
    const model = await api('GET', `/h5p/play/${id}`, { token: t.token });
    const [, key] = KEY.exec(entryOf(model.body, id).contentUrl) ?? [];
    return { t, id, other, key: key! };
  }

  it('is the same for every viewer and opens the item’s files, cacheable by anyone for the key’s life', async () => {
    const { t, id, key } = await privateItem();
    const viewer = await signedIn(['student']);
    const embed = await api('GET', `/h5p/play/${id}?token=${await issueEmbedToken(t.user.id, id)}`);
    const player = await api('GET', `/h5p/play/${id}?token=${await issuePlayerToken(viewer.user.id, id)}`);
    expect(KEY.exec(entryOf(embed.body, id).contentUrl)?.[1]).toBe(key);
    expect(KEY.exec(entryOf(player.body, id).contentUrl)?.[1]).toBe(key);
    const file = await api('GET', `/h5p/player-files/${key}/${id}/images/pic.png`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=5184000, immutable');
    expect(file.headers.get('set-cookie')).toBeNull();
  });

  it('serves the parameters script the player page names, and the page carries no parameters', async () => {
    const { t, id, key } = await privateItem();
    const script = await api('GET', `/h5p/player-files/${key}/${id}/params.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=5184000, immutable');
    const model = await api('GET', `/h5p/play/${id}`, { token: t.token });
    expect(script.text).toBe(`H5PIntegration.contents["cid-${id}"].jsonContent = ${JSON.stringify(entryOf(model.body, id).jsonContent).replace(/</g, '\\u003c')};\n`);
    const again = await api('GET', `/h5p/player-files/${key}/${id}/params.js`, { headers: { 'If-None-Match': script.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const page = await api('GET', `/h5p/embed/${id}?token=${await issueEmbedToken(t.user.id, id)}`);
    expect(page.status).toBe(200);
    const nonce = /nonce="([^"]+)"/.exec(page.text)?.[1];
    expect(page.text).toContain(`<script src="/h5p/player-files/${key}/${id}/params.js" nonce="${nonce}"></script>`);
    expect(page.text).not.toContain('What is 2 + 2?');
    expect(page.text).toContain('"jsonContent":null');
  });

  it('opens nothing else: another item, a changed signature, a key of an expired period, a bad key → 404', async () => {
    const { id, other, key } = await privateItem();
    expect((await api('GET', `/h5p/player-files/${key}/${other}/images/pic.png`)).status).toBe(404);
    expect((await api('GET', `/h5p/player-files/${key}/${other}/params.js`)).status).toBe(404);
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect((await api('GET', `/h5p/player-files/${tampered}/${id}/images/pic.png`)).status).toBe(404);
    const version = key.slice(1, key.indexOf('.'));
    const expired = contentFilesKey(id, version, Date.now() - 2 * FILES_KEY_PERIOD_MS - 1000);
    expect((await api('GET', `/h5p/player-files/${expired}/${id}/images/pic.png`)).status).toBe(404);
    const previous = contentFilesKey(id, version, Date.now() - FILES_KEY_PERIOD_MS);
    expect((await api('GET', `/h5p/player-files/${previous}/${id}/images/pic.png`)).status).toBe(200);
    expect((await api('GET', `/h5p/player-files/v1.1.not-a-key/${id}/images/pic.png`)).status).toBe(404);
  });

  it('of an older version still opens the files, which are then not kept under its address', async () => {
    const { t, id, key } = await privateItem();
    const put = await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Renamed' } } });
    expect(put.status).toBe(200);
    const old = await api('GET', `/h5p/player-files/${key}/${id}/images/pic.png`);
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('no-cache');
  });
});

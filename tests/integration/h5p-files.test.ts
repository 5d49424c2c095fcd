import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { pngOf, signed } from '../support/images';
import { createContent, installTestLibraries } from '../support/h5p';

beforeAll(async () => {
  await installTestLibraries();
});

const contentFolder = (id: string) => path.join(inject('appDataDir'), 'h5p', 'content', id);

describe('static H5P routes', () => {
  it('serves core files without login, long-cached when versioned, with permissive embedding headers', async () => {
    const res = await api('GET', '/h5p/core/js/jquery.js?version=1.27.0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.text).toContain('jQuery');
  });

  it('serves library files without login with a one-year cache for versioned URLs', async () => {
    const res = await api('GET', '/h5p/libraries/H5P.MultiChoice-1.16/multichoice.js?version=1.16.3');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.text).toContain('H5P.MultiChoice');
    const again = await api('GET', '/h5p/libraries/H5P.MultiChoice-1.16/multichoice.js?version=1.16.3', { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('refuses traversal out of the static roots', async () => {
    for (const p of ['/h5p/core/..%2F..%2Fpackage.json', '/h5p/libraries/H5P.MultiChoice-1.16/..%2F..%2F..%2Fpackage.json', '/h5p/editor/%2E%2E/%2E%2E/package.json']) {
      const res = await api('GET', p);
      expect(res.status).toBe(404);
    }
  });

  it('serves files of public content without login, with Range for media', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    fs.mkdirSync(path.join(contentFolder(id), 'videos'), { recursive: true });
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    fs.writeFileSync(path.join(contentFolder(id), 'videos', 'clip.mp4'), bytes);
    const full = await fetch(`${inject('appUrl')}/h5p/content/${id}/videos/clip.mp4`);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${inject('appUrl')}/h5p/content/${id}/videos/clip.mp4`, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const bad = await fetch(`${inject('appUrl')}/h5p/content/${id}/videos/clip.mp4`, { headers: { Range: 'bytes=5000-' } });
    expect(bad.status).toBe(416);
    expect((await api('GET', `/h5p/content/${id}/videos/missing.mp4`)).status).toBe(404);
  });

  it('serves temporary uploads of any user at /h5p/temp/… and custom CSS at /h5p/custom/…', async () => {
    const t = await signedIn(['teacher']);
    const up = await api('POST', '/h5p/media/upload', { token: t.token, body: { filename: 'dot.png', data: signed('png', 'png-bytes').toString('base64') } });
    expect(up.status).toBe(201);
    const res = await api('GET', up.body.data.url);
    expect(res.status).toBe(200);
    expect(res.text.endsWith('png-bytes')).toBe(true);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    fs.mkdirSync(path.join(inject('appDataDir'), 'h5p', 'custom'), { recursive: true });
    fs.writeFileSync(path.join(inject('appDataDir'), 'h5p', 'custom', 'theme.css'), 'body{color:red}');
    const css = await api('GET', '/h5p/custom/theme.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });
});

describe('H5P AJAX routes act as the caller', () => {
  it('answers 401 without a token', async () => {
    expect((await api('GET', '/h5p/ajax?action=content-type-cache')).status).toBe(401);
    expect((await api('POST', '/h5p/finishedData', { body: {} })).status).toBe(401);
  });

  it('serves the content type cache and library data to the editor', async () => {
    const t = await signedIn(['teacher']);
    const cache = await api('GET', `/h5p/ajax?action=content-type-cache&token=${t.token}`);
    expect(cache.status).toBe(200);
    expect(cache.body.libraries.map((l: { machineName: string }) => l.machineName)).toEqual(expect.arrayContaining(['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks']));
    const lib = await api('GET', `/h5p/ajax?action=libraries&machineName=H5P.Blanks&majorVersion=1&minorVersion=14&token=${t.token}`);
    expect(lib.status).toBe(200);
    expect(lib.body.semantics[0].name).toBe('text');
    // the editor client posts form-encoded bodies with libraries[] keys
    const overview = await api('POST', `/h5p/ajax?action=libraries&token=${t.token}`, {
      body: 'libraries%5B%5D=H5P.Blanks%201.14&libraries%5B%5D=H5P.TrueFalse%201.8',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(overview.status).toBe(200);
    expect(overview.body.map((l: { uberName: string }) => l.uberName).sort()).toEqual(['H5P.Blanks 1.14', 'H5P.TrueFalse 1.8']);
  });

  it('takes an editor file upload whose bytes are what its name says, and refuses an HTML page named .png (issue 22 item 12)', async () => {
    const t = await signedIn(['teacher']);
    const upload = (bytes: Buffer, name: string, type: string) => {
      const f = new FormData();
      f.append('field', JSON.stringify({ name: 'image', type: 'image' }));
      f.append('contentId', '0');
      f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return api('POST', `/h5p/ajax?action=files&token=${t.token}`, { body: f });
    };
    const ok = await upload(pngOf(4, 3), 'photo.png', 'image/png');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.path).toMatch(/^images\/.+\.png#tmp$/);
    const html = await upload(Buffer.from('<!doctype html><script>alert(document.domain)</script>'), 'photo.png', 'image/png');
    expect([html.status, html.body]).toEqual([400, { success: false, error: "Validation error: the file's content is not a PNG image (.png): it is an HTML page" }]);
  });

  it('stores and returns the caller’s own state and results', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const s = await signedIn(['student']);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const saved = await api('POST', `/h5p/contentUserData/${id}/state/0?token=${s.token}`, { body: 'data=%7B%22selected%22%3A%5B0%5D%7D&preload=1&invalidate=1', headers: form });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true });
    const got = await api('GET', `/h5p/contentUserData/${id}/state/0?token=${s.token}`);
    expect(got.body).toEqual({ success: true, data: '{"selected":[0]}' });
    const other = await signedIn(['student']);
    expect((await api('GET', `/h5p/contentUserData/${id}/state/0?token=${other.token}`)).body).toEqual({ success: true, data: false });
    const fin = await api('POST', `/h5p/finishedData?token=${s.token}`, { body: `contentId=${id}&score=1&maxScore=1&opened=1700000000&finished=1700000030`, headers: form });
    expect(fin.status).toBe(200);
    const row = await db().h5pFinishedData.findUniqueOrThrow({ where: { contentId_userId: { contentId: id, userId: s.user.id } } });
    expect(row).toMatchObject({ score: 1, maxScore: 1, completionTime: 30 });
  });

  it('returns the parameters for the editor and a download of the package', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse', { title: 'TF' });
    const params = await api('GET', `/h5p/params/${id}?token=${t.token}`);
    expect(params.status).toBe(200);
    expect(params.body.library).toBe('H5P.TrueFalse 1.8');
    expect(params.body.params.params.question).toBe('<p>The sun is a star.</p>');
    const dl = await fetch(`${inject('appUrl')}/h5p/download/${id}?token=${t.token}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/zip');
    const buf = Buffer.from(await dl.arrayBuffer());
    expect(buf.subarray(0, 4).toString('hex')).toBe('504b0304');
  });
});

// Static H5P files answered by the front server (server/static-files.mjs), outside the Next.js pipeline:
// strong ETags, immutable versioned URLs, compressed text, Range, HEAD, and the same access rules and sandbox
// headers as the routes behind it (private content files still go to the app's route).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const base = () => inject('appUrl');
const contentFolder = (id: string) => path.join(inject('appDataDir'), 'h5p', 'content', id);
const LIB_JS = '/h5p/libraries/H5P.MultiChoice-1.16/multichoice.js';

beforeAll(async () => {
  await installTestLibraries();
});

describe('library and core files', () => {
  it('answer with a strong ETag, 304 on If-None-Match, immutable when versioned, short-cached otherwise', async () => {
    const res = await fetch(`${base()}${LIB_JS}?version=1.16.3`);
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const again = await fetch(`${base()}${LIB_JS}?version=1.16.3`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect((await fetch(`${base()}${LIB_JS}`)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('compresses text with brotli or gzip as the client accepts, and answers the same bytes', async () => {
    const plain = await fetch(`${base()}${LIB_JS}`, { headers: { 'Accept-Encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    for (const [accept, enc, decode] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      // node's fetch decodes on its own: read the raw bytes over http
      const raw = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const u = new URL(`${base()}${LIB_JS}`);
        void import('node:http').then(({ get }) =>
          get({ host: u.hostname, port: u.port, path: u.pathname, headers: { 'Accept-Encoding': accept } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject),
        );
      });
      if (text.length > 512) {
        expect(raw.headers['content-encoding']).toBe(enc);
        expect(decode(raw.body).toString('utf8')).toBe(text);
      }
    }
  });

  it('answers HEAD with the length and no body; refuses other methods on the files to the app', async () => {
    const head = await fetch(`${base()}${LIB_JS}`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('answers 404 for unknown files and malformed library folders', async () => {
    expect((await fetch(`${base()}/h5p/libraries/H5P.MultiChoice-1.16/missing.js`)).status).toBe(404);
    expect((await fetch(`${base()}/h5p/libraries/not-a-library/x.js`)).status).toBe(404);
    expect((await fetch(`${base()}/h5p/core/js/missing.js`)).status).toBe(404);
  });

  it('serves a library file that can carry script sandboxed', async () => {
    const dir = path.join(inject('appDataDir'), 'h5p', 'libraries', 'H5P.MultiChoice-1.16');
    fs.writeFileSync(path.join(dir, 'probe.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await fetch(`${base()}/h5p/libraries/H5P.MultiChoice-1.16/probe.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    fs.rmSync(path.join(dir, 'probe.svg'));
  });
});

describe('content files', () => {
  it('serves a private item’s files only to its owner (the route decides), a public item’s to anyone', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    fs.mkdirSync(path.join(contentFolder(id), 'images'), { recursive: true });
    fs.writeFileSync(path.join(contentFolder(id), 'images', 'a.png'), 'png-bytes');
    const url = `/h5p/content/${id}/images/a.png`;
    expect((await api('GET', url)).status).toBe(404);
    const owner = await api('GET', url, { token: t.token });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const open = await api('GET', url);
    expect(open.status).toBe(200);
    expect(open.text).toBe('png-bytes');
    expect(open.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(open.headers.get('content-security-policy')).toContain('sandbox');
    // private again: at once, anonymous callers are refused again
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'private' } })).status).toBe(200);
    expect((await api('GET', url)).status).toBe(404);
  });

  it('leaves the app’s routes under the same paths to the app (export of public content, the library list)', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const exp = await fetch(`${base()}/h5p/content/${id}/export`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-type')).toContain('application/zip');
    expect((await api('GET', '/h5p/libraries', { token: t.token })).status).toBe(200);
    expect((await api('GET', '/h5p/libraries/status', { token: t.token })).status).toBe(200);
  });

  it('serves a player’s files for its content token only', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const other = await createContent(t.token, 'H5P.MultiChoice');
    fs.mkdirSync(path.join(contentFolder(id), 'audio'), { recursive: true });
    const bytes = Buffer.from(Array.from({ length: 500 }, (_, i) => i % 256));
    fs.writeFileSync(path.join(contentFolder(id), 'audio', 'a.mp3'), bytes);
    const token = await issuePlayerToken(t.user.id, id);
    const ok = await fetch(`${base()}/h5p/player-files/${token}/${id}/audio/a.mp3`, { headers: { Range: 'bytes=10-19' } });
    expect(ok.status).toBe(206);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await fetch(`${base()}/h5p/player-files/${await issuePlayerToken(t.user.id, other)}/${id}/audio/a.mp3`)).status).toBe(404);
    expect((await fetch(`${base()}/h5p/player-files/not-a-token/${id}/audio/a.mp3`)).status).toBe(404);
    expect((await fetch(`${base()}/h5p/player-files/${token}/..%2F${id}/audio/a.mp3`)).status).toBe(404);
  });
});

describe('player page bundles (one script and one stylesheet per page)', () => {
  it('names one bundle of each kind that joins the files in order, immutable, compressed and revalidated', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const token = await issuePlayerToken(t.user.id, id);
    const html = await (await fetch(`${base()}/h5p/embed/${id}?token=${token}`)).text();
    // besides the bundle: the item's parameters script (/h5p/player-files/<files key>/<id>/params.js)
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((s) => !s.endsWith('/params.js'));
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/h5p\/bundle\/[0-9a-f]{16}\.js\?f=core\/js\/jquery\.js@[\d.]+,.*libraries\/H5P\.MultiChoice-1\.16\/multichoice\.js@1\.16\.3/);

    const js = await fetch(`${base()}${scripts[0]}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await js.text();
    const jquery = await (await fetch(`${base()}/h5p/core/js/jquery.js`)).text();
    const mc = await (await fetch(`${base()}${LIB_JS}`)).text();
    expect(text).toContain(jquery);
    expect(text.indexOf(mc)).toBeGreaterThan(text.indexOf(jquery));
    expect((await fetch(`${base()}${scripts[0]}`, { headers: { 'If-None-Match': js.headers.get('etag')! } })).status).toBe(304);

    const css = await fetch(`${base()}${styles[0]}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const sheet = await css.text();
    expect(sheet).toContain('/* /h5p/core/styles/h5p.css */');
    // the core stylesheet's fonts, made absolute (they were relative to /h5p/core/styles/)
    expect(sheet).toMatch(/url\(['"]?\/h5p\/core\/fonts\/h5p-core-\d+\.woff/);
    expect(sheet).not.toMatch(/url\(['"]?\.\.\//);
  });

  it('answers 404 for a list that does not match its name or names a file outside the core and libraries', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const html = await (await fetch(`${base()}/h5p/embed/${id}?token=${await issuePlayerToken(t.user.id, id)}`)).text();
    const src = /<script src="(\/h5p\/bundle\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect((await fetch(`${base()}${src},core/js/h5p.js@1`)).status).toBe(404);
    expect((await fetch(`${base()}${src.replace('.js?', '.css?')}`)).status).toBe(404);
    expect((await fetch(`${base()}${src.split('?')[0]}`)).status).toBe(404);
    expect((await fetch(`${base()}/h5p/bundle/0123456789abcdef.js?f=core/js/../../../../etc/passwd@1,core/js/h5p.js@1`)).status).toBe(404);
  });
});

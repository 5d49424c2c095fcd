// Issue 7, item 4 (files): library files of types that can run script (svg, html, xml) are served with a
// sandbox CSP and nosniff, so opening one never runs script on the app's origin; scripts and styles of a
// library are served as before.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { installTestLibraries } from '../support/h5p';
import { libraryDirOf } from '../support/h5p-packages';

const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors *";
let lib: string;

beforeAll(async () => {
  await installTestLibraries();
  lib = libraryDirOf('H5P.TrueFalse');
  const dir = path.join(inject('appDataDir'), 'h5p', 'libraries', lib);
  // a library installed before packages were inspected for scripted SVGs
  fs.writeFileSync(path.join(dir, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/auth/session")</script></svg>');
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'docs', 'page.html'), '<script>alert(1)</script>');
  fs.writeFileSync(path.join(dir, 'docs', 'data.xml'), '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>');
});

const get = (p: string) => fetch(`${inject('appUrl')}${p}`);

describe('library files that can carry script are served sandboxed', () => {
  it.each([
    ['evil.svg', 'image/svg+xml'],
    ['EVIL.SVG', undefined],
    ['docs/page.html', 'text/html; charset=utf-8'],
    ['docs/data.xml', 'application/xml'],
  ])('/h5p/libraries/<lib>/%s carries Content-Security-Policy: sandbox and nosniff', async (file, type) => {
    if (file === 'EVIL.SVG') fs.copyFileSync(path.join(inject('appDataDir'), 'h5p', 'libraries', lib, 'evil.svg'), path.join(inject('appDataDir'), 'h5p', 'libraries', lib, 'EVIL.SVG'));
    for (const suffix of ['', '?version=1.8.0']) {
      const res = await get(`/h5p/libraries/${lib}/${file}${suffix}`);
      expect(res.status).toBe(200);
      if (type) expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a library script is served as a script, without the sandbox', async () => {
    const res = await get(`/h5p/libraries/${lib}/truefalse.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleUrl, joinBundle, parseBundle, rebaseCss } from './asset-bundle.mjs';

const JS = ['/h5p/core/js/jquery.js?version=1.27.0', '/h5p/libraries/H5P.MultiChoice-1.16/js/multichoice.js?version=1.16.3'];

describe('bundleUrl / parseBundle (one script or stylesheet per player page)', () => {
  it('names every file and version in order, under a hash of the list', () => {
    const url = bundleUrl(JS, '.js')!;
    expect(url).toMatch(/^\/h5p\/bundle\/[0-9a-f]{16}\.js\?f=core\/js\/jquery\.js@1\.27\.0,libraries\/H5P\.MultiChoice-1\.16\/js\/multichoice\.js@1\.16\.3$/);
    const [name, list] = url.slice('/h5p/bundle/'.length).split('?f=');
    expect(parseBundle(name, list)).toEqual({
      ext: '.js',
      files: [
        { root: 'core', rel: 'js/jquery.js' },
        { root: 'libraries', rel: 'H5P.MultiChoice-1.16/js/multichoice.js' },
      ],
    });
  });

  it('leaves the files one by one when one of them is not a versioned core or library file', () => {
    expect(bundleUrl([...JS, '/h5p/core/js/x.js'], '.js')).toBeNull(); // no version
    expect(bundleUrl([...JS, 'https://cdn.example/x.js?version=1'], '.js')).toBeNull();
    expect(bundleUrl([...JS, '/h5p/libraries/H5P.X-1.0/a b.js?version=1.0.0'], '.js')).toBeNull();
    expect(bundleUrl([...JS, '/h5p/libraries/H5P.X-1.0/../../etc/passwd.js?version=1'], '.js')).toBeNull();
    expect(bundleUrl([...JS, '/h5p/libraries/H5P.X-1.0/x.css?version=1.0.0'], '.js')).toBeNull();
    expect(bundleUrl([JS[0]!], '.js')).toBeNull(); // one file is its own bundle
  });

  it('refuses a list that does not match its hash, escapes its folders or mixes kinds', () => {
    const url = bundleUrl(JS, '.js')!;
    const [name, list] = url.slice('/h5p/bundle/'.length).split('?f=');
    expect(parseBundle(name, `${list},core/js/h5p.js@1.27.0`)).toBeNull();
    expect(parseBundle(name!.replace('.js', '.css'), list)).toBeNull();
    expect(parseBundle(name, null)).toBeNull();
    const evil = 'core/js/a.js@1,libraries/H5P.X-1.0/../../../etc/passwd.js@1';
    const hash = bundleUrl(['/h5p/core/js/a.js?version=1', '/h5p/core/js/b.js?version=1'], '.js')!; // any valid hash
    expect(parseBundle(hash.slice(12, 31), evil)).toBeNull();
  });
});

describe('joinBundle', () => {
  it('separates scripts so no file can swallow the next or make the bundle strict', () => {
    const out = joinBundle('.js', ['"use strict";\nvar a = 1 // no newline', 'var b = 2'], ['/h5p/core/js/a.js', '/h5p/core/js/b.js']);
    expect(out.startsWith(';')).toBe(true);
    expect(out).toContain('var a = 1 // no newline\n;');
    expect(vm.runInNewContext(`${out}; [a, b, (function () { return this === undefined; })()]`)).toEqual([1, 2, false]);
  });

  it("rebases a stylesheet's relative url()s and hoists its @import rules", () => {
    const css = `@charset "UTF-8";\n@import url("../fonts/f.css");\n@import 'x.css' screen;\n.a{background:url(../img/a.png)} .b{src:url('fonts/b.woff2?v=1') format('woff2')} .c{background:url(data:image/png;base64,AAA)} .d{background:url(/h5p/core/x.png)} .e{background:url("https://x.example/y.png")}`;
    const r = rebaseCss(css, '/h5p/libraries/H5P.X-1.0/styles/x.css');
    expect(r.imports).toEqual(['@import url("/h5p/libraries/H5P.X-1.0/fonts/f.css");', "@import '/h5p/libraries/H5P.X-1.0/styles/x.css' screen;"]);
    expect(r.body).not.toContain('@charset');
    expect(r.body).toContain('url(/h5p/libraries/H5P.X-1.0/img/a.png)');
    expect(r.body).toContain("url('/h5p/libraries/H5P.X-1.0/styles/fonts/b.woff2?v=1')");
    expect(r.body).toContain('url(data:image/png;base64,AAA)');
    expect(r.body).toContain('url(/h5p/core/x.png)');
    expect(r.body).toContain('url("https://x.example/y.png")');
    const joined = joinBundle('.css', ['.a{}', css], ['/h5p/core/styles/a.css', '/h5p/libraries/H5P.X-1.0/styles/x.css']);
    expect(joined.startsWith('@import url("/h5p/libraries/H5P.X-1.0/fonts/f.css");\n@import')).toBe(true);
  });
});

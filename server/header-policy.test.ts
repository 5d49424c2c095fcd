// The one header policy (server/header-policy.mjs): the class of each path, what an answer of the class carries,
// that an answer's own nonce'd policy is kept (with the class's frame-ancestors), and the page policies' shape.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyHeaderPolicy, DOCS_CSP, edgeHeaders, formActionOf, frameAncestorsOf, isWorkspacePage, newNonce, pageCsp, pathClass, PLAYER_PATH_CSP, playerCsp, proxyHeaders, USER_FILE_CSP, workspacePageCsp } from './header-policy.mjs';
import { STREAMING_UPLOAD_PATHS, STREAMING_UPLOADS } from './paths.mjs';

/** Applies the policy to a plain header record, as the front server does to a response. */
function applied(pathname: string, headers: Record<string, string>) {
  const out: Record<string, string> = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  applyHeaderPolicy(pathname, { get: (k) => out[k.toLowerCase()], set: (k, v) => (out[k.toLowerCase()] = v), remove: (k) => delete out[k.toLowerCase()] });
  return out;
}

describe('path classes', () => {
  it.each([
    ['/h5p/embed/abc', 'player'],
    ['/h5p/content/abc/images/a.png', 'user-file'],
    ['/h5p/player-files/t/abc/x.svg', 'user-file'],
    ['/h5p/libraries/H5P.X-1.0/a.svg', 'user-file'],
    ['/h5p/libraries/H5P.X-1.0/a.js', 'h5p'],
    ['/h5p/import', 'h5p'],
    ['/h5p/play/abc', 'h5p'],
    ['/lti/launch', 'lti'],
    ['/lti/picker/submit', 'lti'],
    ['/lti/link', 'app'],
    ['/api/docs', 'docs'],
    ['/api/docs/docs.js', 'docs'],
    ['/api/ai/jobs/pdf', 'app'],
    ['/workspace', 'app'],
  ])('%s is %s', (p, cls) => expect(pathClass(p)).toBe(cls));

  it('frames the app only from its own origin, content and the LMS pages from anywhere', () => {
    expect(edgeHeaders('/api/ai/jobs/pdf').set).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "frame-ancestors 'self'" });
    expect(edgeHeaders('/lti/picker')).toEqual({ set: expect.objectContaining({ 'Content-Security-Policy': 'frame-ancestors *' }), remove: ['X-Frame-Options'] });
    expect(edgeHeaders('/h5p/ajax').set).toMatchObject({ 'Access-Control-Allow-Origin': '*', 'Content-Security-Policy': 'frame-ancestors *' });
    // an answer on the player's path that is not the page itself runs no script at all
    const player = edgeHeaders('/h5p/embed/x').set['Content-Security-Policy']!;
    expect(player).toMatch(/^sandbox allow-scripts /);
    expect(player).toContain("default-src 'none'");
    expect(player).not.toContain('script-src');
  });

  it('leaves the headers a route may set itself out of what the proxy sets (Next.js writes them over the route\'s)', () => {
    expect(proxyHeaders('/lti/picker')).toEqual({ set: { 'X-Content-Type-Options': 'nosniff' }, remove: ['X-Frame-Options'] });
    expect(proxyHeaders('/workspace').set).toEqual({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN' });
  });
});

describe('the headers of each path class (issue 24 item 9)', () => {
  const common = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };
  const content = { ...common, 'Access-Control-Allow-Origin': '*' };
  it.each([
    ['player', '/h5p/embed/abc', { set: { ...content, 'Content-Security-Policy': PLAYER_PATH_CSP }, remove: ['X-Frame-Options'] }],
    ['user-file', '/h5p/content/abc/images/a.png', { set: { ...content, 'Content-Security-Policy': USER_FILE_CSP }, remove: ['X-Frame-Options'] }],
    ['h5p', '/h5p/libraries/H5P.X-1.0/a.js', { set: { ...content, 'Content-Security-Policy': 'frame-ancestors *' }, remove: ['X-Frame-Options'] }],
    ['lti', '/lti/launch', { set: { ...common, 'Content-Security-Policy': 'frame-ancestors *' }, remove: ['X-Frame-Options'] }],
    ['docs', '/api/docs', { set: { ...common, 'Content-Security-Policy': DOCS_CSP, 'X-Frame-Options': 'SAMEORIGIN' }, remove: [] }],
    ['app', '/workspace', { set: { ...common, 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' }, remove: [] }],
  ])('%s (%s) gets exactly its headers', (cls, p, headers) => {
    expect(pathClass(p)).toBe(cls);
    expect(edgeHeaders(p)).toEqual(headers);
    // the proxy sets the same minus what a route may set itself
    const { 'Content-Security-Policy': _csp, 'Referrer-Policy': _ref, 'Access-Control-Allow-Origin': _cors, ...proxied } = headers.set as Record<string, string>;
    expect(proxyHeaders(p)).toEqual({ set: proxied, remove: headers.remove });
  });

  it("names the class's framing in its policy: this origin for the app and the docs, any site for the rest", () => {
    expect((['player', 'user-file', 'h5p', 'lti', 'docs', 'app'] as const).map((c) => [c, frameAncestorsOf(c)])).toEqual([
      ['player', '*'],
      ['user-file', '*'],
      ['h5p', '*'],
      ['lti', '*'],
      ['docs', "'self'"],
      ['app', "'self'"],
    ]);
    expect(PLAYER_PATH_CSP).toMatch(/frame-ancestors \*$/);
    expect(USER_FILE_CSP).toMatch(/frame-ancestors \*$/);
    expect(DOCS_CSP).toMatch(/frame-ancestors 'self'$/);
  });
});

describe('applying the policy to an answer', () => {
  it('adds the class headers an answer lacks', () => {
    expect(applied('/api/ai/jobs/pdf', { 'content-type': 'application/json' })).toEqual({
      'content-type': 'application/json',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': "frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it("keeps a page's own policy and Referrer-Policy, adding the class's frame-ancestors when it names none", () => {
    const csp = pageCsp({ nonce: 'n0nce', formAction: "'self'" });
    expect(applied('/lti/picker', { 'Content-Security-Policy': csp, 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' })).toEqual({
      'content-security-policy': `${csp}; frame-ancestors *`,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(applied('/lti/link', { 'content-security-policy': csp })['content-security-policy']).toBe(`${csp}; frame-ancestors 'self'`);
    // a policy that names its frame-ancestors is left as it is (applied twice: the fast lane, then the server)
    const player = playerCsp('abc');
    expect(applied('/h5p/embed/x', { 'content-security-policy': player })['content-security-policy']).toBe(player);
    expect(applied('/h5p/play/x', applied('/h5p/play/x', { 'content-security-policy': csp }))['content-security-policy']).toBe(`${csp}; frame-ancestors *`);
  });

  it('always sets nosniff and the class framing, whatever the answer said', () => {
    expect(applied('/workspace', { 'X-Content-Type-Options': 'off', 'X-Frame-Options': 'ALLOWALL' })).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
  });
});

describe('page policies', () => {
  it('binds scripts to the nonce only: no unsafe-inline, no host sources', () => {
    expect(pageCsp({ nonce: 'abc', formAction: "'none'" })).toBe("script-src 'nonce-abc'; object-src 'none'; base-uri 'none'; form-action 'none'");
    const player = playerCsp('abc');
    expect(player).toContain("script-src 'nonce-abc' 'strict-dynamic' 'unsafe-eval'");
    expect(player).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(player).toContain('frame-ancestors *');
    expect(player).toMatch(/^sandbox /);
  });

  it("binds a workspace page's scripts to its nonce ('strict-dynamic'; the editor pages keep this origin's files)", () => {
    expect(workspacePageCsp('abc', '/workspace')).toBe("script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'");
    expect(workspacePageCsp('abc', '/no-such-page')).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    for (const editor of ['/content/new', '/content/abc-123/edit']) expect(workspacePageCsp('abc', editor)).toContain("script-src 'self' 'nonce-abc';");
    for (const page of ['/', '/login', '/workspace', '/content/abc', '/settings/lti', '/no-such-page']) expect(isWorkspacePage(page), page).toBe(true);
    // routes that write their own answers keep them: the API, the embedded IdP, the LTI routes, H5P, Next's files
    for (const other of ['/api/health', '/api/docs', '/realms/lumen/protocol/openid-connect/token', '/lti/link', '/lti/picker', '/h5p/embed/x', '/_next/static/chunks/a.js']) {
      expect(isWorkspacePage(other), other).toBe(false);
    }
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(Array.from({ length: 50 }, newNonce)).size).toBe(50);
  });

  it("posts a form only to an http(s) URL's origin", () => {
    expect(formActionOf('https://lms.example:8443/deep-link/return?x=1')).toBe('https://lms.example:8443');
    expect(formActionOf('http://127.0.0.1:4000/deep-link-return')).toBe('http://127.0.0.1:4000');
    expect(formActionOf('javascript:alert(document.cookie)')).toBe("'none'");
    expect(formActionOf('data:text/html,<script>alert(1)</script>')).toBe("'none'");
    expect(formActionOf('not a url')).toBe("'none'");
  });
});

describe('the large-upload routes', () => {
  it("proxy.ts's matcher skips exactly STREAMING_UPLOAD_PATHS (it must be a literal there)", () => {
    const src = readFileSync(path.join(__dirname, '..', 'proxy.ts'), 'utf8');
    const matcher = /matcher:\s*\['([^']+)'\]/.exec(src)![1]!;
    const skipped = /\(\?!([^)]*)\)/.exec(matcher)![1]!.split('|').filter((s) => s.endsWith('$')).map((s) => `/${s.slice(0, -1)}`);
    expect(skipped.sort()).toEqual([...STREAMING_UPLOAD_PATHS].sort());
  });

  it('STREAMING_UPLOADS matches those paths and no other', () => {
    for (const p of STREAMING_UPLOAD_PATHS) expect(STREAMING_UPLOADS.test(p), p).toBe(true);
    for (const p of ['/h5p/importer', '/api/ai/jobs/pdfs', '/api/ai/jobs', '/x/h5p/import']) expect(STREAMING_UPLOADS.test(p), p).toBe(false);
  });
});

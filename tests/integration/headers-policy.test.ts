// One header policy (issue 22, items 11 and 1), over real HTTP against the built app behind its front server:
// - every route file under app/ (walked at test time, tests/support/route-files.ts), every method it exports,
//   answers an anonymous request with the headers of its path's class — also the large-upload routes that skip
//   proxy.ts (POST /h5p/import, /h5p/ajax, /api/ai/jobs/pdf, /api/ai/jobs/video, /api/ai/generate/image-hotspots);
// - every HTML page the service writes itself (the player page, the LTI pages: player, picker, link, deep-linking
//   response, error) carries a Content-Security-Policy whose scripts are bound to a fresh nonce that every <script>
//   of the page bears, no 'unsafe-inline' script, no inline handler, and a form-action of exactly where it posts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createIdpUser, createTenant, setPlan, signedIn, signedInTenant } from '../support/factories';
import { api, type ApiResponse } from '../support/http';
import { browserSignIn } from '../support/browser';
import { createContent, installTestLibraries } from '../support/h5p';
import { startLtiPlatform, type LtiPlatformStandin, type PlatformUser } from '../support/lti-platform';
import { routeFilesUnderApp } from '../support/route-files';

const APP = 'http://app.lumen.test'; // APP_URL of the test app
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';

/** A route file's URL path with a sample value for each dynamic segment. */
function samplePath(file: string): string {
  const segs = file
    .replace(/^app\//, '')
    .replace(/\/?route\.(ts|tsx|js)$/, '')
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (/^\[\[\.\.\..+\]\]$/.test(s) ? '' : /^\[\.\.\..+\]$/.test(s) ? 'sample/file.txt' : /^\[.+\]$/.test(s) ? randomUUID() : s))
    .filter(Boolean);
  return `/${segs.join('/')}`;
}

type Cls = 'player' | 'user-file' | 'h5p' | 'lti' | 'docs' | 'app';

/** The class each path belongs to (the README's "Security model" table). */
function classOf(path: string): Cls {
  if (path.startsWith('/h5p/embed/')) return 'player';
  if (/^\/h5p\/(content\/[^/]+\/.|player-files\/|temp\/)/.test(path)) return 'user-file';
  if (path.startsWith('/h5p/')) return 'h5p';
  if (/^\/lti\/(launch|login|picker)(\/|$)/.test(path)) return 'lti';
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return 'docs';
  return 'app';
}

const directive = (csp: string | null, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `))
    ?.slice(name.length)
    .trim() ?? null;

/** What every answer of the class carries, whatever its status. */
function expectClassHeaders(cls: Cls, res: ApiResponse, what: string) {
  const h = res.headers;
  const csp = h.get('content-security-policy');
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  // the LTI pages send same-origin (lib/lti/pages.ts: under no-referrer the pop-up's POST /lti/link carried Origin: null)
  expect(['strict-origin-when-cross-origin', 'no-referrer', 'same-origin'], `${what}: Referrer-Policy ${h.get('referrer-policy')}`).toContain(h.get('referrer-policy'));
  expect(csp, `${what}: Content-Security-Policy`).not.toBeNull();
  // one policy only (two would be joined with a comma)
  expect(csp!.includes(','), `${what}: ${csp}`).toBe(false);
  const framedAnywhere = cls !== 'app' && cls !== 'docs';
  expect(directive(csp, 'frame-ancestors'), `${what}: ${csp}`).toBe(framedAnywhere ? '*' : "'self'");
  expect(h.get('x-frame-options'), what).toBe(framedAnywhere ? null : 'SAMEORIGIN');
  if (cls === 'player' || cls === 'user-file' || cls === 'h5p') expect(h.get('access-control-allow-origin'), what).toBe('*');
  if (cls === 'player' || cls === 'user-file') expect(directive(csp, 'sandbox'), `${what}: ${csp}`).not.toBeNull();
  if (cls === 'docs') expect(directive(csp, 'script-src'), `${what}: ${csp}`).toBe("'self'");
  // no answer runs inline script it did not bind
  expect(directive(csp, 'script-src') ?? '', `${what}: ${csp}`).not.toContain("'unsafe-inline'");
}

describe('every route answers with the headers of its path class', () => {
  const routes = routeFilesUnderApp().flatMap((r) => r.methods.map((method) => ({ file: r.file, method, path: samplePath(r.file) })));

  it('walks every route file', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const upload of ['/h5p/import', '/api/ai/jobs/pdf', '/api/ai/jobs/video', '/api/ai/generate/image-hotspots']) {
      expect(routes.some((r) => r.method === 'POST' && r.path === upload), upload).toBe(true);
    }
    // /h5p/ajax is the H5P client's catch-all route
    expect(routes.some((r) => r.method === 'POST' && r.file === 'app/h5p/[...path]/route.ts')).toBe(true);
  });

  it.each([
    ['/api/ai/jobs/pdf'],
    ['/api/ai/jobs/video'],
    ['/api/ai/generate/image-hotspots'],
    ['/h5p/import'],
    ['/h5p/ajax'],
  ])('POST %s (a large-upload route that skips proxy.ts) carries them too', async (path) => {
    const res = await api('POST', path);
    expectClassHeaders(classOf(path), res, `POST ${path} → ${res.status}`);
  });

  it('every method of every route file, anonymously', async () => {
    const failures: string[] = [];
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let r = queue.shift(); r; r = queue.shift()) {
          const res = await api(r.method, r.path, r.method === 'GET' || r.method === 'HEAD' || r.method === 'OPTIONS' ? {} : { body: {} });
          try {
            expectClassHeaders(classOf(r.path), res, `${r.method} ${r.path} (${r.file}) → ${res.status}`);
          } catch (err) {
            failures.push((err as Error).message.split('\n')[0]!);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  });

  it('static H5P files and pages of the workspace too', async () => {
    for (const path of ['/h5p/core/js/h5p.js', '/h5p/editor/scripts/h5peditor.js', '/login', '/', '/api/docs', '/no-such-page']) {
      const res = await api('GET', path);
      expectClassHeaders(classOf(path), res, `GET ${path} → ${res.status}`);
    }
  });
});

/** The page's nonce, after checking that its policy binds every script of the page to it. */
function expectNoncePage(res: ApiResponse, o: { formAction: string; frameAncestors: string; what: string; noScript?: boolean }): string {
  const csp = res.headers.get('content-security-policy');
  const what = `${o.what}: ${csp}`;
  expect(res.headers.get('content-type'), o.what).toMatch(/^text\/html/);
  const scriptSrc = directive(csp, 'script-src');
  expect(scriptSrc, what).not.toBeNull();
  expect(scriptSrc, what).not.toContain("'unsafe-inline'");
  expect(scriptSrc, what).not.toContain("'self'");
  const nonce = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(scriptSrc!)?.[1];
  expect(nonce, what).toBeTruthy();
  const tags = [...res.text.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  if (!o.noScript) expect(tags.length, o.what).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, o.what).toContain(` nonce="${nonce}"`);
  // no inline event handler in the markup (the policy would not run it)
  const markup = res.text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  expect(markup, o.what).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  expect(directive(csp, 'form-action'), what).toBe(o.formAction);
  expect(directive(csp, 'frame-ancestors'), what).toBe(o.frameAncestors);
  expect(directive(csp, 'object-src'), what).toBe("'none'");
  expect(directive(csp, 'base-uri'), what).toBe("'none'");
  return nonce!;
}

describe('the HTML pages the service writes carry a nonce-bound policy', () => {
  let p: LtiPlatformStandin;
  let teacher: Awaited<ReturnType<typeof signedIn>>;
  let contentId: string;

  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  const pathOf = (location: string) => {
    const u = new URL(location, APP);
    return u.pathname + u.search;
  };

  /** A launch through the whole flow (login, then the platform's signed id_token); answers where the browser goes. */
  async function launchAs(user: PlatformUser, deepLinking = false): Promise<string> {
    const q = new URLSearchParams({ iss: p.issuer, login_hint: 'hint-1', target_link_uri: `${APP}/h5p/play/${contentId}`, client_id: p.clientId, lti_message_hint: 'm1' });
    const login = await api('GET', `/lti/login?${q.toString()}`);
    expect(login.status, login.text).toBe(302);
    const to = new URL(login.headers.get('location')!);
    const claims = p.launchClaims({ nonce: to.searchParams.get('nonce')!, user, contextId: 'course-h', resourceLinkId: 'rl-h', targetLinkUri: `${APP}/h5p/play/${contentId}`, deepLinking });
    const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims), state: to.searchParams.get('state')! }));
    expect(res.status, res.text).toBe(302);
    return pathOf(res.headers.get('location')!);
  }

  beforeAll(async () => {
    p = await startLtiPlatform();
    const app = inject('appUrl');
    p.tool = { jwksUrl: `${app}/lti/jwks`, loginUrl: `${app}/lti/login`, launchUrl: `${app}/lti/launch` };
    // a tenant admin registers the platform, so the LMS's e-mail links the launch to their account (issue 22 item 3)
    teacher = await signedInTenant(['tenant_admin'], (await createTenant()).id);
    await setPlan(teacher.user.id, 'premium');
    const reg = await api('POST', '/lti/platforms', { token: teacher.token, body: p.registration() });
    expect(reg.status, reg.text).toBe(201);
    await installTestLibraries();
    contentId = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Headers quiz' });
  });

  afterAll(async () => {
    await p?.close();
  });

  it('the player page: every script bears the nonce, a fresh one per answer; sandboxed, content may eval', async () => {
    const a = await api('GET', `/h5p/embed/${contentId}`, { token: teacher.token });
    expect(a.status, a.text).toBe(200);
    const nonce = expectNoncePage(a, { formAction: "'self'", frameAncestors: '*', what: 'player page' });
    const csp = a.headers.get('content-security-policy')!;
    expect(directive(csp, 'script-src')).toBe(`'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`);
    expect(directive(csp, 'sandbox')).toContain('allow-scripts');
    expect(directive(csp, 'sandbox')).not.toContain('allow-same-origin');
    const b = await api('GET', `/h5p/embed/${contentId}`, { token: teacher.token });
    expect(expectNoncePage(b, { formAction: "'self'", frameAncestors: '*', what: 'player page again' })).not.toBe(nonce);
  });

  it("the LTI learner's player page and its error page", async () => {
    const page = await api('GET', await launchAs({ sub: 'h-learner', roles: [LEARNER] }));
    expect(page.status, page.text).toBe(200);
    expectNoncePage(page, { formAction: "'none'", frameAncestors: '*', what: 'LTI player page' });
    const bad = await api('GET', `/h5p/play/${contentId}?lti_launch=nonsense`);
    expect(bad.status).toBe(401);
    expect(bad.text).toContain('This launch has expired');
    // the error page has no script of its own; its policy still binds any to a nonce
    const csp = bad.headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(directive(csp, 'form-action')).toBe("'none'");
    expect(directive(csp, 'frame-ancestors')).toBe('*');
  });

  it('the picker posts only to this origin, and the deep-linking response only to the return URL\'s origin', async () => {
    const picker = await api('GET', await launchAs({ sub: 'h-teacher', email: teacher.user.email, roles: [INSTRUCTOR] }, true));
    expect(picker.status, picker.text).toBe(200);
    expect(picker.text).toContain('data-testid="lti-linked-as"');
    expectNoncePage(picker, { formAction: "'self'", frameAncestors: '*', what: 'picker' });
    const token = /name="lti_launch" value="([^"]+)"/.exec(picker.text)![1]!;
    // the picker's browser binding (lib/lti/binding.ts) goes with the submit
    const binding = /lumen_lti_browser=[^;]+/.exec(picker.headers.get('set-cookie') ?? '')![0];
    const post = form({ lti_launch: token, content: contentId });
    const submitted = await api('POST', '/lti/picker/submit', { ...post, headers: { ...post.headers, Cookie: binding } });
    expect(submitted.status, submitted.text).toBe(200);
    expectNoncePage(submitted, { formAction: new URL(p.url).origin, frameAncestors: '*', what: 'deep-linking response' });
    expect(submitted.text).toContain(`action="${p.url}/deep-link-return"`);
  });

  it('the account-link pop-up posts only to this origin; its "done" page posts nowhere and has no inline handler', async () => {
    const u = await createIdpUser({ roles: ['teacher'] });
    const browser = await browserSignIn(u.email, u.password);
    const pickerPath = await launchAs({ sub: `h-unlinked-${randomUUID()}`, email: 'nobody-headers@example.edu', roles: [INSTRUCTOR] }, true);
    const picker = await api('GET', pickerPath);
    expect(picker.text).toContain('data-testid="lti-link-needed"');
    expectNoncePage(picker, { formAction: "'self'", frameAncestors: '*', what: 'picker (link first)' });
    const token = new URLSearchParams(pickerPath.split('?')[1]).get('lti_launch')!;
    const link = await browser.call('GET', `/lti/link?${new URLSearchParams({ lti_launch: token })}`);
    expect(link.status, link.text).toBe(200);
    expectNoncePage(link, { formAction: "'self'", frameAncestors: "'self'", what: 'link page', noScript: true });
    expect(link.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const done = await browser.call('POST', '/lti/link', form({ lti_launch: token }));
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain('data-testid="lti-link-done"');
    expectNoncePage(done, { formAction: "'none'", frameAncestors: "'self'", what: 'link done page' });
  });
});

// LTI 1.3 Advantage end to end (issue 12) against a stand-in LMS platform over real HTTP (tests/support/lti-platform.ts):
// registration, the OIDC third-party-initiated login, every certification case of external-services.md §6 (each
// rejection consumes nothing; a replay is refused), the player page a launch lands on, deep linking (API and the
// instructor's picker), AGS and NRPS with each failure text, the token cache, grade passback from the outbox, the
// outbound-URL guard, and one tool key across instances.
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { startLtiPlatform, type LtiPlatformStandin, type PlatformUser } from '../support/lti-platform';
import { startApp } from '../support/app-process';
import { createContent as createRealContent, installTestLibraries } from '../support/h5p';
import { appEnv, resetDatabase } from '../support/global-setup';
import { testDatabaseUrl } from '../support/env';

const APP = 'http://app.lumen.test'; // APP_URL of the test app
const V = 'http://adlnet.gov/expapi/verbs/';
const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  ta: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
};

let p: LtiPlatformStandin;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let platformId: string;
let contentId: string;

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

/** The tool's login step: the redirect to the platform, with the nonce and state it made. */
async function login(extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ iss: p.issuer, login_hint: 'hint-1', target_link_uri: `${APP}/h5p/play/${contentId}`, client_id: p.clientId, lti_message_hint: 'm1', ...extra });
  const res = await api('GET', `/lti/login?${q.toString()}`);
  expect(res.status, res.text).toBe(302);
  const to = new URL(res.headers.get('location')!);
  return { res, to, nonce: to.searchParams.get('nonce')!, state: to.searchParams.get('state')! };
}

/** A launch through the whole flow: login, then the platform's signed id_token posted to /lti/launch. */
async function launchAs(user: PlatformUser, opts: { deepLinking?: boolean; lineitem?: string | null; contextId?: string; resourceLinkId?: string; target?: string; overrides?: Record<string, unknown> } = {}) {
  const { nonce, state } = await login();
  const claims = p.launchClaims({
    nonce,
    user,
    contextId: opts.contextId ?? 'course-1',
    resourceLinkId: opts.resourceLinkId ?? 'rl-1',
    targetLinkUri: opts.target ?? `${APP}/h5p/play/${contentId}`,
    deepLinking: opts.deepLinking,
    lineitem: opts.lineitem,
    overrides: opts.overrides,
  });
  const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims), state }));
  return { res, nonce };
}

/** the picker's binding cookie (name=value) from its Set-Cookie: the picker's calls carry it (issue 22 item 1) */
const bindingCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('lumen_lti_browser='))!.split(';')[0]!;

const pathOf = (location: string) => {
  const u = new URL(location);
  return u.pathname + u.search;
};

beforeAll(async () => {
  p = await startLtiPlatform();
  const app = inject('appUrl');
  p.tool = { jwksUrl: `${app}/lti/jwks`, loginUrl: `${app}/lti/login`, launchUrl: `${app}/lti/launch` };
  teacher = await signedIn(['teacher']);
  await setPlan(teacher.user.id, 'premium');
  const reg = await api('POST', '/lti/platforms', { token: teacher.token, body: p.registration() });
  expect(reg.status, reg.text).toBe(201);
  platformId = reg.body.data.id;
  await installTestLibraries();
  contentId = await createRealContent(teacher.token, 'H5P.MultiChoice', { title: 'LTI quiz' });
});

afterAll(async () => {
  await p?.close();
});

describe('platforms and tool configuration', () => {
  it('registers a platform (201) and upserts on issuer + client id', async () => {
    const again = await api('POST', '/lti/platforms', { token: teacher.token, body: { ...p.registration(), name: 'Renamed LMS' } });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: platformId, issuer: p.issuer, clientId: p.clientId, name: 'Renamed LMS', deploymentId: 'deployment-1' });
    expect(await db().ltiPlatform.count({ where: { issuer: p.issuer, clientId: p.clientId } })).toBe(1);
    await api('POST', '/lti/platforms', { token: teacher.token, body: p.registration() });
  });

  it("refuses another account's registration of the same issuer and client id, and hides it", async () => {
    const other = await signedIn(['teacher']);
    await setPlan(other.user.id, 'premium');
    const res = await api('POST', '/lti/platforms', { token: other.token, body: p.registration() });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This issuer and client id are registered by another account');
    expect((await api('GET', '/lti/platforms', { token: other.token })).body.data).toEqual([]);
    const dl = await api('POST', '/lti/deep-link', { token: other.token, body: { platformId, contents: [{ type: 'ltiResourceLink', title: 'x', url: 'https://x.test/', contentId: 'c1' }] } });
    expect([dl.status, dl.body.error]).toEqual([500, 'Platform not found']);
  });

  it('validates the registration body and answers 401 Unauthorized / 403 for the gates', async () => {
    const bad = await api('POST', '/lti/platforms', { token: teacher.token, body: { ...p.registration(), issuer: 'not a url' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Validation error: issuer/);
    expect((await api('POST', '/lti/platforms', { body: p.registration() })).body).toEqual({ success: false, error: 'Unauthorized' });
    expect((await api('GET', '/lti/config')).body).toEqual({ success: false, error: 'Unauthorized' });
    const pro = await signedIn(['teacher']);
    const gated = await api('GET', '/lti/nrps/members?platformId=' + platformId + '&contextId=c', { token: pro.token });
    expect([gated.status, gated.body.error]).toEqual([403, 'feature_not_available']);
  });

  it('reports the tool URLs, enabled once a platform exists', async () => {
    const res = await api('GET', '/lti/config', { token: teacher.token });
    expect(res.body.data).toEqual({ enabled: true, launchUrl: `${APP}/lti/launch`, jwksUrl: `${APP}/lti/jwks`, deepLinkUrl: `${APP}/lti/deep-link`, loginUrl: `${APP}/lti/login` });
  });

  it('publishes a 2048-bit RSA public key (never the private part) at /lti/jwks', async () => {
    const res = await api('GET', '/lti/jwks');
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256', e: 'AQAB' });
    expect(Buffer.from(key.n, 'base64url').length * 8).toBe(2048);
  });
});

describe('OIDC login initiation', () => {
  it('redirects to the platform with the parameters of §6 and a nonce row of 600 seconds', async () => {
    const { to, nonce, state } = await login();
    expect(to.origin + to.pathname).toBe(p.authLoginUrl);
    for (const [k, v] of Object.entries({ scope: 'openid', response_type: 'id_token', response_mode: 'form_post', prompt: 'none', client_id: p.clientId, redirect_uri: `${APP}/lti/launch`, login_hint: 'hint-1', lti_message_hint: 'm1' })) {
      expect([k, to.searchParams.get(k)]).toEqual([k, v]);
    }
    expect(state.split('.')).toHaveLength(3);
    const row = await db().ltiNonce.findUniqueOrThrow({ where: { value: nonce } });
    expect(row.platformId).toBe(platformId);
    expect(row.consumedAt).toBeNull();
    const life = (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
    expect(life).toBeGreaterThan(599);
    expect(life).toBeLessThan(601);
  });

  it('takes a POSTed login too', async () => {
    const res = await api('POST', '/lti/login', form({ iss: p.issuer, login_hint: 'h', target_link_uri: `${APP}/lti/launch`, client_id: p.clientId }));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain(p.authLoginUrl);
  });

  it('refuses a login without its parameters, or from an unregistered platform', async () => {
    for (const missing of ['iss', 'login_hint', 'target_link_uri']) {
      const q = new URLSearchParams({ iss: p.issuer, login_hint: 'h', target_link_uri: `${APP}/x`, client_id: p.clientId });
      q.delete(missing);
      const res = await api('GET', `/lti/login?${q.toString()}`);
      expect([missing, res.status, res.body.error]).toEqual([missing, 400, `Missing ${missing} parameter`]);
    }
    const res = await api('GET', `/lti/login?${new URLSearchParams({ iss: 'https://unknown.example', login_hint: 'h', target_link_uri: `${APP}/x` })}`);
    expect([res.status, res.body.error]).toEqual([401, 'Unregistered platform']);
    const wrongClient = await api('GET', `/lti/login?${new URLSearchParams({ iss: p.issuer, login_hint: 'h', target_link_uri: `${APP}/x`, client_id: 'someone-else' })}`);
    expect(wrongClient.status).toBe(401);
  });
});

describe('launch: certification cases', () => {
  const student: PlatformUser = { sub: 'student-cert', name: 'Cert Student', email: 'cert@example.edu', roles: [ROLE.learner] };

  /** A rejected launch, then the same nonce still launches (the rejection consumed nothing). */
  async function rejected(build: (nonce: string) => Promise<string>, status: number, error: string | RegExp) {
    const { nonce, state } = await login();
    const res = await api('POST', '/lti/launch', form({ id_token: await build(nonce), state }));
    expect(res.status, res.text).toBe(status);
    if (typeof error === 'string') expect(res.body.error).toBe(error);
    else expect(res.body.error).toMatch(error);
    expect((await db().ltiNonce.findUniqueOrThrow({ where: { value: nonce } })).consumedAt).toBeNull();
    const ok = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(p.launchClaims({ nonce, user: student, targetLinkUri: `${APP}/h5p/play/${contentId}` })), state }));
    expect(ok.status, ok.text).toBe(302);
  }
  const claims = (nonce: string, overrides: Record<string, unknown> = {}, user = student) => p.launchClaims({ nonce, user, targetLinkUri: `${APP}/h5p/play/${contentId}`, overrides });
  const C = 'https://purl.imsglobal.org/spec/lti/claim/';

  it('400 without an id_token', async () => {
    const res = await api('POST', '/lti/launch', form({ state: 'x' }));
    expect([res.status, res.body.error]).toEqual([400, 'Missing id_token parameter']);
  });
  it('rejects a token that is not a three-part JWT', () => rejected(async () => 'not.a-jwt', 401, 'Invalid token format'));
  it('rejects a token without kid', () => rejected(async (n) => p.signIdToken(claims(n), { kid: null }), 401, 'Invalid token format'));
  it('rejects a token with a kid the platform does not publish', () => rejected(async (n) => p.signIdToken(claims(n), { kid: 'not-a-kid', key: 'other' }), 401, /^Invalid token: no key/));
  it('rejects a token signed with another key', () => rejected(async (n) => p.signIdToken(claims(n), { key: 'other' }), 401, 'Invalid token: signature verification failed'));
  it('rejects an LTI version other than 1.3.0', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}version`]: '1.2.0' })), 401, /^Invalid token: LTI version must be 1\.3\.0/));
  it('rejects a token without LTI version', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}version`]: undefined })), 401, 'Invalid token: missing LTI version claim'));
  it('rejects an expired token', () => rejected(async (n) => p.signIdToken(claims(n), { expiresIn: -300 }), 401, 'Invalid token: token has expired'));
  it('rejects a token issued in the future', () => rejected(async (n) => p.signIdToken(claims(n), { iat: Math.floor(Date.now() / 1000) + 3600, expiresIn: 300 }), 401, 'Invalid token: iat is in the future'));
  it('rejects a token without exp', () => rejected(async (n) => p.signIdToken(claims(n, { exp: undefined })), 401, /^Invalid token: (missing exp claim|token has expired)/));
  it('rejects a token without message_type', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}message_type`]: undefined })), 401, 'Invalid token: missing message_type claim'));
  it('rejects a token without roles', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}roles`]: undefined })), 401, 'Invalid token: missing roles claim'));
  it('rejects a token without deployment_id', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}deployment_id`]: undefined })), 401, 'Invalid token: missing deployment_id claim'));
  it('rejects a token of another deployment', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}deployment_id`]: 'deployment-x' })), 401, 'Invalid token: deployment_id is not the registered deployment'));
  it('rejects a token without sub', () => rejected(async (n) => p.signIdToken(claims(n, { sub: undefined })), 401, 'Invalid token: missing sub claim'));
  it('rejects a resource link launch without resource_link id', () => rejected(async (n) => p.signIdToken(claims(n, { [`${C}resource_link`]: { title: 'no id' } })), 401, 'Invalid token: missing resource_link id'));
  it('rejects a token for another client', () => rejected(async (n) => p.signIdToken(claims(n, { aud: 'another-client' })), 401, 'Unregistered platform'));
  it('rejects a token from an unregistered issuer', () => rejected(async (n) => p.signIdToken(claims(n, { iss: 'https://elsewhere.example' })), 401, 'Unregistered platform'));
  it('rejects a token whose nonce the tool never issued', () => rejected(async () => p.signIdToken(claims('made-up-nonce')), 401, 'Invalid or expired nonce'));
  it('rejects a state that belongs to another login', async () => {
    const a = await login();
    const b = await login();
    const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims(a.nonce)), state: b.state }));
    expect([res.status, res.body.error]).toEqual([401, 'Invalid state: it does not match this launch']);
  });

  it('refuses a replayed nonce (401 Invalid or expired nonce)', async () => {
    const { nonce, state } = await login();
    const token = await p.signIdToken(claims(nonce));
    expect((await api('POST', '/lti/launch', form({ id_token: token, state }))).status).toBe(302);
    const again = await api('POST', '/lti/launch', form({ id_token: token, state }));
    expect([again.status, again.body.error]).toEqual([401, 'Invalid or expired nonce']);
    expect((await db().ltiNonce.findUniqueOrThrow({ where: { value: nonce } })).consumedAt).not.toBeNull();
  });

  it('refuses a nonce older than 600 seconds', async () => {
    const { nonce, state } = await login();
    await db().ltiNonce.update({ where: { value: nonce }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims(nonce)), state }));
    expect([res.status, res.body.error]).toEqual([401, 'Invalid or expired nonce']);
  });

  it("fetches the platform's key set again for a kid it has not seen (key rotation)", async () => {
    const fetchesBefore = p.jwksRequests;
    expect((await launchAs(student)).res.status).toBe(302); // the key set is cached by now
    expect(p.jwksRequests).toBe(fetchesBefore);
    await p.rotateKey();
    const { res } = await launchAs(student);
    expect(res.status, res.text).toBe(302);
    expect(p.jwksRequests).toBe(fetchesBefore + 1);
  });

  const accepted: [string, PlatformUser][] = [
    ['an instructor with PII', { sub: 'i-1', name: 'Ida Instructor', given_name: 'Ida', family_name: 'Instructor', email: 'ida@example.edu', roles: [ROLE.instructor] }],
    ['a student with PII', { sub: 's-1', name: 'Sam Student', email: 'sam@example.edu', roles: [ROLE.learner] }],
    ['an instructor without PII', { sub: 'i-2', roles: [ROLE.instructor] }],
    ['a student without PII', { sub: 's-2', roles: [ROLE.learner] }],
    ['a student with email only', { sub: 's-3', email: 'only@example.edu', roles: [ROLE.learner] }],
    ['a student with names only', { sub: 's-4', given_name: 'Nora', family_name: 'Names', roles: [ROLE.learner] }],
    ['a user with no role', { sub: 'n-1', roles: [] }],
    ['a user with several roles', { sub: 'm-1', roles: [ROLE.learner, ROLE.ta, 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Staff'] }],
    ['a user with short and unknown roles', { sub: 'u-1', roles: ['Instructor', 'urn:lti:role:ims/lis/Learner', 'SomethingElse'] }],
  ];
  for (const [name, user] of accepted) {
    it(`accepts ${name}`, async () => {
      const { res } = await launchAs(user);
      expect(res.status, res.text).toBe(302);
      const launch = await db().ltiLaunch.findFirstOrThrow({ where: { platformId, subject: user.sub }, orderBy: { createdAt: 'desc' } });
      expect(launch.name).toBe(user.name ?? ([user.given_name, user.family_name].filter(Boolean).join(' ') || null));
      expect(launch.email).toBe(user.email ?? null);
      expect(launch.instructor).toBe(name.includes('instructor') || name.includes('several') || name.includes('short'));
      expect(launch.contentId).toBe(contentId);
    });
  }

  it('accepts a deep-linking request (to the picker) and AGS and NRPS launches (their services recorded)', async () => {
    const dl = await launchAs({ sub: 'i-dl', roles: [ROLE.instructor] }, { deepLinking: true });
    expect(dl.res.status).toBe(302);
    expect(pathOf(dl.res.headers.get('location')!)).toMatch(/^\/lti\/picker\?lti_launch=/);
    const { res } = await launchAs({ sub: 's-ags', roles: [ROLE.learner] }, { lineitem: `${p.url}/ags/course-1/lineitems/99` });
    expect(res.status).toBe(302);
    const launch = await db().ltiLaunch.findFirstOrThrow({ where: { platformId, subject: 's-ags' } });
    expect(launch.lineitemUrl).toBe(`${p.url}/ags/course-1/lineitems/99`);
    expect(launch.lineitemsUrl).toBe(`${p.url}/ags/course-1/lineitems`);
    expect(launch.nrpsUrl).toBe(`${p.url}/nrps/course-1/members`);
    expect(launch.agsScopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
  });
});

describe('launch: where the browser goes', () => {
  it('goes to the target_link_uri with a launch token, which opens a real player page (not JSON)', async () => {
    const { res } = await launchAs({ sub: 'learner-page', name: 'Lena Learner', roles: [ROLE.learner] });
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${APP}/h5p/play/${contentId}?lti_launch=`)).toBe(true);
    const page = await api('GET', pathOf(location));
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.text).toContain('data-testid="lti-player-frame"');
    expect(page.text).toMatch(new RegExp(`src="http://content.lumen-content.test/h5p/embed/${contentId}\\?token=`));
    expect(page.text).not.toContain('lti-instructor-bar');
    // the frame's token plays this content for this learner
    const token = /token=([^"&]+)/.exec(page.text)![1]!;
    const model = await api('GET', `/h5p/embed/${contentId}?token=${token}`);
    expect(model.status).toBe(200);
  });

  it("shows an instructor the content with a link to the course's results", async () => {
    const { res } = await launchAs({ sub: 'teacher-page', roles: [ROLE.instructor] });
    const page = await api('GET', pathOf(res.headers.get('location')!));
    expect(page.text).toContain('data-testid="lti-instructor-bar"');
    expect(page.text).toContain(`${APP}/settings/lti/courses/${platformId}/course-1`);
  });

  it('follows the spec without a target: /workspace?lti=true&resource=<id>, else /workspace?lti=true', async () => {
    const C = 'https://purl.imsglobal.org/spec/lti/claim/';
    const a = await launchAs({ sub: 'no-target', roles: [ROLE.learner] }, { overrides: { [`${C}target_link_uri`]: undefined } });
    expect(a.res.status).toBe(302);
    expect(a.res.headers.get('location')).toMatch(/^\/workspace\?lti=true&resource=rl-1&lti_launch=/);
    const dl = await launchAs({ sub: 'dl-no-target', roles: [ROLE.instructor] }, { deepLinking: true, overrides: { [`${C}target_link_uri`]: undefined } });
    expect(dl.res.status).toBe(302);
    expect(pathOf(dl.res.headers.get('location')!)).toMatch(/^\/lti\/picker\?lti_launch=/);
  });

  it('refuses an expired or foreign launch token with a page, and content the platform may not play', async () => {
    const bad = await api('GET', `/h5p/play/${contentId}?lti_launch=nonsense`);
    expect(bad.status).toBe(401);
    expect(bad.text).toContain('This launch has expired');
    const stranger = await signedIn(['teacher']);
    const privateOfOther = (await createContent({ ownerId: stranger.user.id, title: 'Not yours' })).id;
    const { res } = await launchAs({ sub: 'nosy', roles: [ROLE.learner] }, { target: `${APP}/h5p/play/${privateOfOther}` });
    const page = await api('GET', pathOf(res.headers.get('location')!));
    expect(page.status).toBe(404);
    expect(page.text).toContain('This activity is not available');
    // the launch token of one activity does not open another
    const other = await api('GET', `/h5p/play/${contentId}?${new URL(res.headers.get('location')!).searchParams.toString()}`);
    expect(other.status).toBe(403);
  });
});

describe('deep linking', () => {
  it('signs the response JWT (RS256, 5 minutes) with the spec claims', async () => {
    const res = await api('POST', '/lti/deep-link', {
      token: teacher.token,
      body: { platformId, contents: [{ type: 'ltiResourceLink', title: 'LTI quiz', url: 'https://ignored.example/', contentId }] },
    });
    expect(res.status, res.text).toBe(200);
    const jwks = createLocalJWKSet((await api('GET', '/lti/jwks')).body);
    const { payload, protectedHeader } = await jwtVerify(res.body.data.jwt, jwks, { issuer: APP, audience: p.issuer });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload['https://purl.imsglobal.org/spec/lti/claim/message_type']).toBe('LtiDeepLinkingResponse');
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', title: 'LTI quiz', url: `${APP}/h5p/play/${contentId}` }),
    ]);
    expect(typeof payload['https://purl.imsglobal.org/spec/lti-dl/claim/msg']).toBe('string');
  });

  it('validates the body (1 to 50 contents) and answers 500 Platform not found for an unknown platform', async () => {
    const item = { type: 'ltiResourceLink', title: 't', url: 'https://x.example/', contentId: 'c' };
    expect((await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId, contents: [] } })).status).toBe(400);
    expect((await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId, contents: Array(51).fill(item) } })).status).toBe(400);
    const res = await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId: randomUUID(), contents: [item] } });
    expect([res.status, res.body.error]).toEqual([500, 'Platform not found']);
  });

  // issue 22 item 3: a teacher's platform links nobody by the e-mail it sends (not even its registrant): the
  // instructor signs in once in the pop-up; the picker's calls carry the binding cookie of the browser that opened it
  it('links the instructor through the sign-in pop-up (not by e-mail on a teacher\'s platform) and returns the chosen items to the platform', async () => {
    const { res } = await launchAs({ sub: 'teacher-dl', name: 'Tess Teacher', email: teacher.user.email, roles: [ROLE.instructor] }, { deepLinking: true });
    const picker = await api('GET', pathOf(res.headers.get('location')!));
    expect(picker.status).toBe(200);
    expect(picker.text).toContain('data-testid="lti-link-needed"');
    const cookie = bindingCookie(picker);
    const token = new URL(res.headers.get('location')!).searchParams.get('lti_launch')!;
    const linked = await api('POST', '/lti/link', { token: teacher.token, ...form({ lti_launch: token }) });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.text).toContain('data-testid="lti-link-done"');
    expect((await api('GET', pathOf(res.headers.get('location')!), { headers: { Cookie: cookie } })).text).toContain('data-testid="lti-linked-as"');
    const items = await api('GET', `/lti/picker/items?${new URLSearchParams({ lti_launch: token, q: 'LTI quiz' })}`, { headers: { Cookie: cookie } });
    expect(items.status).toBe(200);
    expect(items.body.data.items.map((i: { id: string }) => i.id)).toContain(contentId);
    const choice = form({ lti_launch: token, content: contentId });
    const submitted = await api('POST', '/lti/picker/submit', { ...choice, headers: { ...choice.headers, Cookie: cookie } });
    expect(submitted.status).toBe(200);
    const action = /action="([^"]+)"/.exec(submitted.text)![1]!.replace(/&amp;/g, '&');
    expect(action).toBe(`${p.url}/deep-link-return`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(submitted.text)![1]!;
    const back = await fetch(action, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    expect(back.status, await back.clone().text()).toBe(200);
    const last = p.deepLinkResponses.at(-1)!;
    expect(last['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', url: `${APP}/h5p/play/${contentId}`, lineItem: expect.objectContaining({ scoreMaximum: 100 }) }),
    ]);
  });

  it('asks an instructor whose e-mail matches no account to link by signing in, and refuses learners', async () => {
    const { res } = await launchAs({ sub: 'unknown-teacher', email: 'nobody-here@example.edu', roles: [ROLE.instructor] }, { deepLinking: true });
    const picker = await api('GET', pathOf(res.headers.get('location')!));
    expect(picker.text).toContain('data-testid="lti-link-needed"');
    const token = new URL(res.headers.get('location')!).searchParams.get('lti_launch')!;
    const items = await api('GET', `/lti/picker/items?${new URLSearchParams({ lti_launch: token })}`, { headers: { Cookie: bindingCookie(picker) } });
    expect([items.status, items.body.error]).toEqual([409, 'Link your account first']);
    // the pop-up sends a signed-out user to the sign-in page, then back
    const popup = await api('GET', `/lti/link?${new URLSearchParams({ lti_launch: token })}`);
    expect(popup.status).toBe(302);
    expect(popup.headers.get('location')).toMatch(/^\/login\?next=%2Flti%2Flink/);
    const learner = await launchAs({ sub: 'learner-dl', roles: [ROLE.learner] }, { deepLinking: true });
    const refused = await api('GET', pathOf(learner.res.headers.get('location')!));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only instructors can add content to a course');
  });
});

describe('AGS and NRPS', () => {
  it('creates and lists line items, publishes a score (Completed, FullyGraded), and caches the access token', async () => {
    const before = p.tokenRequests.length;
    const created = await api('POST', '/lti/ags/lineitems', { token: teacher.token, body: { platformId, contextId: 'course-ags', label: 'Quiz 1', scoreMaximum: 10, resourceId: 'r-1', tag: 'quiz' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({ id: expect.stringMatching(new RegExp(`^${p.url}/ags/course-ags/lineitems/`)), label: 'Quiz 1', scoreMaximum: 10, resourceId: 'r-1', tag: 'quiz' });
    const listed = await api('GET', `/lti/ags/lineitems?platformId=${platformId}&contextId=course-ags`, { token: teacher.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, label: 'Quiz 1', scoreMaximum: 10, resourceId: 'r-1', tag: 'quiz' })]);
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(['endDateTime', 'id', 'label', 'resourceId', 'scoreMaximum', 'startDateTime', 'tag']);
    const score = await api('POST', '/lti/ags/scores', { token: teacher.token, body: { platformId, lineItemUrl: created.body.data.id, userId: 'stu-9', scoreGiven: 7, scoreMaximum: 10, comment: 'Well done' } });
    expect(score.status, score.text).toBe(200);
    expect(score.body).toEqual({ success: true, message: expect.any(String) });
    expect(p.scores.at(-1)!.body).toMatchObject({ userId: 'stu-9', scoreGiven: 7, scoreMaximum: 10, comment: 'Well done', activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    // one token for all three calls (cached until 60 s before it expires)
    expect(p.tokenRequests.length - before).toBe(1);
  });

  it('answers each AGS failure with the spec text', async () => {
    const q = `/lti/ags/lineitems?platformId=${platformId}&contextId=course-ags`;
    p.failNext('ags-list', 503);
    expect((await api('GET', q, { token: teacher.token })).body.error).toBe('Failed to list line items: 503');
    p.failNext('ags-create', 422);
    expect((await api('POST', '/lti/ags/lineitems', { token: teacher.token, body: { platformId, contextId: 'course-ags', label: 'x', scoreMaximum: 1 } })).body.error).toBe('Failed to create line item: 422');
    p.failNext('score', 500);
    const s = await api('POST', '/lti/ags/scores', { token: teacher.token, body: { platformId, lineItemUrl: `${p.url}/ags/course-ags/lineitems/1`, userId: 'u', scoreGiven: 1, scoreMaximum: 1 } });
    expect([s.status, s.body.error]).toEqual([500, 'Failed to publish score: 500']);
    // a line item on another host never gets the platform's token
    const elsewhere = await api('POST', '/lti/ags/scores', { token: teacher.token, body: { platformId, lineItemUrl: 'https://evil.example/lineitems/1', userId: 'u', scoreGiven: 1, scoreMaximum: 1 } });
    expect(elsewhere.status).toBe(400);
    expect((await api('POST', '/lti/ags/scores', { token: teacher.token, body: { platformId, lineItemUrl: 'x', userId: 'u', scoreGiven: -1, scoreMaximum: 0 } })).status).toBe(400);
  });

  it('answers the token failure text when the platform refuses the grant', async () => {
    await db().ltiPlatform.update({ where: { id: platformId }, data: { agsEndpoint: `${p.url}/ags` } });
    // a new scope set needs a new token: NRPS
    p.failNext('token', 503);
    const res = await api('GET', `/lti/nrps/members?platformId=${platformId}&contextId=course-tok`, { token: teacher.token });
    expect([res.status, res.body.error]).toEqual([500, 'Token request failed with status 503']);
  });

  // issue 22 item 14: the spec's mapping by substring — Instructor or TeachingAssistant → instructor, Administrator →
  // admin, Learner or Student → learner, anything else → other (it had answered the LMS's own role names)
  it('pages through the roster (rel="next") and maps roles', async () => {
    p.members.set('course-nrps', [
      { user_id: 'a', roles: [ROLE.instructor], name: 'Ann', email: 'ann@example.edu' },
      { user_id: 'b', roles: [ROLE.learner], name: 'Ben' },
      { user_id: 'c', roles: [ROLE.learner, ROLE.ta] },
      { user_id: 'd', roles: ['Learner'], status: 'Inactive' },
      { user_id: 'e', roles: [ROLE.learner], email: 'e@example.edu' },
      { user_id: 'f', roles: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator', 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'] },
      { user_id: 'g', roles: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student', 'urn:lti:role:ims/lis/Learner', 'TeachingAssistant'] },
    ]);
    const res = await api('GET', `/lti/nrps/members?platformId=${platformId}&contextId=course-nrps`, { token: teacher.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.context).toEqual({ id: 'course-nrps' });
    expect(typeof res.body.data.id).toBe('string');
    expect(res.body.data.members).toEqual([
      { userId: 'a', roles: ['instructor'], name: 'Ann', email: 'ann@example.edu', status: 'Active' },
      { userId: 'b', roles: ['learner'], name: 'Ben', email: null, status: 'Active' },
      { userId: 'c', roles: ['learner', 'instructor'], name: null, email: null, status: 'Active' },
      { userId: 'd', roles: ['learner'], name: null, email: null, status: 'Inactive' },
      { userId: 'e', roles: ['learner'], name: null, email: 'e@example.edu', status: 'Active' },
      { userId: 'f', roles: ['admin', 'other'], name: null, email: null, status: 'Active' },
      { userId: 'g', roles: ['learner', 'instructor'], name: null, email: null, status: 'Active' },
    ]);
    p.failNext('nrps', 502);
    const failed = await api('GET', `/lti/nrps/members?platformId=${platformId}&contextId=course-nrps`, { token: teacher.token });
    expect([failed.status, failed.body.error]).toEqual([500, 'Failed to fetch members: 502']);
  });

  it('reads at most 50 pages of a roster', async () => {
    p.members.set('course-big', Array.from({ length: 60 }, (_, i) => ({ user_id: `m${i}`, roles: [ROLE.learner] })));
    p.nrpsPageSize = 1;
    try {
      const res = await api('GET', `/lti/nrps/members?platformId=${platformId}&contextId=course-big`, { token: teacher.token });
      expect(res.status).toBe(200);
      expect(res.body.data.members).toHaveLength(50);
    } finally {
      p.nrpsPageSize = 2;
    }
  });

  it('answers "not configured" for a platform without the service endpoints', async () => {
    const bare = await api('POST', '/lti/platforms', { token: teacher.token, body: { ...p.registration(), clientId: 'bare-client', agsEndpoint: undefined, nrpsEndpoint: undefined } });
    const id = bare.body.data.id;
    const ags = await api('GET', `/lti/ags/lineitems?platformId=${id}&contextId=c`, { token: teacher.token });
    expect([ags.status, ags.body.error]).toEqual([500, `AGS endpoint not configured for platform: ${id}`]);
    const score = await api('POST', '/lti/ags/scores', { token: teacher.token, body: { platformId: id, lineItemUrl: `${p.url}/ags/c/lineitems/1`, userId: 'u', scoreGiven: 1, scoreMaximum: 1 } });
    expect(score.body.error).toBe(`AGS endpoint not configured for platform: ${id}`);
    const nrps = await api('GET', `/lti/nrps/members?platformId=${id}&contextId=c`, { token: teacher.token });
    expect([nrps.status, nrps.body.error]).toEqual([500, `NRPS endpoint not configured for platform: ${id}`]);
    expect((await api('DELETE', `/lti/platforms/${id}`, { token: teacher.token })).status).toBe(200);
  });
});

describe('grade passback', () => {
  /** The learner's player token, from the page the launch lands on. */
  async function playerToken(user: PlatformUser, opts: { lineitem?: string | null; resourceLinkId?: string } = {}) {
    const { res } = await launchAs(user, opts);
    const page = await api('GET', pathOf(res.headers.get('location')!));
    return decodeURIComponent(/token=([^"&]+)/.exec(page.text)![1]!);
  }
  const statement = (verb: string, raw: number, max: number) => ({
    id: randomUUID(),
    actor: { name: 'browser says' },
    verb: { id: `${V}${verb}` },
    object: { id: `${APP}/h5p/embed/${contentId}`, definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId } } },
    result: { score: { raw, max, scaled: raw / max }, completion: true },
    timestamp: new Date().toISOString(),
  });
  const send = (token: string, attempt: string, statements: unknown[]) =>
    api('POST', `/h5p/xapi/${contentId}?token=${encodeURIComponent(token)}`, { body: JSON.stringify({ attempt, statements }), headers: { 'Content-Type': 'text/plain' } });

  it("publishes a learner's result to the launch's line item once, and keeps the newest score", async () => {
    const lineitem = `${p.url}/ags/course-1/lineitems/pb-1`;
    p.lineItems.set(lineitem, { id: lineitem, contextId: 'course-1', label: 'LTI quiz', scoreMaximum: 100 });
    const token = await playerToken({ sub: 'grade-me', name: 'Gail Grade', roles: [ROLE.learner] }, { lineitem });
    const attempt = randomUUID();
    const sent = await send(token, attempt, [statement('completed', 3, 4)]);
    expect(sent.status, sent.text).toBe(201);
    await expect.poll(() => p.scores.filter((s) => s.lineItemId === lineitem).length, { timeout: 15_000 }).toBe(1);
    expect(p.scores.filter((s) => s.lineItemId === lineitem)[0]!.body).toMatchObject({ userId: 'grade-me', scoreGiven: 3, scoreMaximum: 4, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    const row = await db().learningAttempt.findFirstOrThrow({ where: { learnerKey: `lti:${platformId}:grade-me` }, include: { passback: true } });
    expect(row.source).toBe('lti');
    expect(row.learnerName).toBe('Gail Grade');
    await expect.poll(async () => (await db().gradePassback.findUniqueOrThrow({ where: { attemptId: row.id } })).status).toBe('sent');
    // the same result again is not sent again; a better one is
    await send(token, attempt, [statement('completed', 3, 4)]);
    await new Promise((r) => setTimeout(r, 2500));
    expect(p.scores.filter((s) => s.lineItemId === lineitem)).toHaveLength(1);
    await send(token, attempt, [statement('passed', 4, 4)]);
    await expect.poll(() => p.scores.filter((s) => s.lineItemId === lineitem).length, { timeout: 15_000 }).toBe(2);
    expect(p.scores.filter((s) => s.lineItemId === lineitem)[1]!.body).toMatchObject({ scoreGiven: 4, scoreMaximum: 4 });
    // the results page shows it
    const results = await api('GET', `/api/results/content/${contentId}/attempts`, { token: teacher.token });
    const mine = results.body.data.find((a: { learner: { key: string } }) => a.learner.key === `lti:${platformId}:grade-me`);
    expect(mine.passback).toBe('sent');
  });

  it('makes one line item for a resource link whose launch names none, and retries a failed score', async () => {
    p.failNext('score', 503);
    const token = await playerToken({ sub: 'grade-retry', roles: [ROLE.learner] }, { lineitem: null, resourceLinkId: 'rl-retry' });
    await send(token, randomUUID(), [statement('completed', 1, 2)]);
    const made = () => [...p.lineItems.values()].filter((l) => l.resourceLinkId === 'rl-retry');
    await expect.poll(() => made().length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => p.scores.filter((s) => s.body.userId === 'grade-retry').length, { timeout: 20_000 }).toBe(1);
    // a second learner on the same link uses the same line item
    const other = await playerToken({ sub: 'grade-retry-2', roles: [ROLE.learner] }, { lineitem: null, resourceLinkId: 'rl-retry' });
    await send(other, randomUUID(), [statement('failed', 0, 2)]);
    await expect.poll(() => p.scores.filter((s) => s.body.userId === 'grade-retry-2').length, { timeout: 15_000 }).toBe(1);
    expect(made()).toHaveLength(1);
    expect(p.scores.find((s) => s.body.userId === 'grade-retry-2')!.lineItemId).toBe(made()[0]!.id);
  });

  it('gives up after the last try with "failed: <status>", counts it on the platform, and sends it again on request', async () => {
    const lineitem = `${p.url}/ags/course-1/lineitems/pb-fail`;
    p.lineItems.set(lineitem, { id: lineitem, contextId: 'course-1', label: 'LTI quiz', scoreMaximum: 100 });
    const token = await playerToken({ sub: 'grade-fail', name: 'Fay Fail', roles: [ROLE.learner] }, { lineitem });
    // the platform refuses until told otherwise; the row is put on its last try, so a refusal is final
    p.failNext('score', 503, 1000);
    const sent = await send(token, randomUUID(), [statement('completed', 1, 4)]);
    const attemptId = sent.body.data.attemptId as string;
    await db().gradePassback.update({ where: { attemptId }, data: { tries: 5 } }).catch(() => undefined);
    await expect.poll(async () => (await db().gradePassback.findUnique({ where: { attemptId } }))?.status, { timeout: 15_000 }).toBe('failed');
    p.failNext('score', 503, 0);
    expect((await db().gradePassback.findUniqueOrThrow({ where: { attemptId } })).detail).toBe('503');
    const results = await api('GET', `/api/results/content/${contentId}/attempts`, { token: teacher.token });
    expect(results.body.data.find((a: { id: string }) => a.id === attemptId).passback).toBe('failed: 503');
    const stats = (await api('GET', '/lti/platforms', { token: teacher.token })).body.data.find((x: { id: string }) => x.id === platformId).stats;
    expect(stats.passbackFailures).toBe(1);
    const retried = await api('POST', `/lti/platforms/${platformId}/passback/retry`, { token: teacher.token });
    expect(retried.body.data).toEqual({ retried: 1 });
    await expect.poll(async () => (await db().gradePassback.findUniqueOrThrow({ where: { attemptId } })).status, { timeout: 15_000 }).toBe('sent');
    expect(p.scores.filter((x) => x.lineItemId === lineitem)).toHaveLength(1);
  });

  it("exports and erases an LMS learner's data, launches included (GDPR)", async () => {
    await playerToken({ sub: 'forget-me', name: 'Fred Forget', email: 'fred@example.edu', roles: [ROLE.learner] });
    const admin = await signedIn(['super_admin']);
    const key = encodeURIComponent(`lti:${platformId}:forget-me`);
    const exported = await api('GET', `/api/admin/results/learners/${key}`, { token: admin.token });
    expect(exported.status).toBe(200);
    const data = exported.body.data ?? exported.body;
    expect(data.ltiLaunches).toEqual([expect.objectContaining({ name: 'Fred Forget', email: 'fred@example.edu' })]);
    const erased = await api('DELETE', `/api/admin/results/learners/${key}`, { token: admin.token });
    expect(erased.body.data.ltiLaunches).toBe(1);
    expect(await db().ltiLaunch.count({ where: { platformId, subject: 'forget-me' } })).toBe(0);
  });

  it('shows the platform figures: last launch, launches this month, passback failures', async () => {
    const res = await api('GET', '/lti/platforms', { token: teacher.token });
    const mine = res.body.data.find((x: { id: string }) => x.id === platformId);
    expect(mine.stats.launchesThisMonth).toBeGreaterThan(10);
    expect(Date.parse(mine.stats.lastLaunchAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(mine.stats.passbackFailures).toBe(0); // the failed one was sent again
    const courses = await api('GET', '/lti/contexts', { token: teacher.token });
    expect(courses.body.data.map((c: { contextId: string }) => c.contextId)).toContain('course-1');
    const course = await api('GET', `/lti/contexts/${platformId}/course-1`, { token: teacher.token });
    expect(course.status).toBe(200);
    const gail = course.body.data.members.find((m: { userId: string }) => m.userId === 'grade-me');
    expect(gail.attempts[0]).toMatchObject({ contentId, passback: 'sent' });
  });
});

describe('outbound URLs of a platform', () => {
  it('refuses a key set on a private or metadata address (not in ALLOWED_PRIVATE_HOSTS)', async () => {
    for (const keysetUrl of ['http://10.1.2.3/jwks', 'http://169.254.169.254/latest/meta-data']) {
      const reg = await api('POST', '/lti/platforms', { token: teacher.token, body: { ...p.registration(), clientId: `private-${keysetUrl.length}`, keysetUrl } });
      expect(reg.status).toBe(201);
      const { nonce, state } = await login({ client_id: `private-${keysetUrl.length}` });
      const claims = p.launchClaims({ nonce, user: { sub: 'x', roles: [] }, targetLinkUri: `${APP}/h5p/play/${contentId}`, overrides: { aud: `private-${keysetUrl.length}` } });
      const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims), state }));
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/^Invalid token: the platform's key set URL is refused \(URL resolves to a private, loopback or link-local address/);
      await api('DELETE', `/lti/platforms/${reg.body.data.id}`, { token: teacher.token });
    }
  });
});

describe('without any platform', () => {
  it('answers 503 LTI integration is not configured to a launch and a login', async () => {
    const url = Object.assign(new URL(testDatabaseUrl()), { pathname: `/${new URL(testDatabaseUrl()).pathname.slice(1)}_lti_empty` }).toString();
    await resetDatabase(url);
    const app = await startApp({ ...appEnv(inject('idpUrl')), DATABASE_URL: url }, { waitForHealthy: true });
    try {
      const launch = await fetch(`${app.url}/lti/launch`, { method: 'POST', body: new URLSearchParams({ id_token: 'a.b.c' }) });
      expect([launch.status, ((await launch.json()) as { error: string }).error]).toEqual([503, 'LTI integration is not configured']);
      const login = await fetch(`${app.url}/lti/login?iss=x&login_hint=y&target_link_uri=z`, { redirect: 'manual' });
      expect(login.status).toBe(503);
    } finally {
      await app.stop();
    }
  });
});

describe('the tool key', () => {
  it('is made once when two instances start together, and shared by both', async () => {
    const saved = await db().ltiKey.findMany();
    await db().ltiKey.deleteMany();
    const env = appEnv(inject('idpUrl'));
    const [a, b] = await Promise.all([startApp(env, { waitForHealthy: true }), startApp(env, { waitForHealthy: true })]);
    try {
      const [ka, kb] = await Promise.all([fetch(`${a.url}/lti/jwks`).then((r) => r.json()), fetch(`${b.url}/lti/jwks`).then((r) => r.json())]);
      expect(ka.keys).toHaveLength(1);
      expect(kb.keys).toEqual(ka.keys);
      expect(await db().ltiKey.count()).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await db().ltiKey.deleteMany();
      await db().ltiKey.createMany({ data: saved });
    }
  });
});

// The LTI attack suite (issue 22): each way in that the issue found, replayed against the built app over real
// HTTP with the stand-in LMS platform (tests/support/lti-platform.ts), one describe per item — script through
// the deep-linking return URL and a replayed picker submit (1), another teacher's private content played
// through a self-registered platform (2), an e-mail claim linking a colleague's account (3), an admin without a
// tenant managing every tenantless user's platforms (5). NRPS role mapping (14) is checked in lti.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, createTenant, setPlan, signedIn, signedInTenant, type RealmRole } from '../support/factories';
import { api, type ApiResponse } from '../support/http';
import { startLtiPlatform, type LtiPlatformStandin, type PlatformUser } from '../support/lti-platform';

const APP = 'http://app.lumen.test'; // APP_URL of the test app
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const C = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL_SETTINGS = 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings';
const OTHER_BROWSER = 'This launch was opened in another browser: open it again from your course';

type Caller = Awaited<ReturnType<typeof signedIn>>;

const form = (fields: Record<string, string | string[]>, cookie?: string | null) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return { body: body.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) } };
};
const pathOf = (location: string) => {
  const u = new URL(location, APP);
  return u.pathname + u.search;
};
const launchTokenOf = (location: string) => new URL(location, APP).searchParams.get('lti_launch')!;
/** the launch row a launch token names */
const launchIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { lid: string }).lid;
/** the binding cookie the picker gave (name=value), or null */
const bindingCookieOf = (res: ApiResponse) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('lumen_lti_browser='));
  return set ? set.split(';')[0]! : null;
};

const platforms: LtiPlatformStandin[] = [];
afterAll(async () => {
  await Promise.all(platforms.map((p) => p.close()));
});

/** A stand-in LMS registered by `by` (premium: LTI needs it); its platform id. */
async function lms(by: Caller): Promise<{ p: LtiPlatformStandin; id: string }> {
  const p = await startLtiPlatform();
  platforms.push(p);
  const app = inject('appUrl');
  p.tool = { jwksUrl: `${app}/lti/jwks`, loginUrl: `${app}/lti/login`, launchUrl: `${app}/lti/launch` };
  const reg = await api('POST', '/lti/platforms', { token: by.token, body: p.registration() });
  expect(reg.status, reg.text).toBe(201);
  return { p, id: reg.body.data.id as string };
}

async function premium(roles: RealmRole[], tenantId?: string): Promise<Caller> {
  const c = tenantId ? await signedInTenant(roles, tenantId) : await signedIn(roles);
  await setPlan(c.user.id, 'premium');
  return c;
}

/** The tool's login step: the nonce and state of the redirect to the platform. */
async function login(p: LtiPlatformStandin) {
  const q = new URLSearchParams({ iss: p.issuer, login_hint: 'hint', target_link_uri: `${APP}/lti/launch`, client_id: p.clientId });
  const res = await api('GET', `/lti/login?${q.toString()}`);
  expect(res.status, res.text).toBe(302);
  const to = new URL(res.headers.get('location')!);
  return { nonce: to.searchParams.get('nonce')!, state: to.searchParams.get('state')! };
}

/** A launch with the platform's signed id_token; `edit` changes the claims before signing. */
async function launch(p: LtiPlatformStandin, user: PlatformUser, opts: { deepLinking?: boolean; target?: string; edit?: (claims: Record<string, unknown>) => void } = {}) {
  const { nonce, state } = await login(p);
  const claims = p.launchClaims({ nonce, user, deepLinking: opts.deepLinking, targetLinkUri: opts.target });
  opts.edit?.(claims);
  const res = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(claims), state }));
  return { res, nonce, state };
}

/** A deep-linking launch opened in a browser's picker: its launch token and that browser's binding cookie. */
async function openPicker(p: LtiPlatformStandin, user: PlatformUser, cookie?: string) {
  const { res } = await launch(p, user, { deepLinking: true });
  expect(res.status, res.text).toBe(302);
  const location = res.headers.get('location')!;
  const picker = await api('GET', pathOf(location), { headers: cookie ? { Cookie: cookie } : {} });
  return { token: launchTokenOf(location), picker, cookie: bindingCookieOf(picker) ?? cookie ?? null };
}

/** Links the launch's LMS user to the caller's account, as the sign-in pop-up does. */
async function linkThroughPopup(token: string, caller: Caller) {
  const linked = await api('POST', '/lti/link', { token: caller.token, ...form({ lti_launch: token }) });
  expect(linked.status, linked.text).toBe(200);
  expect(linked.text).toContain('data-testid="lti-link-done"');
}

describe('item 1: script on our origin through the deep-linking return URL', () => {
  let attacker: Caller;
  let p: LtiPlatformStandin;
  let own: string;
  const instructor: PlatformUser = { sub: 'attacker-lms', name: 'Mallory', roles: [INSTRUCTOR] };

  beforeAll(async () => {
    attacker = await premium(['teacher']);
    ({ p } = await lms(attacker));
    own = (await createContent({ ownerId: attacker.user.id, title: 'Bait' })).id;
    // the attacker's LMS identity is linked to the attacker's account (the pop-up)
    const { token } = await openPicker(p, instructor);
    await linkThroughPopup(token, attacker);
  });

  for (const url of ['javascript:fetch("/api/auth/me").then(r=>r.text()).then(alert)', 'data:text/html,<script>alert(document.domain)</script>', 'JAVASCRIPT:alert(1)', '/lti/picker']) {
    it(`refuses a deep-linking launch whose deep_link_return_url is ${url.slice(0, 16)}… (400), its nonce left unconsumed`, async () => {
      const { res, nonce, state } = await launch(p, instructor, {
        deepLinking: true,
        edit: (claims) => void (claims[DL_SETTINGS] = { ...(claims[DL_SETTINGS] as object), deep_link_return_url: url }),
      });
      expect([res.status, res.body.error]).toEqual([400, 'Invalid launch: deep_link_return_url must be an absolute http or https URL']);
      expect((await db().ltiNonce.findUniqueOrThrow({ where: { value: nonce } })).consumedAt).toBeNull();
      expect(await db().ltiLaunch.count({ where: { deepLinkReturnUrl: url } })).toBe(0);
      // the same nonce then launches with a valid token: the refusal consumed nothing
      const ok = await api('POST', '/lti/launch', form({ id_token: await p.signIdToken(p.launchClaims({ nonce, user: instructor, deepLinking: true })), state }));
      expect(ok.status, ok.text).toBe(302);
    });
  }

  it('refuses a javascript: target_link_uri and a data: launch_presentation return_url (400)', async () => {
    const target = await launch(p, instructor, { target: 'javascript:alert(document.cookie)' });
    expect([target.res.status, target.res.body.error]).toEqual([400, 'Invalid launch: target_link_uri must be an absolute http or https URL']);
    expect((await db().ltiNonce.findUniqueOrThrow({ where: { value: target.nonce } })).consumedAt).toBeNull();
    const back = await launch(p, instructor, { edit: (claims) => void (claims[`${C}launch_presentation`] = { document_target: 'iframe', return_url: 'data:text/html,<script>alert(1)</script>' }) });
    expect([back.res.status, back.res.body.error]).toEqual([400, 'Invalid launch: launch_presentation.return_url must be an absolute http or https URL']);
    expect((await db().ltiNonce.findUniqueOrThrow({ where: { value: back.nonce } })).consumedAt).toBeNull();
  });

  it('binds the picker to the browser that opened it first: another browser is refused the picker, its list and its submit (403)', async () => {
    const mine = await openPicker(p, instructor);
    expect(mine.picker.status, mine.picker.text).toBe(200);
    expect(mine.cookie).toMatch(/^lumen_lti_browser=[A-Za-z0-9_-]{43}$/);
    const setCookie = mine.picker.headers.getSetCookie().find((c) => c.startsWith('lumen_lti_browser='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/lti/');
    const row = await db().ltiLaunch.findUniqueOrThrow({ where: { id: launchIdOf(mine.token) } });
    expect(row.browserBinding).toMatch(/^[0-9a-f]{64}$/);

    // the browser that opened it: list and reload work
    const listed = await api('GET', `/lti/picker/items?${new URLSearchParams({ lti_launch: mine.token })}`, { headers: { Cookie: mine.cookie! } });
    expect(listed.status, listed.text).toBe(200);
    expect((await api('GET', `/lti/picker?${new URLSearchParams({ lti_launch: mine.token })}`, { headers: { Cookie: mine.cookie! } })).status).toBe(200);

    // a victim's browser, posting the attacker's launch token cross-site: without the cookie, or with its own
    const victimCookie = (await openPicker(p, { ...instructor, sub: 'victim-lms' })).cookie!;
    expect(victimCookie).not.toBe(mine.cookie);
    for (const cookie of [null, victimCookie]) {
      const submit = await api('POST', '/lti/picker/submit', form({ lti_launch: mine.token, content: own }, cookie));
      expect(submit.status).toBe(403);
      expect(submit.headers.get('content-type')).toMatch(/^text\/html/);
      expect(submit.text).toContain(OTHER_BROWSER);
      expect(submit.text).not.toContain('<form');
      const items = await api('GET', `/lti/picker/items?${new URLSearchParams({ lti_launch: mine.token })}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect([items.status, items.body.error]).toEqual([403, OTHER_BROWSER]);
      const page = await api('GET', `/lti/picker?${new URLSearchParams({ lti_launch: mine.token })}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(page.status).toBe(403);
      expect(page.text).toContain(OTHER_BROWSER);
    }
    // the binding did not move
    expect((await db().ltiLaunch.findUniqueOrThrow({ where: { id: row.id } })).browserBinding).toBe(row.browserBinding);
    // and the browser that holds it submits
    const ok = await api('POST', '/lti/picker/submit', form({ lti_launch: mine.token, content: own }, mine.cookie));
    expect(ok.status, ok.text).toBe(200);
    expect(/action="([^"]+)"/.exec(ok.text)![1]).toBe(`${p.url}/deep-link-return`);
  });

  it('refuses a submit of a launch whose picker no browser opened (403)', async () => {
    const { res } = await launch(p, instructor, { deepLinking: true });
    const submit = await api('POST', '/lti/picker/submit', form({ lti_launch: launchTokenOf(res.headers.get('location')!), content: own }));
    expect(submit.status).toBe(403);
    expect(submit.text).toContain(OTHER_BROWSER);
  });

  it('never writes a javascript: return URL recorded before the check into the form (400)', async () => {
    const mine = await openPicker(p, instructor);
    await db().ltiLaunch.update({ where: { id: launchIdOf(mine.token) }, data: { deepLinkReturnUrl: 'javascript:alert(document.domain)' } });
    const submit = await api('POST', '/lti/picker/submit', form({ lti_launch: mine.token, content: own }, mine.cookie));
    expect(submit.status).toBe(400);
    expect(submit.text).toContain('Invalid launch: deep_link_return_url must be an absolute http or https URL');
    expect(submit.text).not.toContain('javascript:');
  });
});

describe("item 2: a colleague's private content through a self-registered platform", () => {
  let tenantId: string;
  let teacher: Caller;
  let colleague: Caller;
  let p: LtiPlatformStandin;
  let platformId: string;
  let secret: string;
  let own: string;
  let published: string;

  beforeAll(async () => {
    tenantId = (await createTenant()).id;
    teacher = await premium(['teacher'], tenantId);
    colleague = await premium(['teacher'], tenantId);
    ({ p, id: platformId } = await lms(teacher));
    secret = (await createContent({ ownerId: colleague.user.id, title: 'Colleague secret' })).id;
    own = (await createContent({ ownerId: teacher.user.id, title: 'Mine' })).id;
    published = (await createContent({ ownerId: colleague.user.id, title: 'Colleague public', visibility: 'public' })).id;
  });

  const play = async (pl: LtiPlatformStandin, contentId: string, sub = 'learner-x') => {
    const { res } = await launch(pl, { sub, roles: [LEARNER] }, { target: `${APP}/h5p/play/${contentId}` });
    expect(res.status, res.text).toBe(302);
    return api('GET', pathOf(res.headers.get('location')!));
  };

  it("gives no player page and no player token for another teacher's private item of the same tenant", async () => {
    const page = await play(p, secret);
    expect(page.status).toBe(404);
    expect(page.text).toContain('This activity is not available');
    expect(page.text).not.toContain('lti-player-frame');
    expect(page.text).not.toMatch(/token=/);
  });

  it("plays the registrant's own and public content", async () => {
    for (const id of [own, published]) {
      const page = await play(p, id);
      expect(page.status, page.text).toBe(200);
      expect(page.text).toContain('data-testid="lti-player-frame"');
    }
  });

  it('plays what an instructor linked through the platform may read', async () => {
    const { token } = await openPicker(p, { sub: 'colleague-lms', roles: [INSTRUCTOR] });
    await linkThroughPopup(token, colleague);
    const page = await play(p, secret);
    expect(page.status, page.text).toBe(200);
    await db().ltiUserLink.deleteMany({ where: { platformId, userId: colleague.user.id } });
  });

  it("plays a tenant colleague's item through a platform a tenant admin registered (the admin may read it), never another tenant's", async () => {
    const admin = await premium(['tenant_admin'], tenantId);
    const { p: adminLms } = await lms(admin);
    expect((await play(adminLms, secret)).status).toBe(200);
    const stranger = await premium(['teacher'], (await createTenant()).id);
    const foreign = (await createContent({ ownerId: stranger.user.id, title: 'Other tenant' })).id;
    expect((await play(adminLms, foreign)).status).toBe(404);
  });

  it('POST /lti/deep-link signs only content the caller may read (404 Content <id> not found or not accessible)', async () => {
    const item = (contentId: string) => ({ type: 'ltiResourceLink', title: 'x', url: 'https://x.example/', contentId });
    const refused = await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId, contents: [item(own), item(secret)] } });
    expect([refused.status, refused.body.error]).toEqual([404, `Content ${secret} not found or not accessible`]);
    expect(refused.body.data).toBeUndefined();
    const ok = await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId, contents: [item(own), item(published)] } });
    expect(ok.status, ok.text).toBe(200);
    expect(typeof ok.body.data.jwt).toBe('string');
  });

  it("the picker signs nothing for another teacher's private item", async () => {
    const sub = 'teacher-lms';
    const { token, cookie } = await openPicker(p, { sub, roles: [INSTRUCTOR] });
    await linkThroughPopup(token, teacher);
    const submit = await api('POST', '/lti/picker/submit', form({ lti_launch: token, content: [own, secret] }, cookie));
    expect(submit.status).toBe(404);
    expect(submit.text).toContain(`Content ${secret} not found or not accessible`);
    expect(submit.text).not.toContain('name="JWT"');
  });
});

describe('item 3: LMS identities linked to accounts by an e-mail claim', () => {
  let tenantId: string;
  let colleague: Caller;

  beforeAll(async () => {
    tenantId = (await createTenant()).id;
    colleague = await premium(['teacher'], tenantId);
  });

  /** A deep-linking launch of an instructor whose e-mail the platform shares; whether it came back linked. */
  async function linkedByEmail(p: LtiPlatformStandin, platformId: string, email: string, sub: string) {
    const { token, picker, cookie } = await openPicker(p, { sub, email, roles: [INSTRUCTOR] });
    expect(picker.status, picker.text).toBe(200);
    const items = await api('GET', `/lti/picker/items?${new URLSearchParams({ lti_launch: token, scope: 'mine' })}`, { headers: { Cookie: cookie! } });
    const link = await db().ltiUserLink.findUnique({ where: { platformId_subject: { platformId, subject: sub } } });
    return { picker, items, link };
  }

  it("a teacher's platform does not link a colleague by the e-mail it sends (the instructor signs in once)", async () => {
    const teacher = await premium(['teacher'], tenantId);
    const { p, id } = await lms(teacher);
    const secret = (await createContent({ ownerId: colleague.user.id, title: 'Colleague private' })).id;
    const r = await linkedByEmail(p, id, colleague.email, 'spoofed-colleague');
    expect(r.picker.text).toContain('data-testid="lti-link-needed"');
    expect(r.picker.text).not.toContain(colleague.email);
    expect([r.items.status, r.items.body.error]).toEqual([409, 'Link your account first']);
    expect(r.link).toBeNull();
    // nor the registrant: only an admin vouches for a platform's e-mail claims
    expect((await linkedByEmail(p, id, teacher.email, 'self')).link).toBeNull();
    // and nothing of the colleague's can be deep-linked through it
    const dl = await api('POST', '/lti/deep-link', { token: teacher.token, body: { platformId: id, contents: [{ type: 'ltiResourceLink', title: 'x', url: 'https://x.example/', contentId: secret }] } });
    expect(dl.status).toBe(404);
  });

  it("a tenant admin's platform links by e-mail inside its tenant only", async () => {
    const admin = await premium(['tenant_admin'], tenantId);
    const { p, id } = await lms(admin);
    const inside = await linkedByEmail(p, id, colleague.email, 'colleague-in-tenant');
    expect(inside.picker.text).toContain('data-testid="lti-linked-as"');
    expect(inside.items.status, inside.items.text).toBe(200);
    expect(inside.link?.userId).toBe(colleague.user.id);
    const elsewhere = await premium(['teacher'], (await createTenant()).id);
    const outside = await linkedByEmail(p, id, elsewhere.email, 'other-tenant');
    expect([outside.items.status, outside.items.body.error]).toEqual([409, 'Link your account first']);
    expect(outside.link).toBeNull();
    const tenantless = await premium(['teacher']);
    expect((await linkedByEmail(p, id, tenantless.email, 'tenantless')).link).toBeNull();
  });

  it('a platform registered before the role was recorded links by e-mail once its admin saves it again', async () => {
    const admin = await premium(['tenant_admin'], tenantId);
    const { p, id } = await lms(admin);
    await db().ltiPlatform.update({ where: { id }, data: { registrantRole: null } });
    expect((await linkedByEmail(p, id, colleague.email, 'before-save')).link).toBeNull();
    const saved = await api('PATCH', `/lti/platforms/${id}`, { token: admin.token, body: { name: 'Saved again' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await db().ltiPlatform.findUniqueOrThrow({ where: { id } })).registrantRole).toBe('tenant_admin');
    expect((await linkedByEmail(p, id, colleague.email, 'after-save')).link?.userId).toBe(colleague.user.id);
  });

  it("a platform outside any tenant links no one by e-mail, not even a super admin's", async () => {
    const superAdmin = await premium(['super_admin']);
    const { p, id } = await lms(superAdmin);
    const tenantless = await premium(['teacher']);
    expect((await linkedByEmail(p, id, tenantless.email, 'tenantless-teacher')).link).toBeNull();
  });
});

describe('item 5: an admin without a tenant and the tenantless users’ platforms', () => {
  let admin: Caller;
  let teacher: Caller;
  let p: LtiPlatformStandin;
  let platformId: string;

  beforeAll(async () => {
    admin = await premium(['tenant_admin']); // an admin whose record has no tenant
    teacher = await premium(['teacher']);
    ({ p, id: platformId } = await lms(teacher));
    // a course seen through the teacher's platform
    const { res } = await launch(p, { sub: 'seen', roles: [LEARNER] }, { target: `${APP}/h5p/play/${(await createContent({ ownerId: teacher.user.id })).id}` });
    expect(res.status).toBe(302);
  });

  it("neither lists, reads, renames, re-keys, deletes nor uses another tenantless user's platform", async () => {
    expect((await db().user.findUniqueOrThrow({ where: { id: admin.user.id } })).tenantId).toBeNull();
    const listed = await api('GET', '/lti/platforms', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).not.toContain(platformId);
    const renamed = await api('PATCH', `/lti/platforms/${platformId}`, { token: admin.token, body: { name: 'Mine now', keysetUrl: 'https://evil.example/jwks' } });
    expect([renamed.status, renamed.body.error]).toEqual([404, 'Platform not found']);
    const upsert = await api('POST', '/lti/platforms', { token: admin.token, body: { ...p.registration(), keysetUrl: 'https://evil.example/jwks' } });
    expect([upsert.status, upsert.body.error]).toEqual([409, 'This issuer and client id are registered by another account']);
    const removed = await api('DELETE', `/lti/platforms/${platformId}`, { token: admin.token });
    expect([removed.status, removed.body.error]).toEqual([404, 'Platform not found']);
    const retry = await api('POST', `/lti/platforms/${platformId}/passback/retry`, { token: admin.token });
    expect(retry.status).toBe(404);
    const members = await api('GET', `/lti/nrps/members?platformId=${platformId}&contextId=course-1`, { token: admin.token });
    expect([members.status, members.body.error]).toEqual([500, 'Platform not found']);
    const courses = await api('GET', '/lti/contexts', { token: admin.token });
    expect(courses.body.data.map((x: { platformId: string }) => x.platformId)).not.toContain(platformId);
    expect((await api('GET', `/lti/contexts/${platformId}/course-1`, { token: admin.token })).status).toBe(404);
    const row = await db().ltiPlatform.findUniqueOrThrow({ where: { id: platformId } });
    expect([row.name, row.keysetUrl]).toEqual(['Stand-in LMS', p.keysetUrl]);
  });

  it('a super admin sees and manages every platform; a tenant admin those of their tenant', async () => {
    const superAdmin = await premium(['super_admin']);
    expect((await api('GET', '/lti/platforms', { token: superAdmin.token })).body.data.map((x: { id: string }) => x.id)).toContain(platformId);
    const renamed = await api('PATCH', `/lti/platforms/${platformId}`, { token: superAdmin.token, body: { name: 'Renamed by the super admin' } });
    expect(renamed.status, renamed.text).toBe(200);
    await api('PATCH', `/lti/platforms/${platformId}`, { token: teacher.token, body: { name: 'Stand-in LMS' } });

    const tenantId = (await createTenant()).id;
    const tenantAdmin = await premium(['tenant_admin'], tenantId);
    const member = await premium(['teacher'], tenantId);
    const { id: memberPlatform } = await lms(member);
    const seen = (await api('GET', '/lti/platforms', { token: tenantAdmin.token })).body.data.map((x: { id: string }) => x.id);
    expect(seen).toContain(memberPlatform);
    expect(seen).not.toContain(platformId);
    expect((await api('PATCH', `/lti/platforms/${memberPlatform}`, { token: tenantAdmin.token, body: { name: 'Tenant LMS' } })).status).toBe(200);
    expect((await api('PATCH', `/lti/platforms/${platformId}`, { token: tenantAdmin.token, body: { name: 'x' } })).status).toBe(404);
  });

  it('an orphaned platform of one tenant is not taken over from another', async () => {
    const tenantId = (await createTenant()).id;
    const owner = await premium(['teacher'], tenantId);
    const { p: orphan, id } = await lms(owner);
    await db().ltiPlatform.update({ where: { id }, data: { ownerId: null } });
    const outsider = await premium(['teacher'], (await createTenant()).id);
    const taken = await api('POST', '/lti/platforms', { token: outsider.token, body: { ...orphan.registration(), keysetUrl: 'https://evil.example/jwks' } });
    expect([taken.status, taken.body.error]).toEqual([409, 'This issuer and client id are registered by another account']);
    expect((await db().ltiPlatform.findUniqueOrThrow({ where: { id } })).keysetUrl).toBe(orphan.keysetUrl);
  });
});

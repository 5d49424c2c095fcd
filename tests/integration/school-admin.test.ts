// Running a school (issue 27 items 4-6): a tenant admin invites teachers and students by e-mail, changes roles,
// disables and enables accounts, sees last sign-in and issues password resets; the embedded provider gains
// "forgot password" and sign-up by invitation. End to end through the Keycloak-shaped stand-in (its admin REST API)
// and an SMTP stand-in the tests start; the embedded provider's path on an app of its own. Nothing reaches another
// tenant, and every change is in the tenant's audit log.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { createIdpUser, createTenant, signedIn, signedInTenant, uniqueEmail } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { CLIENT_ID } from '../support/idp-standin';
import { api } from '../support/http';
import { linkIn, startSmtpStandin, type SmtpStandin } from '../support/smtp-standin';

const PEOPLE = '/api/admin/people';
const INVITES = '/api/admin/people/invitations';
const tokenOf = (link: string) => link.split('/').pop()!;

const standin = (p: string, init?: RequestInit) => fetch(`${inject('idpUrl')}${p}`, init).then((r) => r.json());
const standinUser = (email: string) => standin(`/admin/users/${encodeURIComponent(email)}`);
const actionsEmails = (email: string) => standin(`/admin/actions-emails?email=${encodeURIComponent(email)}`) as Promise<{ actions: string[]; lifespan: number; clientId: string }[]>;
/** the user did what Keycloak's mail asked: set a password (no required action left) */
const finishKeycloakActions = (email: string, password: string) =>
  standin(`/admin/users/${encodeURIComponent(email)}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password, requiredActions: [] }) });

const audit = (tenantId: string, action: string) => db().auditEvent.findMany({ where: { tenantId, action }, orderBy: { createdAt: 'asc' } });

describe('running a school with an external Keycloak (stand-in admin REST API) and SMTP (stand-in)', () => {
  let smtp: SmtpStandin;
  let school: { id: string; name: string };
  let plain: { id: string };
  let other: { id: string };
  let admin: Awaited<ReturnType<typeof signedInTenant>>;
  let plainAdmin: Awaited<ReturnType<typeof signedInTenant>>;
  let otherAdmin: Awaited<ReturnType<typeof signedInTenant>>;

  beforeAll(async () => {
    smtp = await startSmtpStandin();
    school = await createTenant({ name: 'Riverside School' });
    await db().tenant.update({ where: { id: school.id }, data: { smtpConfig: { url: smtp.url, from: 'Riverside <office@riverside.example>' } } });
    plain = await createTenant({ name: 'Hillside School' });
    other = await createTenant({ name: 'Other School' });
    [admin, plainAdmin, otherAdmin] = await Promise.all([
      signedInTenant(['tenant_admin'], school.id),
      signedInTenant(['tenant_admin'], plain.id),
      signedInTenant(['tenant_admin'], other.id),
    ]);
  });
  afterAll(async () => smtp?.close());

  /** a member of a school with a Keycloak account, signed in once with the password grant */
  async function member(tenantId: string, roles: ('teacher' | 'student')[] = ['student']) {
    const email = uniqueEmail('member');
    const idp = await createIdpUser({ email, roles, tenantId, password: 'member-pass-1' });
    const login = await api('POST', '/api/auth/login', { body: { email, password: 'member-pass-1' } });
    expect(login.status, login.text).toBe(200);
    return { email, idpId: idp.id, id: login.body.data.user.id as string, token: login.body.data.token as string };
  }

  it('invites a teacher end to end: Keycloak gets the account, role mapping and execute-actions-email; our mail carries the link; accepting joins the school; the account signs in', async () => {
    const email = uniqueEmail('invitee');
    const res = await api('POST', INVITES, { token: admin.token, body: { email: email.toUpperCase(), role: 'teacher' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ mailed: true, viaIdentityProvider: true, link: null, invitation: { email, role: 'teacher', expired: false, invitedBy: admin.email } });
    const expires = Date.parse(res.body.data.expiresAt);
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    // Keycloak: the account with the tenant attribute and the teacher role, and its own mail to set a password
    const kc = await standinUser(email);
    expect(kc).toMatchObject({ email, enabled: true, roles: ['teacher'], tenantId: school.id, requiredActions: ['UPDATE_PASSWORD'] });
    expect(await actionsEmails(email)).toEqual([expect.objectContaining({ actions: ['UPDATE_PASSWORD'], lifespan: 7 * 24 * 3600, clientId: CLIENT_ID })]);

    // our mail, through the school's own relay
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('You are invited to Riverside School on Lumen Learn');
    expect(mail.from).toContain('office@riverside.example');
    const token = tokenOf(linkIn(mail, '/invite/'));

    const shown = await api('GET', `/api/invitations/${token}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data).toMatchObject({ email, role: 'teacher', school: 'Riverside School', invitedBy: 'Token User', setsPassword: false });

    const accepted = await api('POST', `/api/invitations/${token}`, { body: { name: 'Tina Teacher' } });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.data).toEqual({ email, setsPassword: false });
    const local = await db().user.findUniqueOrThrow({ where: { email } });
    expect([local.tenantId, local.role, local.name, local.externalUserId]).toEqual([school.id, 'teacher', 'Tina Teacher', kc.id]);
    // the link works once
    expect((await api('GET', `/api/invitations/${token}`)).body).toEqual({ success: false, error: 'This invitation is invalid or has expired' });

    // the invitee sets the password in Keycloak's mail, then signs in here
    await finishKeycloakActions(email, 'teacher-pass-1');
    const login = await api('POST', '/api/auth/login', { body: { email, password: 'teacher-pass-1' } });
    expect(login.status, login.text).toBe(200);
    const claims = decodeJwt(login.body.data.token as string) as { realm_access: { roles: string[] }; tenant_id: string };
    expect([claims.realm_access.roles, claims.tenant_id]).toEqual([['teacher'], school.id]);

    expect((await audit(school.id, 'user.invite')).some((e) => e.targetLabel === email)).toBe(true);
    const joined = (await audit(school.id, 'user.join')).find((e) => e.targetLabel === email);
    expect(joined).toMatchObject({ actorId: local.id, targetType: 'user', targetId: local.id, details: expect.objectContaining({ role: 'teacher' }) });
  });

  it('without SMTP the admin gets the link to hand over; the same address again is 409; a member or another school\'s user is 409 without naming that school', async () => {
    const email = uniqueEmail('handover');
    const res = await api('POST', INVITES, { token: plainAdmin.token, body: { email, role: 'student' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ mailed: false, viaIdentityProvider: true, invitation: { email, role: 'student' } });
    expect(res.body.data.link).toMatch(/^http:\/\/app\.lumen\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
    expect((await api('GET', `/api/invitations/${tokenOf(res.body.data.link)}`)).body.data).toMatchObject({ school: 'Hillside School', role: 'student' });

    const again = await api('POST', INVITES, { token: plainAdmin.token, body: { email, role: 'teacher' } });
    expect([again.status, again.body]).toEqual([409, { success: false, error: 'This email already has a pending invitation' }]);

    const m = await member(school.id);
    const own = await api('POST', INVITES, { token: admin.token, body: { email: m.email, role: 'student' } });
    expect([own.status, own.body]).toEqual([409, { success: false, error: 'This person is already a member of your school' }]);
    const foreign = await api('POST', INVITES, { token: plainAdmin.token, body: { email: m.email, role: 'student' } });
    expect([foreign.status, foreign.body]).toEqual([409, { success: false, error: 'This email already belongs to an account outside your school' }]);
    expect(foreign.text).not.toContain('Riverside');

    const invalid = await api('POST', INVITES, { token: plainAdmin.token, body: { email: 'not-an-email', role: 'super_admin' } });
    expect(invalid.status).toBe(400);
  });

  it('an invitation expires after 7 days; a revoked one stops working (and its Keycloak account is disabled); resend gives a new link', async () => {
    const a = uniqueEmail('expiring');
    const first = await api('POST', INVITES, { token: plainAdmin.token, body: { email: a, role: 'teacher' } });
    const tokenA = tokenOf(first.body.data.link);
    await db().invitation.update({ where: { id: first.body.data.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api('GET', `/api/invitations/${tokenA}`)).body).toEqual({ success: false, error: 'This invitation is invalid or has expired' });
    const late = await api('POST', `/api/invitations/${tokenA}`, { body: { name: 'Late' } });
    expect([late.status, late.body.error]).toEqual([404, 'This invitation is invalid or has expired']);
    const listed = await api('GET', INVITES, { token: plainAdmin.token });
    expect(listed.body.data.find((i: any) => i.email === a)).toMatchObject({ expired: true });
    // resend: a new link valid 7 more days; the old one stays dead
    const resent = await api('POST', `${INVITES}/${first.body.data.invitation.id}/resend`, { token: plainAdmin.token });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.data).toMatchObject({ mailed: false, invitation: { expired: false } });
    expect((await api('GET', `/api/invitations/${tokenOf(resent.body.data.link)}`)).status).toBe(200);
    expect((await api('GET', `/api/invitations/${tokenA}`)).status).toBe(404);

    const b = uniqueEmail('revoked');
    const second = await api('POST', INVITES, { token: plainAdmin.token, body: { email: b, role: 'student' } });
    const revoke = await api('DELETE', `${INVITES}/${second.body.data.invitation.id}`, { token: plainAdmin.token });
    expect([revoke.status, revoke.body]).toEqual([200, { success: true, message: 'Invitation revoked' }]);
    expect((await api('GET', `/api/invitations/${tokenOf(second.body.data.link)}`)).status).toBe(404);
    expect((await standinUser(b)).enabled).toBe(false);
    expect((await api('GET', INVITES, { token: plainAdmin.token })).body.data.some((i: any) => i.email === b)).toBe(false);
    expect((await api('DELETE', `${INVITES}/${second.body.data.invitation.id}`, { token: plainAdmin.token })).status).toBe(404);
    const revokes = await audit(plain.id, 'user.invite_revoke');
    expect(revokes.find((e) => e.targetLabel === b)).toMatchObject({ actorId: plainAdmin.user.id, targetType: 'invitation' });
  });

  it("changes a user's role at the provider: the next token carries it; never one's own", async () => {
    const m = await member(school.id, ['student']);
    const res = await api('PATCH', `${PEOPLE}/${m.id}`, { token: admin.token, body: { role: 'admin' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, role: 'admin', roleName: 'tenant_admin', status: 'active' });
    expect((await standinUser(m.email)).roles).toEqual(['tenant_admin']);
    const login = await api('POST', '/api/auth/login', { body: { email: m.email, password: 'member-pass-1' } });
    expect((decodeJwt<any>(login.body.data.token as string)).realm_access.roles).toEqual(['tenant_admin']);
    // with the new token they administer the school
    expect((await api('GET', PEOPLE, { token: login.body.data.token })).status).toBe(200);
    const back = await api('PATCH', `${PEOPLE}/${m.id}`, { token: admin.token, body: { role: 'teacher' } });
    expect(back.body.data.role).toBe('teacher');
    expect((await standinUser(m.email)).roles).toEqual(['teacher']);
    expect((await api('PATCH', `${PEOPLE}/${m.id}`, { token: admin.token, body: { role: 'super_admin' } })).status).toBe(400);
    const self = await api('PATCH', `${PEOPLE}/${admin.user.id}`, { token: admin.token, body: { role: 'student' } });
    expect([self.status, self.body.error]).toEqual([409, 'You cannot change your own role or account']);
    const roles = (await audit(school.id, 'user.role')).filter((e) => e.targetId === m.id);
    expect(roles.map((e) => e.details)).toEqual([{ from: 'student', to: 'admin' }, { from: 'admin', to: 'teacher' }]);
  });

  it('disabling refuses the existing token at once and sign-in says Account is disabled; enabling lets them in again; the list shows status and last sign-in', async () => {
    const m = await member(school.id, ['teacher']);
    expect((await api('GET', '/api/auth/me', { token: m.token })).status).toBe(200);
    const off = await api('POST', `${PEOPLE}/${m.id}/disable`, { token: admin.token });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.status).toBe('disabled');
    expect(await api('GET', '/api/auth/me', { token: m.token }).then((r) => [r.status, r.body])).toEqual([401, { success: false, error: 'Account is disabled' }]);
    const login = await api('POST', '/api/auth/login', { body: { email: m.email, password: 'member-pass-1' } });
    expect([login.status, login.body]).toEqual([401, { success: false, error: 'Account is disabled' }]);
    expect((await standinUser(m.email)).enabled).toBe(false);

    const list = await api('GET', `${PEOPLE}?search=${encodeURIComponent(m.email)}`, { token: admin.token });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ email: m.email, status: 'disabled', role: 'teacher' });
    expect(Date.now() - Date.parse(list.body.data[0].lastSignInAt)).toBeLessThan(60_000);

    const on = await api('POST', `${PEOPLE}/${m.id}/enable`, { token: admin.token });
    expect(on.body.data.status).toBe('active');
    const again = await api('POST', '/api/auth/login', { body: { email: m.email, password: 'member-pass-1' } });
    expect(again.status, again.text).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: again.body.data.token })).status).toBe(200);
    expect((await audit(school.id, 'user.disable')).some((e) => e.targetId === m.id)).toBe(true);
    expect((await audit(school.id, 'user.enable')).some((e) => e.targetId === m.id)).toBe(true);

    // someone invited who never signed in has no last sign-in
    const never = await db().user.create({ data: { email: uniqueEmail('never'), name: 'Never', tenantId: school.id, role: 'student' } });
    const row = (await api('GET', `${PEOPLE}?search=${encodeURIComponent(never.email)}`, { token: admin.token })).body.data[0];
    expect(row).toMatchObject({ lastSignInAt: null, status: 'active', role: 'student' });
  });

  it("password resets with Keycloak go through its execute-actions-email; forgot password answers the same for any address; this app's reset links do not exist there", async () => {
    const m = await member(school.id, ['teacher']);
    const res = await api('POST', `${PEOPLE}/${m.id}/password-reset`, { token: admin.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({ mailed: true, viaIdentityProvider: true, link: null, expiresAt: null });
    expect(await actionsEmails(m.email)).toEqual([expect.objectContaining({ actions: ['UPDATE_PASSWORD'], lifespan: 7 * 24 * 3600 })]);
    expect((await audit(school.id, 'user.password_reset')).some((e) => e.targetId === m.id)).toBe(true);

    const known = await api('POST', '/api/auth/forgot-password', { body: { email: m.email } });
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await expect.poll(async () => (await actionsEmails(m.email)).length).toBe(2);
    expect((await actionsEmails(m.email))[1]).toMatchObject({ actions: ['UPDATE_PASSWORD'], lifespan: 3600 });
    const reset = await api('POST', '/api/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'long-enough-1' } });
    expect([reset.status, reset.body]).toEqual([400, { success: false, error: 'This link is invalid or has expired' }]);
  });

  it("nothing reaches another tenant: another school's admin and a tenantless admin get 404 for this school's users and invitations", async () => {
    const m = await member(school.id);
    const inv = await api('POST', INVITES, { token: admin.token, body: { email: uniqueEmail('cross'), role: 'student' } });
    const invId = inv.body.data.invitation.id as string;
    const tenantless = await signedIn(['tenant_admin']);
    for (const token of [otherAdmin.token, tenantless.token]) {
      for (const [method, p, body] of [
        ['PATCH', `${PEOPLE}/${m.id}`, { role: 'admin' }],
        ['POST', `${PEOPLE}/${m.id}/disable`, undefined],
        ['POST', `${PEOPLE}/${m.id}/enable`, undefined],
        ['POST', `${PEOPLE}/${m.id}/password-reset`, undefined],
      ] as const) {
        const r = await api(method, p, { token, body });
        expect([p, r.status, r.body]).toEqual([p, 404, { success: false, error: 'User not found' }]);
      }
      for (const [method, p] of [
        ['DELETE', `${INVITES}/${invId}`],
        ['POST', `${INVITES}/${invId}/resend`],
      ] as const) {
        const r = await api(method, p, { token, headers: {} });
        expect([p, r.status, r.body]).toEqual([p, 404, { success: false, error: 'Invitation not found' }]);
      }
    }
    const otherList = await api('GET', `${PEOPLE}?tenantId=${school.id}`, { token: otherAdmin.token });
    expect(otherList.status).toBe(200);
    expect(otherList.body.data.map((p: any) => p.email)).toEqual([otherAdmin.email]);
    expect((await api('GET', `${INVITES}?tenantId=${school.id}`, { token: otherAdmin.token })).body.data).toEqual([]);
    const none = await api('GET', PEOPLE, { token: tenantless.token });
    expect([none.status, none.body.error]).toEqual([403, 'People are managed per school: your account belongs to none']);
    const teacher = await api('GET', PEOPLE, { token: m.token });
    expect([teacher.status, teacher.body.error]).toEqual([403, 'Admin access required']);
    // nothing changed
    expect((await db().user.findUniqueOrThrow({ where: { id: m.id } })).disabledAt).toBeNull();
    expect((await db().invitation.findUniqueOrThrow({ where: { id: invId } })).revokedAt).toBeNull();
    // a super admin manages any school by naming it
    const superAdmin = await signedIn(['super_admin']);
    const listed = await api('GET', `${PEOPLE}?tenantId=${school.id}&search=${encodeURIComponent(m.email)}`, { token: superAdmin.token });
    expect(listed.body.data.map((p: any) => p.id)).toEqual([m.id]);
    expect((await api('GET', PEOPLE, { token: superAdmin.token })).status).toBe(400);
  });
});

describe('running a school on the embedded identity provider (sign-up by invitation, forgot password)', () => {
  let app: AppProcess;
  let dataDir: string;
  let smtp: SmtpStandin;
  let tenantId: string;
  const adminEmail = uniqueEmail('embedded-admin');
  const demoTeacher = uniqueEmail('embedded-demo');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const call = (method: string, p: string, opts: Parameters<typeof api>[2] = {}) => api(method, p, { ...opts, base: app.url });
  const login = (email: string, password: string) => call('POST', '/api/auth/login', { body: { email, password } });

  beforeAll(async () => {
    smtp = await startSmtpStandin();
    tenantId = (await createTenant({ name: 'Embedded Academy' })).id;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-school-'));
    fs.mkdirSync(path.join(dataDir, 'embedded'));
    const state = {
      clientId: CLIENT_ID,
      clientSecret: 'embedded-client-secret-0123456789',
      key: { kid: randomUUID(), privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) },
      users: [
        { id: randomUUID(), email: adminEmail, name: 'Ada Admin', password: 'admin-pass-1', roles: ['tenant_admin'], enabled: true, tenantId },
        { id: randomUUID(), email: demoTeacher, name: 'Demo Teacher', password: 'demo-pass-1', roles: ['teacher'], enabled: true, tenantId },
      ],
    };
    fs.writeFileSync(path.join(dataDir, 'embedded', 'idp.json'), JSON.stringify(state), { mode: 0o600 });
    app = await startApp(
      { ...appEnv(inject('idpUrl')), DATA_DIR: dataDir, IDP_BASE_URL: '', IDP_EXTERNAL_URL: '', IDP_CLIENT_SECRET: '', APP_URL: '', SMTP_URL: smtp.url, SMTP_FROM: 'Lumen <no-reply@lumen.test>' },
      { waitForHealthy: true },
    );
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function adminToken() {
    const res = await login(adminEmail, 'admin-pass-1');
    expect(res.status, res.text).toBe(200);
    return res.body.data.token as string;
  }

  it('an invitee signs up through the mailed link: the password is checked, the account is made in the embedded provider (PostgreSQL) and signs in with the role and school', async () => {
    const token = await adminToken();
    const email = uniqueEmail('embedded-invitee');
    const res = await call('POST', INVITES, { token, body: { email, role: 'teacher' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ mailed: true, viaIdentityProvider: false, link: null });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('You are invited to Embedded Academy on Lumen Learn');
    expect(mail.from).toContain('no-reply@lumen.test');
    const link = linkIn(mail, '/invite/');
    expect(link.startsWith(`http://localhost:${app.port}/invite/`)).toBe(true);
    const invite = tokenOf(link);
    expect((await call('GET', `/api/invitations/${invite}`)).body.data).toMatchObject({ email, role: 'teacher', school: 'Embedded Academy', invitedBy: 'Ada Admin', setsPassword: true });

    const noPassword = await call('POST', `/api/invitations/${invite}`, { body: { name: 'Ed' } });
    expect([noPassword.status, noPassword.body.error]).toEqual([400, 'Validation error: password: Password is required']);
    const short = await call('POST', `/api/invitations/${invite}`, { body: { name: 'Ed', password: 'short' } });
    expect([short.status, short.body.error]).toEqual([400, 'Validation error: password: Password must be at least 8 characters']);
    const ok = await call('POST', `/api/invitations/${invite}`, { body: { name: 'Ed Educator', password: 'educator-pass-1' } });
    expect(ok.status, ok.text).toBe(201);
    expect(await db().embeddedIdpUser.findUnique({ where: { email } })).toMatchObject({ roles: ['teacher'], enabled: true, tenantId });

    const signIn = await login(email, 'educator-pass-1');
    expect(signIn.status, signIn.text).toBe(200);
    const claims = decodeJwt<any>(signIn.body.data.token as string);
    expect([claims.realm_access.roles, claims.tenant_id, claims.name]).toEqual([['teacher'], tenantId, 'Ed Educator']);
    expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await audit(tenantId, 'user.join')).some((e) => e.targetLabel === email)).toBe(true);
  });

  it("role change, disable and enable reach the embedded provider's accounts (a demo account of the state file too)", async () => {
    const token = await adminToken();
    const first = await login(demoTeacher, 'demo-pass-1');
    expect(first.status, first.text).toBe(200);
    const id = first.body.data.user.id as string;
    const role = await call('PATCH', `${PEOPLE}/${id}`, { token, body: { role: 'student' } });
    expect(role.status, role.text).toBe(200);
    const next = await login(demoTeacher, 'demo-pass-1');
    expect((decodeJwt<any>(next.body.data.token as string)).realm_access.roles).toEqual(['student']);

    expect((await call('POST', `${PEOPLE}/${id}/disable`, { token })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: next.body.data.token })).body).toEqual({ success: false, error: 'Account is disabled' });
    expect((await login(demoTeacher, 'demo-pass-1')).body).toEqual({ success: false, error: 'Account is disabled' });
    // the provider refuses the refresh too
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: next.body.data.refreshToken } })).status).toBe(401);
    expect((await call('POST', `${PEOPLE}/${id}/enable`, { token })).status).toBe(200);
    expect((await login(demoTeacher, 'demo-pass-1')).status).toBe(200);
  });

  it('mails speak the account\'s language: a German admin\'s invitation and a German account\'s reset link are in German', async () => {
    const adminToken = (await login(adminEmail, 'admin-pass-1')).body.data.token as string;
    const adminRow = await db().user.findUniqueOrThrow({ where: { email: adminEmail } });
    expect((await call('PUT', '/api/auth/me/preferences', { token: adminToken, body: { language: 'de' } })).status).toBe(200);
    const teacherToken = (await login(demoTeacher, 'demo-pass-1')).body.data.token as string;
    expect((await call('PUT', '/api/auth/me/preferences', { token: teacherToken, body: { language: 'de' } })).status).toBe(200);
    try {
      const email = uniqueEmail('eingeladen');
      const invited = await call('POST', '/api/admin/people/invitations', { token: adminToken, body: { email, role: 'student' } });
      expect(invited.status, invited.text).toBe(201);
      const invitation = await smtp.waitFor(email);
      expect(invitation.subject).toBe('Einladung zu „Embedded Academy“ bei Lumen Learn');
      expect(invitation.text).toContain(`${adminRow.name} hat Sie eingeladen, „Embedded Academy“ bei Lumen Learn beizutreten.`);
      expect(invitation.text).toContain('Der Link ist 7 Tage gültig.');
      expect(invitation.html).toContain('>Einladung annehmen</a>');

      smtp.mails.splice(0); // the first mail to an address is the one found
      expect((await call('POST', '/api/auth/forgot-password', { body: { email: demoTeacher } })).status).toBe(200);
      const reset = await smtp.waitFor(demoTeacher);
      expect(reset.subject).toBe('Ihr Passwort für Lumen Learn zurücksetzen');
      expect(reset.text).toContain('Der Link ist 1 Stunde gültig und funktioniert einmal.');
      expect(reset.html).toContain('>Neues Passwort wählen</a>');
    } finally {
      for (const token of [adminToken, teacherToken]) await call('PUT', '/api/auth/me/preferences', { token, body: { language: null } });
      // the mails of this test are not the next tests' (they take the first mail to an address)
      smtp.mails.splice(0);
    }
  });

  it('forgot password mails a single-use link (1 hour); an unknown address gets the same answer and no mail; the new password works', async () => {
    const email = demoTeacher;
    const known = await call('POST', '/api/auth/forgot-password', { body: { email } });
    const unknownEmail = uniqueEmail('unknown');
    const unknown = await call('POST', '/api/auth/forgot-password', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: { mailConfigured: true }, message: 'If an account exists for this email, a link to reset its password is on its way.' });
    expect(unknown.body).toEqual(known.body);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Reset your Lumen Learn password');
    const token = tokenOf(linkIn(mail, '/login/reset/'));
    const row = await db().passwordResetToken.findFirstOrThrow({ where: { usedAt: null }, orderBy: { createdAt: 'desc' } });
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000);

    const short = await call('POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
    expect([short.status, short.body.error]).toEqual([400, 'Validation error: password: Password must be at least 8 characters']);
    const done = await call('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass-1' } });
    expect(done.status, done.text).toBe(200);
    const again = await call('POST', '/api/auth/reset-password', { body: { token, password: 'another-pass-1' } });
    expect([again.status, again.body]).toEqual([400, { success: false, error: 'This link is invalid or has expired' }]);
    expect((await login(email, 'brand-new-pass-1')).status).toBe(200);
    expect((await login(email, 'demo-pass-1')).status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('an admin-issued reset link lasts 7 days and is mailed; the audit log names it', async () => {
    const token = await adminToken();
    const email = uniqueEmail('embedded-reset');
    const inv = await call('POST', INVITES, { token, body: { email, role: 'student' } });
    const invite = tokenOf(linkIn(await smtp.waitFor(email), '/invite/'));
    expect(inv.status).toBe(201);
    expect((await call('POST', `/api/invitations/${invite}`, { body: { name: 'Stu', password: 'student-pass-1' } })).status).toBe(201);
    const id = (await db().user.findUniqueOrThrow({ where: { email } })).id;
    const res = await call('POST', `${PEOPLE}/${id}/password-reset`, { token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ mailed: true, viaIdentityProvider: false, link: null });
    expect(Math.abs(Date.parse(res.body.data.expiresAt) - (Date.now() + 7 * 24 * 3600_000))).toBeLessThan(60_000);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(2);
    const mail = smtp.mails.filter((m) => m.to.includes(email))[1]!;
    const reset = tokenOf(linkIn(mail, '/login/reset/'));
    expect((await call('POST', '/api/auth/reset-password', { body: { token: reset, password: 'student-pass-2' } })).status).toBe(200);
    expect((await login(email, 'student-pass-2')).status).toBe(200);
    expect((await audit(tenantId, 'user.password_reset')).find((e) => e.targetId === id)).toMatchObject({ details: { via: 'link' } });
  });
});

// Running a school (issue 27 items 4 and 5): a tenant admin's people — the tenant's users with their role, status
// and last sign-in; invitations by e-mail (7 days); role changes; disabling and enabling; password reset links.
// Roles are authorised from the identity provider's tokens (lib/auth/roles.ts), so every role and account change
// goes to the provider (the embedded one's accounts table, or Keycloak's admin REST API) and takes effect with the
// user's next token; disabling also takes effect at once here (users.disabled_at, checked wherever a caller's
// record is loaded). Every change is written to the tenant's audit log in the change's transaction.
import { createHash, randomBytes } from 'node:crypto';
import { recordAudit } from '@/lib/audit';
import { createEmbeddedAccount, embeddedAccountByEmail, EmbeddedAccountExists, updateEmbeddedAccount } from '@/lib/auth/embedded-users';
import { endUserSessions } from '@/lib/auth/browser-session';
import * as kc from '@/lib/auth/idp-admin';
import { defaultPlanFor, isSuperAdmin, mapRole } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { forgetUser } from '@/lib/auth/users';
import { config } from '@/lib/config';
import { db, Prisma } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { DEFAULT_LOCALE } from '@/lib/i18n/config';
import { translatorFor } from '@/lib/i18n/translate';
import { linkMail, relayFor, sendMail } from '@/lib/mail';
import { PEOPLE_ERR, type InvitationView, type Person, type SchoolRole } from './schemas';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
export const SELF_RESET_MS = 60 * 60 * 1000;
export const ADMIN_RESET_MS = 7 * DAY_MS;

const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const embedded = () => config().idp.embedded;

/** A school role → the realm role the provider gives (admin: tenant_admin, an admin of their own tenant only). */
export const realmRoleOf = (role: SchoolRole): string => (role === 'admin' ? 'tenant_admin' : role);
const schoolRoleOf = (realmRole: string | null): SchoolRole => mapRole(realmRole ? [realmRole] : []);

export interface Actor {
  principal: Principal | null;
  user: User | null;
}

const actorOf = (a: Actor) => ({ id: a.user?.id ?? null, email: a.user?.email ?? a.principal?.payload.email ?? null });

/**
 * The tenant whose people the caller manages: a tenant admin's own (never a missing one), a super admin's named
 * one (?tenantId=, else the tenant of the host).
 */
export function peopleScope(a: Actor, asked: string | undefined, hostTenantId: string | undefined): string {
  if (isSuperAdmin(a.principal)) {
    const t = asked ?? hostTenantId;
    if (!t) throw new AppError(400, PEOPLE_ERR.tenantRequired);
    return t;
  }
  const own = a.user?.tenantId ?? null;
  if (!own) throw new AppError(403, PEOPLE_ERR.noTenant);
  return own;
}

/** A user of a tenant the caller manages, or 404 User not found (the same for another tenant's and for none). */
async function memberOf(a: Actor, id: string): Promise<User> {
  const where: Prisma.UserWhereInput = isSuperAdmin(a.principal) ? { id, tenantId: { not: null } } : a.user?.tenantId ? { id, tenantId: a.user.tenantId } : { id: '00000000-0000-0000-0000-000000000000', tenantId: '00000000-0000-0000-0000-000000000000' };
  const user = await db().user.findFirst({ where });
  if (!user || !user.tenantId) throw new AppError(404, PEOPLE_ERR.userNotFound);
  return user;
}

const personView = (u: User): Person => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: schoolRoleOf(u.role),
  roleName: u.role,
  status: u.disabledAt ? 'disabled' : 'active',
  lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

export async function listPeople(q: { tenantId: string; search?: string; limit: number; offset: number }): Promise<{ data: Person[]; total: number }> {
  const where: Prisma.UserWhereInput = { tenantId: q.tenantId, ...(q.search ? { email: { contains: q.search.toLowerCase() } } : {}) };
  const [rows, total] = await Promise.all([db().user.findMany({ where, orderBy: [{ email: 'asc' }], skip: q.offset, take: q.limit }), db().user.count({ where })]);
  return { data: rows.map(personView), total };
}

// ---------------------------------------------------------------- invitations

type InvitationRow = Prisma.InvitationGetPayload<object>;

async function invitationViews(rows: InvitationRow[]): Promise<InvitationView[]> {
  const inviterIds = [...new Set(rows.map((r) => r.invitedById).filter((x): x is string => !!x))];
  const inviters = inviterIds.length ? await db().user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, email: true } }) : [];
  const byId = new Map(inviters.map((u) => [u.id, u.email]));
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role === 'teacher' ? 'teacher' : 'student',
    expiresAt: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() <= now,
    invitedBy: r.invitedById ? (byId.get(r.invitedById) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Pending invitations of a tenant (not accepted, not revoked; expired ones marked), newest first. */
export async function listInvitations(tenantId: string): Promise<InvitationView[]> {
  const rows = await db().invitation.findMany({ where: { tenantId, acceptedAt: null, revokedAt: null }, orderBy: [{ createdAt: 'desc' }], take: 500 });
  return invitationViews(rows);
}

async function pendingInvitation(tenantId: string, id: string): Promise<InvitationRow> {
  const row = await db().invitation.findFirst({ where: { id, tenantId, acceptedAt: null, revokedAt: null } });
  if (!row) throw new AppError(404, PEOPLE_ERR.invitationNotFound);
  return row;
}

export interface LinkAnswer {
  mailed: boolean;
  viaIdentityProvider: boolean;
  link: string | null;
  expiresAt: string | null;
}

async function tenantName(tenantId: string): Promise<string | null> {
  return (await db().tenant.findUnique({ where: { id: tenantId }, select: { name: true } }))?.name ?? null;
}

/**
 * The invitation mail, in the inviting admin's language (their account's; English when they have not chosen one):
 * the invited person has no account and no language yet, and an admin writes to their own school.
 */
async function mailInvitation(tenantId: string, to: string, link: string, inviter: Pick<User, 'name' | 'locale'> | null): Promise<boolean> {
  const relay = await relayFor(tenantId);
  if (!relay) return false;
  const t = translatorFor(inviter?.locale ?? DEFAULT_LOCALE, 'mail');
  const school = (await tenantName(tenantId)) ?? t('invitation.yourSchool');
  return sendMail(
    relay,
    linkMail(
      to,
      t('invitation.subject', { school }),
      [t('invitation.invited', { inviter: inviter?.name || t('invitation.anAdministrator'), school }), t('invitation.validFor', { days: INVITATION_DAYS })],
      link,
      t('invitation.action'),
    ),
  );
}

/** Refuses an email that already has an account (of this school or another) or a pending invitation here. */
async function assertInvitable(tenantId: string, email: string): Promise<void> {
  const existing = await db().user.findUnique({ where: { email }, select: { tenantId: true } });
  if (existing) throw new AppError(409, existing.tenantId === tenantId ? PEOPLE_ERR.member : PEOPLE_ERR.elsewhere);
  const pending = await db().invitation.findFirst({ where: { tenantId, email, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } }, select: { id: true } });
  if (pending) throw new AppError(409, PEOPLE_ERR.pending);
  if (embedded()) {
    const account = await embeddedAccountByEmail(email);
    if (account) throw new AppError(409, account.tenantId === tenantId ? PEOPLE_ERR.member : PEOPLE_ERR.elsewhere);
  }
}

/** The account in an external Keycloak for an invitation: made (or found) with the role and the tenant attribute. */
async function keycloakAccountFor(tenantId: string, email: string, role: string): Promise<string> {
  const found = await kc.findUserByEmail(email);
  const foreign = found?.attributes?.tenant_id?.[0];
  if (found && foreign && foreign !== tenantId) throw new AppError(409, PEOPLE_ERR.elsewhere);
  if (found && !foreign) throw new AppError(409, PEOPLE_ERR.elsewhere);
  const id = found?.id ?? (await kc.createUser({ email, tenantId, requiredActions: ['UPDATE_PASSWORD'] }));
  if (found) await kc.setEnabled(id, true);
  await kc.setSchoolRealmRole(id, realmRoleOf(role as SchoolRole));
  return id;
}

export async function invite(a: Actor, tenantId: string, input: { email: string; role: 'teacher' | 'student' }, linkBase: string): Promise<LinkAnswer & { invitation: InvitationView }> {
  const email = input.email.toLowerCase();
  await assertInvitable(tenantId, email);
  let idpUserId: string | null = null;
  if (!embedded()) {
    idpUserId = await keycloakAccountFor(tenantId, email, input.role);
    // Keycloak mails the user its own link to set a password (its SMTP settings), valid as long as the invitation
    await kc.executeActionsEmail(idpUserId, ['UPDATE_PASSWORD'], INVITATION_DAYS * 24 * 3600, `${config().appUrl}/login`);
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  const row = await db()
    .$transaction(async (tx) => {
      // an expired invitation of the same address gives way to the new one
      await tx.invitation.updateMany({ where: { tenantId, email, acceptedAt: null, revokedAt: null, expiresAt: { lte: new Date() } }, data: { revokedAt: new Date() } });
      const created = await tx.invitation.create({ data: { tenantId, email, role: input.role, tokenHash: tokenHash(token), expiresAt, invitedById: a.user?.id ?? null, idpUserId } });
      await recordAudit({ tenantId, actor: actorOf(a), action: 'user.invite', target: { type: 'invitation', id: created.id, label: email }, details: { role: input.role } }, tx);
      return created;
    })
    .catch((err) => {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError(409, PEOPLE_ERR.pending);
      throw err;
    });
  const link = `${linkBase}/invite/${token}`;
  const mailed = await mailInvitation(tenantId, email, link, a.user);
  const [view] = await invitationViews([row]);
  return { invitation: view!, mailed, viaIdentityProvider: !embedded(), link: mailed ? null : link, expiresAt: expiresAt.toISOString() };
}

/** A new link (the old one stops working) valid another 7 days, mailed again when mail is configured. */
export async function resendInvitation(a: Actor, tenantId: string, id: string, linkBase: string): Promise<LinkAnswer & { invitation: InvitationView }> {
  const row = await pendingInvitation(tenantId, id);
  if (!embedded() && row.idpUserId) await kc.executeActionsEmail(row.idpUserId, ['UPDATE_PASSWORD'], INVITATION_DAYS * 24 * 3600, `${config().appUrl}/login`);
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  const updated = await db().$transaction(async (tx) => {
    const res = await tx.invitation.updateMany({ where: { id, tenantId, acceptedAt: null, revokedAt: null }, data: { tokenHash: tokenHash(token), expiresAt } });
    if (res.count === 0) throw new AppError(404, PEOPLE_ERR.invitationNotFound);
    await recordAudit({ tenantId, actor: actorOf(a), action: 'user.invite', target: { type: 'invitation', id, label: row.email }, details: { role: row.role, resent: true } }, tx);
    return tx.invitation.findUniqueOrThrow({ where: { id } });
  });
  const link = `${linkBase}/invite/${token}`;
  const mailed = await mailInvitation(tenantId, row.email, link, a.user);
  const [view] = await invitationViews([updated]);
  return { invitation: view!, mailed, viaIdentityProvider: !embedded(), link: mailed ? null : link, expiresAt: expiresAt.toISOString() };
}

export async function revokeInvitation(a: Actor, tenantId: string, id: string): Promise<void> {
  const row = await pendingInvitation(tenantId, id);
  await db().$transaction(async (tx) => {
    const res = await tx.invitation.updateMany({ where: { id, tenantId, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    if (res.count === 0) throw new AppError(404, PEOPLE_ERR.invitationNotFound);
    await recordAudit({ tenantId, actor: actorOf(a), action: 'user.invite_revoke', target: { type: 'invitation', id, label: row.email }, details: { role: row.role } }, tx);
  });
  // the account Keycloak made for it cannot be used any more
  if (!embedded() && row.idpUserId) await kc.setEnabled(row.idpUserId, false).catch((err) => log.warn({ err: (err as Error).message }, 'invited account not disabled at the provider'));
}

// ---------------------------------------------------------------- accepting (public)

async function validInvitation(token: string): Promise<InvitationRow> {
  const row = await db().invitation.findUnique({ where: { tokenHash: tokenHash(token) } });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError(404, PEOPLE_ERR.invalidInvitation);
  return row;
}

export async function describeInvitation(token: string) {
  const row = await validInvitation(token);
  const [school, inviter] = await Promise.all([tenantName(row.tenantId), row.invitedById ? db().user.findUnique({ where: { id: row.invitedById }, select: { name: true } }) : null]);
  return { email: row.email, role: row.role === 'teacher' ? ('teacher' as const) : ('student' as const), school: school ?? 'your school', invitedBy: inviter?.name ?? null, expiresAt: row.expiresAt.toISOString(), setsPassword: embedded() };
}

/**
 * Accepts an invitation: with the embedded provider the account is made here with the password; with Keycloak it
 * was made at invite time (Keycloak mailed the link to set its password). Either way the local user joins the
 * tenant with the role.
 */
export async function acceptInvitation(token: string, input: { name: string; password?: string | undefined }): Promise<{ email: string; setsPassword: boolean }> {
  const row = await validInvitation(token);
  if (embedded() && !input.password) throw new AppError(400, PEOPLE_ERR.passwordRequired);
  const realmRole = realmRoleOf(row.role as SchoolRole);
  const existing = await db().user.findUnique({ where: { email: row.email } });
  if (existing?.tenantId && existing.tenantId !== row.tenantId) throw new AppError(409, PEOPLE_ERR.elsewhere);
  const user = await db()
    .$transaction(async (tx) => {
      const claimed = await tx.invitation.updateMany({ where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } }, data: { acceptedAt: new Date() } });
      if (claimed.count === 0) throw new AppError(404, PEOPLE_ERR.invalidInvitation);
      let externalId = row.idpUserId;
      if (embedded()) externalId = (await createEmbeddedAccount({ email: row.email, name: input.name, password: input.password!, roles: [realmRole], tenantId: row.tenantId }, tx)).id;
      const joined = existing
        ? await tx.user.update({ where: { id: existing.id }, data: { tenantId: row.tenantId, name: input.name, role: realmRole, ...(externalId ? { externalUserId: externalId } : {}) } })
        : await tx.user.create({ data: { email: row.email, name: input.name, plan: defaultPlanFor(row.role === 'teacher' ? 'teacher' : 'student'), role: realmRole, tenantId: row.tenantId, externalUserId: externalId } });
      await recordAudit({ tenantId: row.tenantId, actor: { id: joined.id, email: joined.email }, action: 'user.join', target: { type: 'user', id: joined.id, label: joined.email }, details: { role: row.role, invitationId: row.id } }, tx);
      return joined;
    })
    .catch((err) => {
      if (err instanceof EmbeddedAccountExists) throw new AppError(409, PEOPLE_ERR.accountExists);
      throw err;
    });
  await forgetUser(user.id);
  return { email: user.email, setsPassword: embedded() };
}

// ---------------------------------------------------------------- role, disable, enable

function assertNotSelf(a: Actor, target: User): void {
  if (a.user?.id === target.id) throw new AppError(409, PEOPLE_ERR.self);
}

/** The provider's id of a local user (the token's subject), found by email in Keycloak when not known. */
async function keycloakId(u: User): Promise<string> {
  if (u.externalUserId) return u.externalUserId;
  const found = await kc.findUserByEmail(u.email);
  if (!found) throw new AppError(502, PEOPLE_ERR.idpFailed);
  return found.id;
}

export async function changeRole(a: Actor, id: string, role: SchoolRole): Promise<Person> {
  const target = await memberOf(a, id);
  assertNotSelf(a, target);
  const realmRole = realmRoleOf(role);
  const from = schoolRoleOf(target.role);
  if (embedded()) {
    const account = await embeddedAccountByEmail(target.email);
    const keep = (account?.roles ?? []).filter((r) => !(kc.SCHOOL_REALM_ROLES as readonly string[]).includes(r));
    await updateEmbeddedAccount(target.email, { roles: [...keep, realmRole] });
  } else {
    await kc.setSchoolRealmRole(await keycloakId(target), realmRole);
  }
  const updated = await db().$transaction(async (tx) => {
    const u = await tx.user.update({ where: { id: target.id }, data: { role: realmRole } });
    await recordAudit({ tenantId: target.tenantId, actor: actorOf(a), action: 'user.role', target: { type: 'user', id: target.id, label: target.email }, details: { from, to: role } }, tx);
    return u;
  });
  await forgetUser(target.id);
  return personView(updated);
}

export async function setDisabled(a: Actor, id: string, disabled: boolean): Promise<Person> {
  const target = await memberOf(a, id);
  assertNotSelf(a, target);
  if (embedded()) await updateEmbeddedAccount(target.email, { enabled: !disabled });
  else await kc.setEnabled(await keycloakId(target), !disabled);
  const updated = await db().$transaction(async (tx) => {
    const u = await tx.user.update({ where: { id: target.id }, data: { disabledAt: disabled ? new Date() : null } });
    await recordAudit({ tenantId: target.tenantId, actor: actorOf(a), action: disabled ? 'user.disable' : 'user.enable', target: { type: 'user', id: target.id, label: target.email } }, tx);
    return u;
  });
  // every instance drops the cached record now: the next request with any of the user's tokens or sessions is refused
  await forgetUser(target.id);
  if (disabled) await endUserSessions(target.id, 'disabled');
  return personView(updated);
}

// ---------------------------------------------------------------- password resets

/** The reset mail, in the account's language (English when its user has not chosen one). */
async function mailReset(user: Pick<User, 'tenantId' | 'email' | 'locale'>, link: string, valid: { days: number } | 'hour'): Promise<boolean> {
  const relay = await relayFor(user.tenantId);
  if (!relay) return false;
  const t = translatorFor(user.locale ?? DEFAULT_LOCALE, 'mail');
  const validity = valid === 'hour' ? t('reset.validHour') : t('reset.validDays', { days: valid.days });
  return sendMail(relay, linkMail(user.email, t('reset.subject'), [t('reset.intro'), validity], link, t('reset.action')));
}

/** An admin's reset: a 7-day link (embedded provider) or Keycloak's own UPDATE_PASSWORD mail (external). */
export async function issuePasswordReset(a: Actor, id: string, linkBase: string): Promise<LinkAnswer> {
  const target = await memberOf(a, id);
  if (!embedded()) {
    await kc.executeActionsEmail(await keycloakId(target), ['UPDATE_PASSWORD'], ADMIN_RESET_MS / 1000, `${config().appUrl}/login`);
    await recordAudit({ tenantId: target.tenantId, actor: actorOf(a), action: 'user.password_reset', target: { type: 'user', id: target.id, label: target.email }, details: { via: 'identity_provider' } });
    return { mailed: true, viaIdentityProvider: true, link: null, expiresAt: null };
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + ADMIN_RESET_MS);
  await db().$transaction(async (tx) => {
    await tx.passwordResetToken.create({ data: { tenantId: target.tenantId, userId: target.id, tokenHash: tokenHash(token), expiresAt, issuedById: a.user?.id ?? null } });
    await recordAudit({ tenantId: target.tenantId, actor: actorOf(a), action: 'user.password_reset', target: { type: 'user', id: target.id, label: target.email }, details: { via: 'link' } }, tx);
  });
  const link = `${linkBase}/login/reset/${token}`;
  const mailed = await mailReset(target, link, { days: INVITATION_DAYS });
  return { mailed, viaIdentityProvider: false, link: mailed ? null : link, expiresAt: expiresAt.toISOString() };
}

/**
 * "Forgot password": whatever the address, the same answer at once; the work (a 1-hour link by mail, or
 * Keycloak's own mail) happens afterwards, so neither the answer nor its timing tells whether an account exists.
 */
export function forgotPassword(email: string, linkBase: string): void {
  void (async () => {
    const user = await db().user.findUnique({ where: { email } });
    if (!embedded()) {
      const found = await kc.findUserByEmail(email);
      if (found && found.enabled !== false) await kc.executeActionsEmail(found.id, ['UPDATE_PASSWORD'], SELF_RESET_MS / 1000, `${config().appUrl}/login`);
      return;
    }
    if (!user || user.disabledAt || !(await embeddedAccountByEmail(email))?.enabled) return;
    const relay = await relayFor(user.tenantId);
    if (!relay) return; // nothing is sent: the page tells the user to ask their school's admin
    const token = newToken();
    await db().passwordResetToken.create({ data: { tenantId: user.tenantId, userId: user.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + SELF_RESET_MS) } });
    await mailReset(user, `${linkBase}/login/reset/${token}`, 'hour');
  })().catch((err) => log.warn({ err: (err as Error).message }, 'forgot-password request not completed'));
}

/** Whether mail can go out for sign-ins on this host (the host's school's relay, or the service's): never per account. */
export async function mailConfiguredFor(hostTenantId: string | undefined): Promise<boolean> {
  return !!(await relayFor(hostTenantId ?? null));
}

/** Sets a new password with a reset link (embedded provider); the link works once. */
export async function resetPassword(token: string, password: string): Promise<void> {
  if (!embedded()) throw new AppError(400, PEOPLE_ERR.invalidReset);
  const hash = tokenHash(token);
  const row = await db().passwordResetToken.findUnique({ where: { tokenHash: hash } });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError(400, PEOPLE_ERR.invalidReset);
  const claimed = await db().passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (claimed.count === 0) throw new AppError(400, PEOPLE_ERR.invalidReset);
  const user = await db().user.findUnique({ where: { id: row.userId } });
  if (!user || !(await updateEmbeddedAccount(user.email, { password }))) throw new AppError(400, PEOPLE_ERR.invalidReset);
}

// ---------------------------------------------------------------- links

/**
 * Where links in mails and answers point: the host the request came in on when it is the school's own (the tenant
 * was resolved from it, so it is not a forged Host), else APP_URL.
 */
export function linkBaseFor(headers: { get(name: string): string | null }, hostTenantId: string | undefined, tenantId: string | null): string {
  const appUrl = config().appUrl;
  const host = headers.get('host');
  if (host && hostTenantId && tenantId && hostTenantId === tenantId && /^[a-z0-9.-]+(:\d+)?$/i.test(host)) return `${new URL(appUrl).protocol}//${host}`;
  return appUrl;
}

/** The schools a super admin picks from on the People page (active first, by name). */
export async function schoolsForPicker(): Promise<{ id: string; name: string }[]> {
  return db().tenant.findMany({ orderBy: [{ active: 'desc' }, { name: 'asc' }], take: 500, select: { id: true, name: true } });
}

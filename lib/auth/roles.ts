// Realm roles → service role, and the extended permissions of each role (spec "Roles").
import type { Principal, TokenPayload } from './types';
import type { PlanId } from '@/lib/plans/plans';

export type Role = 'admin' | 'teacher' | 'student';

/** The realm roles the service knows, highest first; anything else counts as student. */
export type RealmRole = 'super_admin' | 'tenant_admin' | 'school_admin' | 'teacher' | 'student';
const REALM_ROLE_RANK: readonly RealmRole[] = ['super_admin', 'tenant_admin', 'school_admin', 'teacher'];

export const ADMIN_REALM_ROLES = ['super_admin', 'tenant_admin', 'school_admin'] as const;
export const TEACHER_REALM_ROLES = ['teacher'] as const;

/** Admin wins over teacher; anything else is a student. */
export function mapRole(realmRoles: readonly unknown[] | undefined): Role {
  const roles = (realmRoles ?? []).filter((r): r is string => typeof r === 'string');
  if (roles.some((r) => (ADMIN_REALM_ROLES as readonly string[]).includes(r))) return 'admin';
  if (roles.some((r) => (TEACHER_REALM_ROLES as readonly string[]).includes(r))) return 'teacher';
  return 'student';
}

/** The highest realm role among the token's roles (kept as TokenPayload.role.name; the service role is role.type). */
export function highestRealmRole(realmRoles: readonly unknown[] | undefined): RealmRole {
  const roles = new Set((realmRoles ?? []).filter((r): r is string => typeof r === 'string'));
  return REALM_ROLE_RANK.find((r) => roles.has(r)) ?? 'student';
}

/**
 * A super_admin administers every tenant and changes what every tenant runs (libraries); internal service
 * calls (x-api-key) act as super_admin. tenant_admin and school_admin are admins of their own tenant only.
 */
export function isSuperAdmin(principal: Pick<Principal, 'kind' | 'payload'> | null | undefined): boolean {
  if (!principal) return false;
  if (principal.kind === 'internal') return true;
  return principal.kind === 'user' && principal.payload.role?.type === 'admin' && principal.payload.role.name === 'super_admin';
}

export interface Permissions {
  canInstallRecommended: boolean;
  canUpdateAndInstallLibraries: boolean;
  canCreateRestricted: boolean;
}

/**
 * The spec's extended permissions, narrowed by issue 7: installing or updating libraries from a package (or a
 * hub type that is not recommended) changes what every tenant runs, so only a super_admin may.
 */
export function permissionsFor(role: Role, opts: { superAdmin?: boolean } = {}): Permissions {
  return {
    canInstallRecommended: role === 'admin' || role === 'teacher',
    canUpdateAndInstallLibraries: role === 'admin' && opts.superAdmin === true,
    canCreateRestricted: role === 'admin' || role === 'teacher',
  };
}

/** The permissions of an authenticated caller (embed tokens have a student's). */
export function permissionsOf(principal: Pick<Principal, 'kind' | 'payload' | 'role'>): Permissions {
  return permissionsFor(principal.kind === 'embed' ? 'student' : principal.role, { superAdmin: isSuperAdmin(principal) });
}

/** Default plan of a user record created just in time. */
export function defaultPlanFor(role: Role): PlanId {
  return role === 'admin' ? 'premium' : role === 'teacher' ? 'pro' : 'free';
}

/** Teacher-level routes: teachers, and admins (who rank above them). */
export function isTeacherOrAbove(role: Role): boolean {
  return role === 'teacher' || role === 'admin';
}

/** The principal of a signed-in user (bearer token or browser session) from its verified payload and local record. */
export function userPrincipal(payload: TokenPayload, user: { id: string; name: string; email: string; plan: string }, via: 'bearer' | 'session'): Principal {
  const withPlan: TokenPayload = { ...payload, plan: user.plan };
  const role = withPlan.role?.type ?? 'student';
  const principal: Principal = { kind: 'user', via, payload: withPlan, role, permissions: permissionsFor(role), h5pUser: { id: user.id, name: user.name, email: user.email, type: 'local' } };
  principal.permissions = permissionsOf(principal);
  return principal;
}

// Realm roles → service role, and the extended permissions of each role (spec "Roles").

export type Role = 'admin' | 'teacher' | 'student';

export const ADMIN_REALM_ROLES = ['super_admin', 'tenant_admin', 'school_admin'] as const;
export const TEACHER_REALM_ROLES = ['teacher'] as const;

/** Admin wins over teacher; anything else is a student. */
export function mapRole(realmRoles: readonly unknown[] | undefined): Role {
  const roles = (realmRoles ?? []).filter((r): r is string => typeof r === 'string');
  if (roles.some((r) => (ADMIN_REALM_ROLES as readonly string[]).includes(r))) return 'admin';
  if (roles.some((r) => (TEACHER_REALM_ROLES as readonly string[]).includes(r))) return 'teacher';
  return 'student';
}

export interface Permissions {
  canInstallRecommended: boolean;
  canUpdateAndInstallLibraries: boolean;
  canCreateRestricted: boolean;
}

export function permissionsFor(role: Role): Permissions {
  return {
    canInstallRecommended: role === 'admin' || role === 'teacher',
    canUpdateAndInstallLibraries: role === 'admin',
    canCreateRestricted: role === 'admin' || role === 'teacher',
  };
}

/** Default plan of a user record created just in time. */
export function defaultPlanFor(role: Role): 'premium' | 'pro' | 'free' {
  return role === 'admin' ? 'premium' : role === 'teacher' ? 'pro' : 'free';
}

/** Teacher-level routes: teachers, and admins (who rank above them). */
export function isTeacherOrAbove(role: Role): boolean {
  return role === 'teacher' || role === 'admin';
}

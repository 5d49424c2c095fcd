import { describe, expect, it } from 'vitest';
import { defaultPlanFor, highestRealmRole, isSuperAdmin, isTeacherOrAbove, mapRole, permissionsFor } from './roles';
import type { Principal } from './types';

describe('mapRole', () => {
  it.each([
    [['super_admin'], 'admin'],
    [['tenant_admin'], 'admin'],
    [['school_admin'], 'admin'],
    [['teacher'], 'teacher'],
    [['teacher', 'school_admin'], 'admin'],
    [['student'], 'student'],
    [['offline_access'], 'student'],
    [[], 'student'],
    [undefined, 'student'],
    [[42, null, 'teacher'], 'teacher'],
  ])('%j → %s', (roles, role) => {
    expect(mapRole(roles as unknown[] | undefined)).toBe(role);
  });
});

describe('permissions and default plans', () => {
  it('gives the extended permissions of the spec table', () => {
    expect(permissionsFor('admin', { superAdmin: true })).toEqual({ canInstallRecommended: true, canUpdateAndInstallLibraries: true, canCreateRestricted: true });
    // a tenant or school admin installs recommended hub types like a teacher, but no library from a package
    expect(permissionsFor('admin')).toEqual({ canInstallRecommended: true, canUpdateAndInstallLibraries: false, canCreateRestricted: true });
    expect(permissionsFor('teacher')).toEqual({ canInstallRecommended: true, canUpdateAndInstallLibraries: false, canCreateRestricted: true });
    expect(permissionsFor('student')).toEqual({ canInstallRecommended: false, canUpdateAndInstallLibraries: false, canCreateRestricted: false });
  });
  it('maps roles to default plans', () => {
    expect([defaultPlanFor('admin'), defaultPlanFor('teacher'), defaultPlanFor('student')]).toEqual(['premium', 'pro', 'free']);
  });
  it('lets admins pass teacher-level routes', () => {
    expect([isTeacherOrAbove('admin'), isTeacherOrAbove('teacher'), isTeacherOrAbove('student')]).toEqual([true, true, false]);
  });
});

describe('realm roles', () => {
  it.each([
    [['super_admin', 'teacher'], 'super_admin'],
    [['teacher', 'tenant_admin'], 'tenant_admin'],
    [['school_admin'], 'school_admin'],
    [['teacher'], 'teacher'],
    [['offline_access'], 'student'],
    [undefined, 'student'],
  ])('highest of %j is %s', (roles, name) => {
    expect(highestRealmRole(roles as unknown[] | undefined)).toBe(name);
  });

  it('knows a super_admin by the realm role name, and internal calls as super_admin', () => {
    const p = (kind: Principal['kind'], name: string, type: 'admin' | 'teacher' | 'student' = 'admin') =>
      ({ kind, payload: { id: 'x', email: 'x@y', iat: 0, exp: 0, role: { name, type } } }) as Principal;
    expect(isSuperAdmin(p('user', 'super_admin'))).toBe(true);
    expect(isSuperAdmin(p('user', 'tenant_admin'))).toBe(false);
    expect(isSuperAdmin(p('user', 'school_admin'))).toBe(false);
    expect(isSuperAdmin(p('user', 'super_admin', 'student'))).toBe(false);
    expect(isSuperAdmin(p('embed', 'super_admin'))).toBe(false);
    expect(isSuperAdmin(p('internal', 'admin'))).toBe(true);
    expect(isSuperAdmin(null)).toBe(false);
  });
});

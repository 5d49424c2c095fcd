import { describe, expect, it } from 'vitest';
import { defaultPlanFor, isTeacherOrAbove, mapRole, permissionsFor } from './roles';

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
    expect(permissionsFor('admin')).toEqual({ canInstallRecommended: true, canUpdateAndInstallLibraries: true, canCreateRestricted: true });
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

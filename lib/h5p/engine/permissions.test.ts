import { GeneralPermission } from '@lumieducation/h5p-server';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { actorOf, RolePermissionSystem } from './permissions';

const principal = (kind: Principal['kind'], name: string, type: 'admin' | 'teacher' | 'student'): Principal => {
  const payload = { id: 'sub', email: 'x@example.test', iat: 0, exp: 0, role: { name, type } };
  return { kind, payload, role: type, permissions: permissionsOf({ kind, payload, role: type }), h5pUser: { id: 'u1', name: 'X', email: 'x@example.test', type: 'local' } };
};

describe('RolePermissionSystem general actions (issue 7: libraries from a package are for super_admin only)', () => {
  const system = new RolePermissionSystem();
  const can = (p: Principal, perm: GeneralPermission) => system.checkForGeneralAction(actorOf(p), perm);

  it.each([
    ['super_admin', principal('user', 'super_admin', 'admin'), true, true],
    ['internal call', principal('internal', 'admin', 'admin'), true, true],
    ['tenant_admin', principal('user', 'tenant_admin', 'admin'), false, true],
    ['school_admin', principal('user', 'school_admin', 'admin'), false, true],
    ['teacher', principal('user', 'teacher', 'teacher'), false, true],
    ['student', principal('user', 'student', 'student'), false, false],
    ['embed token', principal('embed', 'student', 'student'), false, false],
  ])('%s: install/update from a package %s, recommended hub types %s', async (_name, p, install, recommended) => {
    expect(await can(p, GeneralPermission.UpdateAndInstallLibraries)).toBe(install);
    expect(await can(p, GeneralPermission.InstallRecommended)).toBe(recommended);
  });
});

// The H5P library's permission system, fed by the service's roles and extended permissions (spec "Roles").
// Content-level rules (owner, visibility) are enforced by lib/h5p/content.ts before the library is called;
// here only the general actions and the caller's own user data / temporary files are decided.
import {
  ContentPermission,
  GeneralPermission,
  TemporaryFilePermission,
  UserDataPermission,
  type ContentId,
  type IPermissionSystem,
  type IUser,
} from '@lumieducation/h5p-server';
import type { Role, Permissions } from '@/lib/auth/roles';
import { permissionsFor } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';

/** The user object handed to the H5P library: the H5P shape plus role, permissions and the caller's token. */
export interface H5pActor extends IUser {
  role: Role;
  permissions: Permissions;
  /** the bearer token of the request, injected into the AJAX addresses of editor and player models */
  token?: string;
}

export function actorOf(principal: Principal, token?: string | null): H5pActor {
  return { ...principal.h5pUser, role: principal.role, permissions: principal.permissions, ...(token ? { token } : {}) };
}

/** The system itself (installs at start-up, scripts, benchmarks). */
export const systemActor = (): H5pActor => ({
  id: 'system',
  name: 'System',
  email: 'system@localhost',
  type: 'local',
  role: 'admin',
  permissions: permissionsFor('admin'),
});

const perms = (u: IUser): Permissions => (u as Partial<H5pActor>).permissions ?? permissionsFor('student');

export class RolePermissionSystem implements IPermissionSystem<IUser> {
  async checkForContent(_user: IUser, _permission: ContentPermission, _contentId: ContentId | undefined): Promise<boolean> {
    return true;
  }

  async checkForUserData(user: IUser, permission: UserDataPermission, _contentId: ContentId, affectedUserId?: string): Promise<boolean> {
    // a caller reads and writes only their own state and results; admins may read others'
    if (!affectedUserId || affectedUserId === user.id) return true;
    const viewOnly = permission === UserDataPermission.ViewState || permission === UserDataPermission.ViewFinished || permission === UserDataPermission.ListStates;
    return viewOnly && (user as Partial<H5pActor>).role === 'admin';
  }

  async checkForTemporaryFile(_user: IUser, _permission: TemporaryFilePermission, _filename: string | undefined): Promise<boolean> {
    // temporary files live in per-user folders of the temporary storage
    return true;
  }

  async checkForGeneralAction(user: IUser, permission: GeneralPermission): Promise<boolean> {
    const p = perms(user);
    switch (permission) {
      case GeneralPermission.CreateRestricted:
        return p.canCreateRestricted;
      case GeneralPermission.InstallRecommended:
        return p.canInstallRecommended;
      case GeneralPermission.UpdateAndInstallLibraries:
        return p.canUpdateAndInstallLibraries;
      default:
        return false;
    }
  }
}

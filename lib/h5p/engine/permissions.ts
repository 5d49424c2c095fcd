// The H5P library's permission system, fed by the service's roles and extended permissions (spec "Roles").
// Content reads (view, download, embed) follow the one read rule of access.ts, so the library's own routes
// (AJAX get-content, /params, /download, content files) cannot serve what GET /h5p/content/:id refuses; edits
// and deletes keep the owner rules (the services in content.ts check them first with the spec's 403 texts).
// User data: a caller reads and writes their own; admins may read others' within their tenant (super_admin any).
import { userById } from '@/lib/auth/users';
import {
  ContentPermission,
  GeneralPermission,
  TemporaryFilePermission,
  UserDataPermission,
  type ContentId,
  type IPermissionSystem,
  type IUser,
} from '@lumieducation/h5p-server';
import type { Permissions } from '@/lib/auth/roles';
import { permissionsFor } from '@/lib/auth/roles';
import { canReadContent, contentAccessFacts, readerTenant, type Reader } from '@/lib/h5p/content/access';
import type { H5pActor } from './actor';
import { contentRoleOf } from '@/lib/h5p/content/roles';

// the actor lives apart from the permission system, which needs the H5P library: the route wrapper builds actors
// on every request without loading it (docs/performance.md, "Start-up on the embedded defaults")
export { actorOf, systemActor, type H5pActor } from './actor';

const perms = (u: IUser | undefined): Permissions => (u as Partial<H5pActor> | undefined)?.permissions ?? permissionsFor('student');
const readerOfUser = (u: IUser | undefined): Reader | undefined => (u as Partial<H5pActor> | undefined)?.reader;

/** May the reader read another user's state and results? Super admins any; tenant admins within their tenant. */
async function mayReadUserDataOf(reader: Reader, affectedUserId: string): Promise<boolean> {
  if (reader.superAdmin) return true;
  if (!reader.tenantAdmin) return false;
  const tenant = await readerTenant(reader);
  if (!tenant) return false;
  const affected = await userById(affectedUserId).catch(() => null);
  return affected?.tenantId === tenant;
}

export class RolePermissionSystem implements IPermissionSystem<IUser> {
  async checkForContent(user: IUser | undefined, permission: ContentPermission, contentId: ContentId | undefined): Promise<boolean> {
    const reader = readerOfUser(user);
    if (!reader) return false;
    switch (permission) {
      case ContentPermission.Create:
      case ContentPermission.List:
        // creation is gated by the routes (teacher level, quota); lists are built by the services per owner
        return reader.kind !== 'embed' && reader.kind !== 'anonymous';
      case ContentPermission.View:
      case ContentPermission.Download:
      case ContentPermission.Embed:
        return contentId !== undefined && contentId !== null && canReadContent(reader, String(contentId));
      case ContentPermission.Edit:
      case ContentPermission.Delete: {
        if (reader.kind === 'internal') return true;
        if (reader.kind !== 'user') return false;
        if (contentId === undefined || contentId === null) return true;
        const facts = await contentAccessFacts(String(contentId));
        // spec H5P rule 3: the owner, or anyone for content without an owner; an editor edits too (issue 27), never deletes
        if (!facts || !facts.ownerId || facts.ownerId === reader.userId) return true;
        return permission === ContentPermission.Edit && (await contentRoleOf(reader, String(contentId), facts)) === 'editor';
      }
      default:
        return false;
    }
  }

  async checkForUserData(user: IUser | undefined, permission: UserDataPermission, contentId: ContentId | undefined, affectedUserId?: string): Promise<boolean> {
    const reader = readerOfUser(user);
    if (!reader || !user) return false;
    // state and results belong to content the caller may read
    if (contentId !== undefined && contentId !== null && !(await canReadContent(reader, String(contentId)))) return false;
    if (!affectedUserId || affectedUserId === user.id) return true;
    const viewOnly = permission === UserDataPermission.ViewState || permission === UserDataPermission.ViewFinished || permission === UserDataPermission.ListStates;
    return viewOnly && mayReadUserDataOf(reader, affectedUserId);
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
        // installing or updating libraries from a package changes what every tenant runs: super_admin only
        return p.canUpdateAndInstallLibraries;
      default:
        return false;
    }
  }
}

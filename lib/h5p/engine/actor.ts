// The caller as the H5P engine and the content services see it. Apart from the permission system
// (permissions.ts): this module does not load the H5P library, so the route wrapper (lib/http/route.ts) can build
// an actor on every request without loading it at start-up.
import type { IUser } from '@lumieducation/h5p-server';
import type { Role, Permissions } from '@/lib/auth/roles';
import { permissionsFor, permissionsOf } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import type { User } from '@/lib/generated/prisma/client';
import { readerOf, type Reader } from '@/lib/h5p/content/access';

/** The user object handed to the H5P library: the H5P shape plus role, permissions, reader and the caller's token. */
export interface H5pActor extends IUser {
  role: Role;
  permissions: Permissions;
  /** what the content read rule knows about the caller (access.ts) */
  reader: Reader;
  /** the bearer token of the request, injected into the AJAX addresses of editor and player models */
  token?: string;
}

export function actorOf(principal: Principal, token?: string | null, user?: Pick<User, 'id' | 'tenantId'> | null): H5pActor {
  // a content token's principal is made once per token and user record (lib/auth/authenticate.ts): so is its actor
  const known = principal.kind === 'embed' ? embedActors.get(principal) : undefined;
  if (known && known.token === token && known.user === user) return known.actor;
  const actor: H5pActor = { ...principal.h5pUser, role: principal.role, permissions: permissionsOf(principal), reader: readerOf(principal, user), ...(token ? { token } : {}) };
  if (principal.kind === 'embed') embedActors.set(principal, { token, user, actor });
  return actor;
}

/** The actors of content tokens' principals (an embed reader is never changed: it needs no tenant). */
const embedActors = new WeakMap<Principal, { token: string | null | undefined; user: Pick<User, 'id' | 'tenantId'> | null | undefined; actor: H5pActor }>();

/** The system itself (installs at start-up, scripts, benchmarks). */
export const systemActor = (): H5pActor => ({
  id: 'system',
  name: 'System',
  email: 'system@localhost',
  type: 'local',
  role: 'admin',
  permissions: permissionsFor('admin', { superAdmin: true }),
  reader: readerOf({ kind: 'internal' } as Principal),
});

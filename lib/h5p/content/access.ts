// The one content read rule (issue 7 item 2). Every route that can return a content item or a part of it — the
// API, the player and embed pages, the H5P library's AJAX routes (params, download, user data, results), content
// files, quality, export, collections and the marketplace — asks this module, and the H5P library's own
// permission system (permissions.ts) asks it too. A caller may read content when
//   (a) it has no ownership row, or (b) it is public, or (c) the caller owns it, or
//   (d) the caller is a super_admin or an internal service call, or
//   (e) the caller is a tenant_admin/school_admin whose local record's tenant is the owner's tenant, or
//   (f) the caller holds an embed (player) token for exactly that content, or
//   (g) the caller is a user of the owner's tenant (the same non-null tenant) holding a viewer or editor share of the
//       content or of a folder it lies in (issue 27 item 1; share-lookup.ts). Asked last, in one query, only when
//       (a)–(e) have not decided; routes that need more than reading (export) ask for an editor's share.
// Anything else answers like unknown content: 404 Content not found (no existence leak).
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { userById } from '@/lib/auth/users';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { contentSnapshot, contentSnapshotNow, type ContentAccessFacts } from './content-cache';
import { shareRoleOf, type ShareRole } from './share-lookup';

export const CONTENT_NOT_FOUND = 'Content not found';

/** Who is reading: what the rule needs to know about the caller. */
export interface Reader {
  kind: 'anonymous' | 'user' | 'internal' | 'embed';
  /** the caller's local user id (the snippet author's for an embed token) */
  userId: string | null;
  superAdmin: boolean;
  /** tenant_admin or school_admin (an admin who is not a super_admin) */
  tenantAdmin: boolean;
  /** the local record's tenant; undefined = not loaded yet (looked up when the rule needs it) */
  tenantId?: string | null;
  /** the one content an embed token may play */
  embedContentId?: string;
}

export const ANONYMOUS: Reader = { kind: 'anonymous', userId: null, superAdmin: false, tenantAdmin: false, tenantId: null };

/** The reader of an authenticated caller (null: anonymous); pass the local record when the route has it. */
export function readerOf(principal: Principal | null | undefined, user?: Pick<User, 'id' | 'tenantId'> | null): Reader {
  if (!principal) return ANONYMOUS;
  if (principal.kind === 'internal') return { kind: 'internal', userId: null, superAdmin: true, tenantAdmin: false, tenantId: null };
  if (principal.kind === 'embed') {
    return { kind: 'embed', userId: principal.h5pUser.id, superAdmin: false, tenantAdmin: false, tenantId: null, ...(principal.embedContentId ? { embedContentId: principal.embedContentId } : {}) };
  }
  const superAdmin = isSuperAdmin(principal);
  return {
    kind: 'user',
    userId: user?.id ?? principal.h5pUser.id,
    superAdmin,
    tenantAdmin: principal.role === 'admin' && !superAdmin,
    ...(user ? { tenantId: user.tenantId } : {}),
  };
}

export type { ContentAccessFacts };

/** The rule itself, for callers that loaded the facts in a batch. `readerTenantId` is the reader's own tenant. */
export function mayRead(reader: Reader, contentId: string, facts: ContentAccessFacts, readerTenantId: string | null | undefined = reader.tenantId): boolean {
  if (reader.kind === 'embed') return reader.embedContentId === contentId; // (f), and nothing else
  if (!facts.ownerId) return true; // (a)
  if (facts.visibility === 'public') return true; // (b)
  if (reader.kind === 'anonymous') return false;
  if (reader.userId && facts.ownerId === reader.userId) return true; // (c)
  if (reader.superAdmin) return true; // (d)
  return reader.tenantAdmin && !!readerTenantId && readerTenantId === facts.ownerTenantId; // (e)
}

/**
 * Admin actions on a content item's data (curriculum metadata): the owner, a super_admin or internal call, or an
 * admin of the owner's tenant; content without an owner is open to any signed-in user (spec H5P rule 3).
 */
export async function mayManageContentData(reader: Reader, facts: ContentAccessFacts): Promise<boolean> {
  if (reader.kind === 'anonymous' || reader.kind === 'embed') return false;
  if (!facts.ownerId || facts.ownerId === reader.userId || reader.superAdmin) return true;
  if (!reader.tenantAdmin) return false;
  const tenant = await readerTenant(reader);
  return !!tenant && tenant === facts.ownerTenantId;
}

/** Whether rule (e) needs the reader's tenant to decide. */
const needsTenant = (reader: Reader, contentId: string, facts: ContentAccessFacts) =>
  reader.tenantAdmin && reader.tenantId === undefined && !mayRead(reader, contentId, facts, null);

/** The reader's tenant (from its local record), loaded once per reader. */
export async function readerTenant(reader: Reader): Promise<string | null> {
  if (reader.tenantId !== undefined) return reader.tenantId;
  if (!reader.userId) return null;
  const row = await userById(reader.userId);
  reader.tenantId = row?.tenantId ?? null;
  return reader.tenantId;
}

/** The access facts of existing content (null when there is no such content). */
export async function contentAccessFacts(contentId: string): Promise<ContentAccessFacts | null> {
  return (await contentSnapshot(contentId))?.facts ?? null;
}

/**
 * The reader's share role on owned content (rule g): null unless the reader is a user of the owner's (non-null)
 * tenant holding a share. The tenant comparison comes first, so readers of other tenants cost no share query.
 */
export async function readerShareRole(reader: Reader, contentId: string, facts: ContentAccessFacts): Promise<ShareRole | null> {
  if (reader.kind !== 'user' || !reader.userId || !facts.ownerId || !facts.ownerTenantId || facts.ownerId === reader.userId) return null;
  if ((await readerTenant(reader)) !== facts.ownerTenantId) return null;
  return shareRoleOf(reader.userId, contentId);
}

/**
 * The rule for facts already loaded, loading the reader's tenant when rule (e) needs it. `share`: the least share
 * role that admits a reader the other rules keep out (rule g; 'editor' for export and the editor).
 */
export async function readerMayRead(reader: Reader, contentId: string, facts: ContentAccessFacts, share: ShareRole = 'viewer'): Promise<boolean> {
  if (needsTenant(reader, contentId, facts)) await readerTenant(reader);
  if (mayRead(reader, contentId, facts)) return true;
  const role = await readerShareRole(reader, contentId, facts);
  return role === 'editor' || (role === 'viewer' && share === 'viewer');
}

/** May this reader read this content? false for unknown content too. */
export async function canReadContent(reader: Reader, contentId: string): Promise<boolean> {
  const facts = await contentAccessFacts(contentId);
  return !!facts && readerMayRead(reader, contentId, facts);
}

/**
 * assertCanRead (with its defaults) decided from memory without a promise: the facts when the reader may read the
 * item by rules (a)–(f) on facts this instance holds; undefined when only assertCanRead can answer (facts not in
 * memory, the reader's tenant or a share needed, or a refusal).
 */
export function readableNow(reader: Reader, contentId: string): ContentAccessFacts | undefined {
  const facts = contentSnapshotNow(contentId)?.facts;
  if (!facts || needsTenant(reader, contentId, facts)) return undefined;
  return mayRead(reader, contentId, facts) ? facts : undefined;
}

/**
 * Throws 404 Content not found (the same answer as unknown content) unless the reader may read it. `notFound`
 * replaces the 404 text; `denied` replaces the refusal where the spec names another answer (export: 403).
 */
export async function assertCanRead(reader: Reader, contentId: string, opts: { notFound?: string; denied?: AppError; share?: ShareRole } = {}): Promise<ContentAccessFacts> {
  const facts = await contentAccessFacts(contentId);
  const missing = () => new AppError(404, opts.notFound ?? CONTENT_NOT_FOUND);
  if (!facts) throw missing();
  if (!(await readerMayRead(reader, contentId, facts, opts.share))) throw opts.denied ?? missing();
  return facts;
}

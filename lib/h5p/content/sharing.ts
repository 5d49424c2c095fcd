// Sharing and co-authoring within a tenant (issue 27 item 1): the owner shares an item or a folder with colleagues of
// the same school as viewer or editor; "Shared with me" lists what others shared with the caller (directly or
// through a folder); the owner transfers an item to a colleague; an admin of the school reassigns all of a departing
// teacher's content and folders to another teacher. Who may do what on an item is roles.ts's; the read rule's share
// lookup is share-lookup.ts's. Every share, unshare, transfer and reassign is written to the tenant's audit log in
// the change's own transaction (lib/audit).
//   GET|POST /h5p/content/:id/shares, PATCH|DELETE /h5p/content/:id/shares/:userId, POST /h5p/content/:id/transfer,
//   GET /h5p/content/shared, GET|POST /api/folders/:id/shares, PATCH|DELETE /api/folders/:id/shares/:userId,
//   POST /api/admin/content/reassign
import { z } from 'zod';
import { recordAudit } from '@/lib/audit';
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { forgetUser } from '@/lib/auth/users';
import { invalidate } from '@/lib/cache/local';
import { db, Prisma } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import { fileStore } from '@/lib/files/store';
import { prefixSize } from '@/lib/files/types';
import type { User } from '@/lib/generated/prisma/client';
import { consumeContentQuota, reserveStorage } from '@/lib/plans/quota';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { typeTitle } from '@/lib/h5p/content-types/titles';
import { canReadContent, CONTENT_NOT_FOUND, type Reader } from './access';
import { forgetContent } from './content-cache';
import { contentRoleOf } from './roles';
import { folderShareRoleOf, type ShareRole } from './share-lookup';
import { FOLDER_ERR_TEXT, freeName } from './folders';

type Tx = Prisma.TransactionClient;
type Caller = Pick<User, 'id' | 'email' | 'tenantId'>;

export const SHARE_ERR_TEXT = {
  noTenant: 'Sharing is only available within a school',
  noColleague: 'No colleague with this email in your school',
  student: 'Content can only be shared with teachers, not with students',
  self: 'You cannot share with yourself',
  ownerOnly: 'Only the owner can change the sharing of this content',
  listForbidden: 'Only the owner or an editor can see who this content is shared with',
  exists: 'This content is already shared with this colleague',
  shareNotFound: 'Share not found',
  folderListForbidden: 'Only the owner or an editor can see who this folder is shared with',
  folderExists: 'This folder is already shared with this colleague',
  transferOwnerOnly: 'Only the owner can transfer this content',
  transferSelf: 'You already own this content',
  transferStorage: 'The new owner does not have enough storage for this content',
  transferQuota: 'The new owner has used up their monthly content quota',
  reassignNoTenant: 'Reassigning content is only available within a school',
  reassignNoUser: 'No user with this email in this school',
  reassignSame: 'Choose two different users',
  reassignStudent: 'Content can only be reassigned to a teacher, not to a student',
} as const;

/** The sharing routes' own errors (the API document's catalogue). */
export const SHARE_ERR = {
  noTenant: errorOf(403, SHARE_ERR_TEXT.noTenant),
  noColleague: errorOf(404, SHARE_ERR_TEXT.noColleague),
  student: errorOf(400, SHARE_ERR_TEXT.student),
  self: errorOf(400, SHARE_ERR_TEXT.self),
  ownerOnly: errorOf(403, SHARE_ERR_TEXT.ownerOnly),
  listForbidden: errorOf(403, SHARE_ERR_TEXT.listForbidden),
  exists: errorOf(409, SHARE_ERR_TEXT.exists),
  shareNotFound: errorOf(404, SHARE_ERR_TEXT.shareNotFound),
  folderListForbidden: errorOf(403, SHARE_ERR_TEXT.folderListForbidden),
  folderExists: errorOf(409, SHARE_ERR_TEXT.folderExists),
  folderNotFound: errorOf(404, FOLDER_ERR_TEXT.notFound),
  contentNotFound: errorOf(404, CONTENT_NOT_FOUND),
  transferOwnerOnly: errorOf(403, SHARE_ERR_TEXT.transferOwnerOnly),
  transferSelf: errorOf(400, SHARE_ERR_TEXT.transferSelf),
  transferStorage: errorOf(403, SHARE_ERR_TEXT.transferStorage),
  transferQuota: errorOf(429, SHARE_ERR_TEXT.transferQuota),
  reassignNoTenant: errorOf(403, SHARE_ERR_TEXT.reassignNoTenant),
  reassignNoUser: errorOf(404, SHARE_ERR_TEXT.reassignNoUser),
  reassignSame: errorOf(400, SHARE_ERR_TEXT.reassignSame),
  reassignStudent: errorOf(400, SHARE_ERR_TEXT.reassignStudent),
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const email = z.string().trim().toLowerCase().max(255).pipe(z.email({ message: 'must be an email address' }));
const role = z.enum(['viewer', 'editor'], { message: 'role must be viewer or editor' });

export const shareBody = z.object({ email, role });
export const shareRoleBody = z.object({ role });
export const transferBody = z.object({ email });
export const reassignBody = z.object({ fromEmail: email, toEmail: email });
export const contentShareParams = z.object({ contentId: z.string().min(1).max(100), userId: z.string().regex(UUID, 'must be a user id') });
export const folderShareParams = z.object({ id: z.string().min(1).max(100), userId: z.string().regex(UUID, 'must be a user id') });
export const sharedWithMeQuery = z.object({
  search: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type ShareInput = z.output<typeof shareBody>;

export const shareSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['viewer', 'editor']),
  sharedAt: z.string(),
});
export type ShareView = z.infer<typeof shareSchema>;

export const sharedItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  mainLibrary: z.string(),
  contentTypeTitle: z.string(),
  updatedAt: z.string(),
  /** the caller's strongest role on the item (an item shared twice, directly and through a folder, lists once) */
  role: z.enum(['viewer', 'editor']),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  sharedAt: z.string(),
  /** 'item': shared directly; 'folder': through a folder (or one above it) */
  via: z.enum(['item', 'folder']),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const transferResultSchema = z.object({ contentId: z.string(), owner: z.object({ id: z.string(), name: z.string(), email: z.string() }) });
export const reassignResultSchema = z.object({ items: z.number().int(), folders: z.number().int(), from: z.string(), to: z.string() });

// ---------------------------------------------------------------- who, where

/** The caller's school, or 403: sharing needs one (a missing tenant is never the same tenant). */
function tenantOf(caller: Caller): string {
  if (!caller.tenantId) throw AppError.of(SHARE_ERR.noTenant);
  return caller.tenantId;
}

/** A colleague of the caller's school by email: the same 404 for an unknown email and another school's user. */
async function colleagueByEmail(tenantId: string, addr: string, caller: Caller) {
  const target = await db().user.findFirst({ where: { email: addr, tenantId }, select: { id: true, email: true, name: true, role: true, tenantId: true } });
  if (!target) throw AppError.of(SHARE_ERR.noColleague);
  if (target.id === caller.id) throw AppError.of(SHARE_ERR.self);
  if (target.role === 'student') throw AppError.of(SHARE_ERR.student);
  return target;
}

const actorOf = (caller: Caller) => ({ id: caller.id, email: caller.email });

function shareView(row: { userId: string; role: string; createdAt: Date; user: { email: string; name: string } }): ShareView {
  return { userId: row.userId, email: row.user.email, name: row.user.name, role: row.role === 'editor' ? 'editor' : 'viewer', sharedAt: row.createdAt.toISOString() };
}

/** Shares with their users (one query for the users). */
async function withUsers(rows: { userId: string; role: string; createdAt: Date }[]): Promise<ShareView[]> {
  const users = await db().user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, email: true, name: true } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.flatMap((r) => {
    const u = byId.get(r.userId);
    return u ? [shareView({ ...r, user: u })] : [];
  });
}

const conflict = (e: ReturnType<typeof errorOf>) => (err: unknown) => {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw AppError.of(e);
  throw err;
};

// ---------------------------------------------------------------- an item's shares

/**
 * The item as its owner manages it: 404 for callers who may not read it (`reader`: the caller with their admin
 * rights), 403 for readers who do not own it.
 */
async function ownedItem(caller: Caller, reader: Reader, contentId: string, denied: ReturnType<typeof errorOf> = SHARE_ERR.ownerOnly) {
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, ownership: { select: { userId: true } } } });
  if (!row || !(await canReadContent(reader, contentId))) throw AppError.of(SHARE_ERR.contentNotFound);
  if (row.ownership?.userId !== caller.id) throw AppError.of(denied);
  return { title: row.title };
}

/** GET /h5p/content/:id/shares: the owner and its editors (others who may read it: 403; everyone else 404). */
export async function listItemShares(reader: Reader, contentId: string): Promise<ShareView[]> {
  if (!(await canReadContent(reader, contentId))) throw AppError.of(SHARE_ERR.contentNotFound);
  const role = await contentRoleOf(reader, contentId);
  if (role !== 'owner' && role !== 'editor') throw AppError.of(SHARE_ERR.listForbidden);
  const rows = await db().contentShare.findMany({ where: { contentId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return withUsers(rows);
}

/** POST /h5p/content/:id/shares: the owner shares the item with a colleague of the same school. */
export async function addItemShare(caller: Caller, reader: Reader, contentId: string, input: ShareInput): Promise<ShareView> {
  const { title } = await ownedItem(caller, reader, contentId);
  const tenantId = tenantOf(caller);
  const target = await colleagueByEmail(tenantId, input.email, caller);
  const row = await db()
    .$transaction(async (tx) => {
      const created = await tx.contentShare.create({ data: { contentId, userId: target.id, role: input.role, sharedBy: caller.id } });
      await recordAudit({ tenantId, actor: actorOf(caller), action: 'content.share', target: { type: 'content', id: contentId, label: title }, details: { with: target.email, role: input.role } }, tx);
      return created;
    })
    .catch(conflict(SHARE_ERR.exists));
  return shareView({ ...row, user: target });
}

/** PATCH /h5p/content/:id/shares/:userId: the owner changes a colleague's role. */
export async function changeItemShare(caller: Caller, reader: Reader, contentId: string, userId: string, newRole: ShareRole): Promise<ShareView> {
  const { title } = await ownedItem(caller, reader, contentId);
  const tenantId = tenantOf(caller);
  return db().$transaction(async (tx) => {
    const share = await tx.contentShare.findUnique({ where: { contentId_userId: { contentId, userId } } });
    if (!share) throw AppError.of(SHARE_ERR.shareNotFound);
    const row = await tx.contentShare.update({ where: { id: share.id }, data: { role: newRole } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true } });
    await recordAudit({ tenantId, actor: actorOf(caller), action: 'content.share', target: { type: 'content', id: contentId, label: title }, details: { with: user.email, role: newRole, from: share.role } }, tx);
    return shareView({ ...row, user });
  });
}

/** DELETE /h5p/content/:id/shares/:userId: the owner removes a colleague's share. */
export async function removeItemShare(caller: Caller, reader: Reader, contentId: string, userId: string): Promise<void> {
  const { title } = await ownedItem(caller, reader, contentId);
  const tenantId = tenantOf(caller);
  await db().$transaction(async (tx) => {
    const share = await tx.contentShare.findUnique({ where: { contentId_userId: { contentId, userId } } });
    if (!share) throw AppError.of(SHARE_ERR.shareNotFound);
    await tx.contentShare.delete({ where: { id: share.id } });
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    await recordAudit({ tenantId, actor: actorOf(caller), action: 'content.unshare', target: { type: 'content', id: contentId, label: title }, details: { with: user?.email ?? userId, role: share.role } }, tx);
  });
}

// ---------------------------------------------------------------- a folder's shares

/** The caller's own folder (404 Folder not found for anyone else's: folders are private to their owner). */
async function ownedFolder(caller: Caller, folderId: string) {
  const f = UUID.test(folderId) ? await db().contentFolder.findFirst({ where: { id: folderId, ownerId: caller.id, tenantId: caller.tenantId ?? null }, select: { id: true, name: true } }) : null;
  if (!f) throw AppError.of(SHARE_ERR.folderNotFound);
  return f;
}

/** GET /api/folders/:id/shares: the owner and the folder's editors; its viewers 403; everyone else 404. */
export async function listFolderShares(caller: Caller, folderId: string): Promise<ShareView[]> {
  if (!UUID.test(folderId)) throw AppError.of(SHARE_ERR.folderNotFound);
  const folder = await db().contentFolder.findUnique({ where: { id: folderId }, select: { ownerId: true, tenantId: true } });
  if (!folder) throw AppError.of(SHARE_ERR.folderNotFound);
  if (folder.ownerId !== caller.id) {
    const sameSchool = !!caller.tenantId && caller.tenantId === folder.tenantId;
    const shareRole = sameSchool ? await folderShareRoleOf(caller.id, folderId) : null;
    if (!shareRole) throw AppError.of(SHARE_ERR.folderNotFound);
    if (shareRole !== 'editor') throw AppError.of(SHARE_ERR.folderListForbidden);
  }
  const rows = await db().contentShare.findMany({ where: { folderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return withUsers(rows);
}

/** POST /api/folders/:id/shares: the owner shares a folder (and everything in it and below it). */
export async function addFolderShare(caller: Caller, folderId: string, input: ShareInput): Promise<ShareView> {
  const folder = await ownedFolder(caller, folderId);
  const tenantId = tenantOf(caller);
  const target = await colleagueByEmail(tenantId, input.email, caller);
  const row = await db()
    .$transaction(async (tx) => {
      const created = await tx.contentShare.create({ data: { folderId: folder.id, userId: target.id, role: input.role, sharedBy: caller.id } });
      await recordAudit({ tenantId, actor: actorOf(caller), action: 'folder.share', target: { type: 'folder', id: folder.id, label: folder.name }, details: { with: target.email, role: input.role } }, tx);
      return created;
    })
    .catch(conflict(SHARE_ERR.folderExists));
  return shareView({ ...row, user: target });
}

/** PATCH /api/folders/:id/shares/:userId */
export async function changeFolderShare(caller: Caller, folderId: string, userId: string, newRole: ShareRole): Promise<ShareView> {
  const folder = await ownedFolder(caller, folderId);
  const tenantId = tenantOf(caller);
  return db().$transaction(async (tx) => {
    const share = await tx.contentShare.findUnique({ where: { folderId_userId: { folderId: folder.id, userId } } });
    if (!share) throw AppError.of(SHARE_ERR.shareNotFound);
    const row = await tx.contentShare.update({ where: { id: share.id }, data: { role: newRole } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true } });
    await recordAudit({ tenantId, actor: actorOf(caller), action: 'folder.share', target: { type: 'folder', id: folder.id, label: folder.name }, details: { with: user.email, role: newRole, from: share.role } }, tx);
    return shareView({ ...row, user });
  });
}

/** DELETE /api/folders/:id/shares/:userId */
export async function removeFolderShare(caller: Caller, folderId: string, userId: string): Promise<void> {
  const folder = await ownedFolder(caller, folderId);
  const tenantId = tenantOf(caller);
  await db().$transaction(async (tx) => {
    const share = await tx.contentShare.findUnique({ where: { folderId_userId: { folderId: folder.id, userId } } });
    if (!share) throw AppError.of(SHARE_ERR.shareNotFound);
    await tx.contentShare.delete({ where: { id: share.id } });
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    await recordAudit({ tenantId, actor: actorOf(caller), action: 'folder.unshare', target: { type: 'folder', id: folder.id, label: folder.name }, details: { with: user?.email ?? userId, role: share.role } }, tx);
  });
}

// ---------------------------------------------------------------- shared with me

/**
 * GET /h5p/content/shared: items of colleagues of the caller's school shared with the caller, directly or through a
 * folder (at any depth), newest share first, paged by offset. One statement: the grants (direct shares, and every
 * item in a shared folder's subtree), the strongest per item, the page with its total. A caller without a school
 * has none.
 */
export async function sharedWithMe(user: Pick<User, 'id' | 'tenantId'>, q: z.output<typeof sharedWithMeQuery>, locale: string): Promise<{ data: SharedItem[]; total: number }> {
  if (!user.tenantId) return { data: [], total: 0 };
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = await db().$queryRaw<
    { id: string; title: string; main_library: string; updated_at: Date; role: string; shared_at: Date; direct: boolean; owner_id: string; owner_name: string; owner_email: string; total: number }[]
  >`
    WITH RECURSIVE fs AS (
      SELECT s.folder_id AS id, s.role, s.created_at AS shared_at, 1 AS d FROM content_shares s WHERE s.user_id = ${user.id}::uuid AND s.folder_id IS NOT NULL
      UNION ALL
      SELECT f.id, fs.role, fs.shared_at, fs.d + 1 FROM content_folders f JOIN fs ON f.parent_id = fs.id WHERE fs.d < 8
    ), grants AS (
      SELECT s.content_id, s.role, s.created_at AS shared_at, true AS direct FROM content_shares s WHERE s.user_id = ${user.id}::uuid AND s.content_id IS NOT NULL
      UNION ALL
      SELECT o.content_id, fs.role, fs.shared_at, false FROM fs JOIN content_ownership o ON o.folder_id = fs.id
    ), best AS (
      SELECT content_id, bool_or(role = 'editor') AS editor, max(shared_at) AS shared_at, bool_or(direct) AS direct FROM grants GROUP BY content_id
    )
    SELECT c.id, c.title, c.main_library, c.updated_at, CASE WHEN b.editor THEN 'editor' ELSE 'viewer' END AS role, b.shared_at, b.direct,
           u.id::text AS owner_id, u.name AS owner_name, u.email AS owner_email, (count(*) OVER ())::int AS total
      FROM best b JOIN h5p_contents c ON c.id = b.content_id JOIN content_ownership o ON o.content_id = c.id JOIN users u ON u.id = o.user_id
     WHERE o.user_id <> ${user.id}::uuid AND u.tenant_id = ${user.tenantId}::uuid
       ${search ? Prisma.sql`AND c.title ILIKE ${search}` : Prisma.empty}
     ORDER BY b.shared_at DESC, c.id
     LIMIT ${q.limit} OFFSET ${q.offset}`;
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    // past the last page: the total still says how many there are
    total = (await sharedWithMe(user, { ...q, offset: 0, limit: 1 }, locale)).total;
  }
  const libs = await db().h5pLibrary.findMany({ where: { machineName: { in: [...new Set(rows.map((r) => r.main_library))] } }, select: { machineName: true, title: true } });
  const libTitle = new Map(libs.map((l) => [l.machineName, l.title]));
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      mainLibrary: r.main_library,
      contentTypeTitle: typeTitle(r.main_library, locale, libTitle.get(r.main_library)),
      updatedAt: r.updated_at.toISOString(),
      role: r.role === 'editor' ? 'editor' : 'viewer',
      owner: { id: r.owner_id, name: r.owner_name, email: r.owner_email },
      sharedAt: r.shared_at.toISOString(),
      via: r.direct ? 'item' : 'folder',
    })),
  };
}

// ---------------------------------------------------------------- ownership

/**
 * POST /h5p/content/:id/transfer: the owner hands the item to a colleague of the same school, who takes its files'
 * bytes on their storage allowance (403 when they do not fit) and one unit of their monthly content quota (429 when
 * it is used up). The item leaves the old owner's folders (top level for the new owner) and the old owner stays on
 * as its editor; a share the new owner held of it goes (they own it now). One transaction, audited.
 */
export async function transferOwnership(caller: Caller, reader: Reader, contentId: string, to: string) {
  const { title } = await ownedItem(caller, reader, contentId, SHARE_ERR.transferOwnerOnly);
  const tenantId = tenantOf(caller);
  const target = await colleagueByEmail(tenantId, to, caller).catch((err: unknown) => {
    if (err instanceof AppError && err.message === SHARE_ERR_TEXT.self) throw AppError.of(SHARE_ERR.transferSelf);
    throw err;
  });
  const bytes = await prefixSize(fileStore(), contentPrefix(contentId));
  await db().$transaction(async (tx) => {
    const moved = await tx.contentOwnership.updateMany({ where: { contentId, userId: caller.id }, data: { userId: target.id, folderId: null } });
    if (moved.count !== 1) throw AppError.of(SHARE_ERR.transferOwnerOnly); // transferred or deleted meanwhile
    if (!(await consumeContentQuota(target.id, tx))) throw AppError.of(SHARE_ERR.transferQuota);
    if (!(await reserveStorage(target.id, bytes, tx))) throw AppError.of(SHARE_ERR.transferStorage);
    await tx.$executeRaw`UPDATE users SET storage_used = GREATEST(storage_used - ${bytes}::bigint, 0) WHERE id = ${caller.id}::uuid`;
    await tx.contentShare.deleteMany({ where: { contentId, userId: { in: [target.id, caller.id] } } });
    await tx.contentShare.create({ data: { contentId, userId: caller.id, role: 'editor', sharedBy: caller.id } });
    await recordAudit({ tenantId, actor: actorOf(caller), action: 'content.transfer', target: { type: 'content', id: contentId, label: title }, details: { from: caller.email, to: target.email, bytes } }, tx);
  });
  await Promise.all([forgetContent(contentId), forgetUser(caller.id), forgetUser(target.id)]);
  return { contentId, owner: { id: target.id, name: target.name, email: target.email } };
}

/**
 * POST /api/admin/content/reassign: all content and folders of one user of a school move to another user of the same
 * school (a departing teacher's). A tenant admin within their own school; a super admin within any one school (both
 * users in it). Folders keep their tree (a top-level folder whose name the new owner already uses is renamed
 * "<name> (2)" …); the bytes move with the content (an admin's decision: no allowance check); shares the new
 * owner held of the moved items and folders go. One transaction, audited.
 */
export async function reassignContent(principal: Principal | null, admin: Caller, input: z.output<typeof reassignBody>) {
  const superAdmin = isSuperAdmin(principal);
  if (!superAdmin && !admin.tenantId) throw AppError.of(SHARE_ERR.reassignNoTenant);
  if (input.fromEmail === input.toEmail) throw AppError.of(SHARE_ERR.reassignSame);
  const users = await db().user.findMany({ where: { email: { in: [input.fromEmail, input.toEmail] } }, select: { id: true, email: true, name: true, role: true, tenantId: true, storageUsed: true } });
  const from = users.find((u) => u.email === input.fromEmail);
  const to = users.find((u) => u.email === input.toEmail);
  const school = superAdmin ? from?.tenantId : admin.tenantId;
  // the same answer for an unknown email and a user of another school (no existence leak across schools)
  if (!from || !to || !school || from.tenantId !== school || to.tenantId !== school) throw AppError.of(SHARE_ERR.reassignNoUser);
  if (to.role === 'student') throw AppError.of(SHARE_ERR.reassignStudent);
  const result = await db().$transaction(async (tx) => {
    for (const id of [from.id, to.id].sort()) await lockFolders(tx, id);
    const [fromTop, toTop] = await Promise.all([
      tx.contentFolder.findMany({ where: { ownerId: from.id, parentId: null }, orderBy: { createdAt: 'asc' }, select: { id: true, name: true } }),
      tx.contentFolder.findMany({ where: { ownerId: to.id, parentId: null }, select: { name: true } }),
    ]);
    const taken = new Set(toTop.map((f) => f.name.toLowerCase()));
    for (const f of fromTop) {
      const name = freeName(f.name, taken);
      taken.add(name.toLowerCase());
      if (name !== f.name) await tx.contentFolder.update({ where: { id: f.id }, data: { name } });
    }
    const folders = await tx.contentFolder.updateMany({ where: { ownerId: from.id }, data: { ownerId: to.id, tenantId: school } });
    const items = await tx.contentOwnership.updateMany({ where: { userId: from.id }, data: { userId: to.id } });
    // the new owner needs no share of what is now theirs
    await tx.$executeRaw`DELETE FROM content_shares s WHERE s.user_id = ${to.id}::uuid
      AND (s.content_id IN (SELECT o.content_id FROM content_ownership o WHERE o.user_id = ${to.id}::uuid)
        OR s.folder_id IN (SELECT f.id FROM content_folders f WHERE f.owner_id = ${to.id}::uuid))`;
    await tx.$executeRaw`UPDATE users SET storage_used = storage_used + ${from.storageUsed}::bigint WHERE id = ${to.id}::uuid`;
    await tx.$executeRaw`UPDATE users SET storage_used = 0 WHERE id = ${from.id}::uuid`;
    await recordAudit(
      { tenantId: school, actor: actorOf(admin), action: 'content.reassign', target: { type: 'user', id: from.id, label: from.email }, details: { from: from.email, to: to.email, items: items.count, folders: folders.count } },
      tx,
    );
    return { items: items.count, folders: folders.count };
  });
  await Promise.all([invalidate('content'), forgetUser(from.id), forgetUser(to.id)]);
  return { items: result.items, folders: result.folders, from: from.email, to: to.email };
}

/** The folder writes of one owner, one at a time (the same lock as folders.ts). */
async function lockFolders(tx: Tx, ownerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('content_folders'), hashtext(${ownerId}))`;
}

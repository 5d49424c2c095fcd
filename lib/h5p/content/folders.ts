// Folders of a teacher's own content (issue 25 item 4): nested at most MAX_FOLDER_DEPTH levels, a name once among its
// siblings (case-insensitively), every query scoped to the owner and their tenant. An item's folder lives on its
// ownership row (content_ownership.folder_id; NULL: the top level). Each write runs in one transaction under the
// owner's advisory lock, so the checks (siblings' names, cycles, depth) hold against concurrent writes of the same
// owner. Deleting a folder deletes no content: its items move to its parent (or the top level) and its subfolders
// move up one level (renamed "<name> (2)" … when the parent already has a folder of that name).
//   GET /api/folders, POST /api/folders, PATCH|DELETE /api/folders/:id, POST /api/folders/move
import { z } from 'zod';
import { db, Prisma } from '@/lib/db/client';
import type { ContentFolder, User } from '@/lib/generated/prisma/client';
import { AppError, errorOf } from '@/lib/errors';
import { findControlChars } from '@/lib/net/control-chars';
import { CONTENT_NOT_FOUND } from './access';

type Tx = Prisma.TransactionClient;
type Owner = Pick<User, 'id' | 'tenantId'>;

/** How deep folders nest: a top-level folder is level 1. */
export const MAX_FOLDER_DEPTH = 8;
/** Most content ids in one move. */
export const MAX_MOVE_ITEMS = 500;

export const FOLDER_ERR_TEXT = {
  notFound: 'Folder not found',
  exists: 'A folder with this name already exists here',
  cycle: 'Validation error: parentId: a folder cannot move into itself or its subfolders',
  tooDeep: `Validation error: parentId: folders nest at most ${MAX_FOLDER_DEPTH} levels deep`,
} as const;

export const FOLDER_ERR = {
  notFound: errorOf(404, FOLDER_ERR_TEXT.notFound),
  exists: errorOf(409, FOLDER_ERR_TEXT.exists),
  cycle: errorOf(400, FOLDER_ERR_TEXT.cycle),
  tooDeep: errorOf(400, FOLDER_ERR_TEXT.tooDeep),
  contentNotFound: errorOf(404, CONTENT_NOT_FOUND),
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const folderId = z.string().regex(UUID, 'must be a folder id');
const folderName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((v) => findControlChars(v) === null, 'control characters are not allowed');

export const folderParams = z.object({ id: z.string().min(1).max(100) });
export const createFolderBody = z.object({ name: folderName, parentId: folderId.nullable().optional() });
export const updateFolderBody = z.object({ name: folderName.optional(), parentId: folderId.nullable().optional() });
export const moveContentsBody = z.object({
  contentIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_MOVE_ITEMS),
  folderId: folderId.nullable(),
});
export type CreateFolderInput = z.output<typeof createFolderBody>;
export type UpdateFolderInput = z.output<typeof updateFolderBody>;
export type MoveContentsInput = z.output<typeof moveContentsBody>;

/** One folder of GET /api/folders: a flat list, the tree built from parentId. */
export const folderNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null: at the top level */
  parentId: z.string().nullable(),
  /** the items directly in this folder (not in its subfolders) */
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FolderNodeView = z.infer<typeof folderNodeSchema>;
export const folderListExtra = { rootItemCount: z.number().int().describe('the items at the top level (in no folder)') };
export const moveResultSchema = z.object({ moved: z.number().int(), folderId: z.string().nullable() });
export const deleteResultSchema = z.object({ itemsMoved: z.number().int(), foldersMoved: z.number().int(), parentId: z.string().nullable() });

const scope = (owner: Owner) => ({ ownerId: owner.id, tenantId: owner.tenantId ?? null });

const view = (f: ContentFolder, itemCount: number): FolderNodeView => ({
  id: f.id,
  name: f.name,
  parentId: f.parentId,
  itemCount,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

/** The owner's folder writes one at a time (the key: the owner's id hashed, in a namespace of its own). */
async function lockOwner(tx: Tx, ownerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('content_folders'), hashtext(${ownerId}))`;
}

/** Every folder of the owner, by id. A teacher has tens or hundreds: the tree's checks run in memory. */
async function foldersOf(tx: Tx | ReturnType<typeof db>, owner: Owner): Promise<Map<string, ContentFolder>> {
  const rows = await tx.contentFolder.findMany({ where: scope(owner) });
  return new Map(rows.map((f) => [f.id, f]));
}

function mustFind(all: Map<string, ContentFolder>, id: string | null | undefined): ContentFolder {
  const f = id && UUID.test(id) ? all.get(id) : undefined;
  if (!f) throw AppError.of(FOLDER_ERR.notFound);
  return f;
}

/** The level of `id` (a top-level folder: 1; the top level itself, null: 0). */
function levelOf(all: Map<string, ContentFolder>, id: string | null): number {
  let n = 0;
  for (let cur = id ? all.get(id) : undefined; cur && n <= all.size; cur = cur.parentId ? all.get(cur.parentId) : undefined) n++;
  return n;
}

/** How many levels the subtree of `id` spans (the folder alone: 1). */
function heightOf(all: Map<string, ContentFolder>, id: string): number {
  const children = new Map<string, string[]>();
  for (const f of all.values()) if (f.parentId) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
  const walk = (fid: string, seen: Set<string>): number => {
    if (seen.has(fid)) return 0;
    seen.add(fid);
    return 1 + Math.max(0, ...(children.get(fid) ?? []).map((c) => walk(c, seen)));
  };
  return walk(id, new Set());
}

/** Whether `candidate` is `id` itself or lies inside its subtree. */
function isWithin(all: Map<string, ContentFolder>, id: string, candidate: string | null): boolean {
  const seen = new Set<string>();
  for (let cur = candidate; cur && !seen.has(cur); cur = all.get(cur)?.parentId ?? null) {
    if (cur === id) return true;
    seen.add(cur);
  }
  return false;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function assertNameFree(all: Map<string, ContentFolder>, parentId: string | null, name: string, exceptId?: string): void {
  for (const f of all.values()) {
    if (f.id !== exceptId && f.parentId === parentId && sameName(f.name, name)) throw AppError.of(FOLDER_ERR.exists);
  }
}

/** A unique index refusal (two writes racing past the check on another instance): the same 409. */
function asConflict(err: unknown): never {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw AppError.of(FOLDER_ERR.exists);
  throw err;
}

/** GET /api/folders: the owner's folders (flat, by name) with the items directly in each, and the top level's count. */
export async function listFolders(owner: Owner): Promise<{ folders: FolderNodeView[]; rootItemCount: number }> {
  const [rows, counts] = await Promise.all([
    db().contentFolder.findMany({ where: scope(owner), orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    db().contentOwnership.groupBy({ by: ['folderId'], where: { userId: owner.id }, _count: { _all: true } }),
  ]);
  const byFolder = new Map(counts.map((c) => [c.folderId, c._count._all]));
  const known = new Set(rows.map((r) => r.id));
  // an item whose folder is not the caller's (cannot happen through the API) counts at the top level, where it lists
  let root = 0;
  for (const [fid, n] of byFolder) if (fid === null || !known.has(fid)) root += n;
  return { folders: rows.map((f) => view(f, byFolder.get(f.id) ?? 0)), rootItemCount: root };
}

/** POST /api/folders: a new folder at the top level or in one of the owner's folders. */
export async function createFolder(owner: Owner, input: CreateFolderInput): Promise<FolderNodeView> {
  const parentId = input.parentId ?? null;
  return db()
    .$transaction(async (tx) => {
      await lockOwner(tx, owner.id);
      const all = await foldersOf(tx, owner);
      if (parentId) mustFind(all, parentId);
      if (levelOf(all, parentId) + 1 > MAX_FOLDER_DEPTH) throw AppError.of(FOLDER_ERR.tooDeep);
      assertNameFree(all, parentId, input.name);
      const f = await tx.contentFolder.create({ data: { ...scope(owner), parentId, name: input.name } });
      return view(f, 0);
    })
    .catch(asConflict);
}

/** PATCH /api/folders/:id: rename and/or move under another of the owner's folders (null: to the top level). */
export async function updateFolder(owner: Owner, id: string, input: UpdateFolderInput): Promise<FolderNodeView> {
  return db()
    .$transaction(async (tx) => {
      await lockOwner(tx, owner.id);
      const all = await foldersOf(tx, owner);
      const folder = mustFind(all, id);
      const parentId = input.parentId === undefined ? folder.parentId : input.parentId;
      const name = input.name ?? folder.name;
      if (parentId !== folder.parentId) {
        if (parentId) mustFind(all, parentId);
        if (isWithin(all, folder.id, parentId)) throw AppError.of(FOLDER_ERR.cycle);
        if (levelOf(all, parentId) + heightOf(all, folder.id) > MAX_FOLDER_DEPTH) throw AppError.of(FOLDER_ERR.tooDeep);
      }
      assertNameFree(all, parentId, name, folder.id);
      const f = await tx.contentFolder.update({ where: { id: folder.id }, data: { name, parentId } });
      const count = await tx.contentOwnership.count({ where: { userId: owner.id, folderId: f.id } });
      return view(f, count);
    })
    .catch(asConflict);
}

/** `name`, or `name (2)`, `name (3)` … : the first not taken among `taken` (lowercased), at most 100 characters. */
export function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const candidate = `${name.slice(0, 100 - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * DELETE /api/folders/:id: the folder goes; nothing else does. Its items move to its parent (or the top level),
 * its subfolders move up to its parent, each renamed "<name> (2)" … when the parent already has a folder of that name.
 */
export async function deleteFolder(owner: Owner, id: string): Promise<z.infer<typeof deleteResultSchema>> {
  return db().$transaction(async (tx) => {
    await lockOwner(tx, owner.id);
    const all = await foldersOf(tx, owner);
    const folder = mustFind(all, id);
    const parentId = folder.parentId;
    const taken = new Set([...all.values()].filter((f) => f.parentId === parentId && f.id !== folder.id).map((f) => f.name.toLowerCase()));
    const children = [...all.values()].filter((f) => f.parentId === folder.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // the folder's own name stops being taken among the siblings its children join (its id: a name no one types)
    await tx.contentFolder.update({ where: { id: folder.id }, data: { name: folder.id } });
    for (const c of children) {
      const name = freeName(c.name, taken);
      taken.add(name.toLowerCase());
      await tx.contentFolder.update({ where: { id: c.id }, data: { parentId, name } });
    }
    const items = await tx.contentOwnership.updateMany({ where: { userId: owner.id, folderId: folder.id }, data: { folderId: parentId } });
    await tx.contentFolder.delete({ where: { id: folder.id } });
    return { itemsMoved: items.count, foldersMoved: children.length, parentId };
  });
}

/**
 * POST /api/folders/move: the owner's items into one of their folders (null: the top level). All or nothing: an
 * id that is not the caller's own content answers 404 Content not found and moves nothing.
 */
export async function moveContents(owner: Owner, input: MoveContentsInput): Promise<z.infer<typeof moveResultSchema>> {
  const ids = [...new Set(input.contentIds)];
  return db().$transaction(async (tx) => {
    await lockOwner(tx, owner.id);
    if (input.folderId) {
      const f = await tx.contentFolder.findFirst({ where: { id: input.folderId, ...scope(owner) }, select: { id: true } });
      if (!f) throw AppError.of(FOLDER_ERR.notFound);
    }
    const owned = await tx.contentOwnership.count({ where: { userId: owner.id, contentId: { in: ids } } });
    if (owned !== ids.length) throw AppError.of(FOLDER_ERR.contentNotFound);
    const r = await tx.contentOwnership.updateMany({ where: { userId: owner.id, contentId: { in: ids } }, data: { folderId: input.folderId } });
    return { moved: r.count, folderId: input.folderId };
  });
}

/** One of the owner's folders by id (null: not theirs, or no such folder): the import page names its target. */
export async function findFolder(owner: Owner, id: string | null | undefined): Promise<{ id: string; name: string } | null> {
  if (!id || !UUID.test(id)) return null;
  return db().contentFolder.findFirst({ where: { id, ...scope(owner) }, select: { id: true, name: true } });
}

// Recording revisions (issue 27 items 2 and 3). Every save of a content item writes one content_revisions row in the
// save's own transaction (recordRevision): a crash leaves both or neither. The row holds the parameters, metadata,
// who and when, kind and note at once; the save's files are listed by content hash right after the H5P library has
// copied them into the item (settleRevisionFiles) — and, should an instance die in between, by the item's next save
// (whose transaction sees exactly those files) or whoever reads the revision first.
// Conflicts: a save that names the revision it started from (baseRevision) is refused with 409 when another save came
// first — checked under the item's row lock, so of two saves from one base exactly one wins.
// Retention: the newest KEEP_REVISIONS of an item and every revision younger than KEEP_DAYS, whichever keeps more,
// pruned in the save's transaction.
import { db, Prisma } from '@/lib/db/client';
import { AppError, apiError } from '@/lib/errors';
import { fileStore } from '@/lib/files/store';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { blobKey, ensureBlob, hashStored } from './blobs';
import type { RevisionAuthor, RevisionKind } from './context';

type Tx = Prisma.TransactionClient;

export const KEEP_REVISIONS = 50;
export const KEEP_DAYS = 180;
export const NOTE_MAX = 500;

export interface RevisionFile {
  path: string;
  sha256: string;
  size: number;
}

export interface RevisionInput {
  contentId: string;
  kind: RevisionKind;
  title: string;
  mainLibrary: string;
  parameters: Prisma.InputJsonValue;
  metadata: Prisma.InputJsonValue;
  /** known files (a restore's, an import's); omitted = recorded after the save (settleRevisionFiles) */
  files?: RevisionFile[] | null;
  author?: RevisionAuthor | null;
  note?: string | null;
}

/** The 409 of a save whose base is not the item's latest revision (the text names who saved and when). */
export const REVISION_CONFLICT = apiError(409, 'revision_conflict', 'This content was changed by <name> at <time> UTC after you opened it');

/** 2026-11-27 13:05 */
export const utcMinute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** Takes the item's row lock for the rest of the transaction (false: no such item). */
export async function lockContent(tx: Tx, contentId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM h5p_contents WHERE id = ${contentId} FOR UPDATE`;
  return rows.length === 1;
}

/** The item's latest revision (under the row lock: the one a save must have started from). */
export function latestRevision(tx: Tx | ReturnType<typeof db>, contentId: string) {
  return tx.contentRevision.findFirst({ where: { contentId }, orderBy: { number: 'desc' }, select: { id: true, number: true, authorId: true, authorName: true, createdAt: true, files: true } });
}

/**
 * Refuses a save whose base is not the latest revision: 409 with the conflict's facts as extra members of the
 * envelope. An item without revisions (saved before they were kept) accepts any base.
 */
export async function assertBase(tx: Tx, contentId: string, base: string | undefined): Promise<void> {
  if (base === undefined) return;
  const latest = await latestRevision(tx, contentId);
  if (!latest || latest.id === base) return;
  const name = latest.authorName ?? 'another user';
  throw new AppError(409, REVISION_CONFLICT.error.replace('<name>', name).replace('<time>', utcMinute(latest.createdAt)), {
    conflict: { revisionId: latest.id, number: latest.number, savedBy: { id: latest.authorId, name: latest.authorName }, savedAt: latest.createdAt.toISOString() },
  }, REVISION_CONFLICT.code);
}

/**
 * Writes one revision of `contentId` inside the save's transaction `tx` (which must hold the item's row, or have
 * created it) and prunes what retention lets go. Exported for every save path, the future content-upgrade job
 * included: `recordRevision(tx, { ..., kind: 'upgrade' })`.
 */
export async function recordRevision(tx: Tx, input: RevisionInput): Promise<{ id: string; number: number }> {
  const [{ next } = { next: 1 }] = await tx.$queryRaw<{ next: number }[]>`
    SELECT (COALESCE(MAX(number), 0) + 1)::int AS next FROM content_revisions WHERE content_id = ${input.contentId}`;
  let authorName = input.author?.name ?? null;
  if (!authorName && input.author?.id) authorName = (await tx.user.findUnique({ where: { id: input.author.id }, select: { name: true, email: true } }).then((u) => u?.name || u?.email)) ?? null;
  const row = await tx.contentRevision.create({
    data: {
      contentId: input.contentId,
      number: next,
      kind: input.kind,
      title: input.title.slice(0, 1000),
      mainLibrary: input.mainLibrary,
      parameters: input.parameters,
      metadata: input.metadata,
      files: input.files === undefined || input.files === null ? Prisma.DbNull : (input.files as unknown as Prisma.InputJsonValue),
      authorId: input.author?.id && UUID.test(input.author.id) ? input.author.id : null,
      authorName: authorName?.slice(0, 255) ?? null,
      note: input.note?.slice(0, NOTE_MAX) || null,
    },
    select: { id: true, number: true },
  });
  await pruneRevisions(tx, input.contentId, next);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Retention: drops revisions that are neither among the newest KEEP_REVISIONS nor younger than KEEP_DAYS. */
export async function pruneRevisions(tx: Tx, contentId: string, newest: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  const r = await tx.contentRevision.deleteMany({ where: { contentId, number: { lte: newest - KEEP_REVISIONS }, createdAt: { lt: before } } });
  return r.count;
}

/**
 * The item's files now, by content hash, each stored as a blob. A file the previous revision listed with the same
 * size and not changed since that revision was written keeps its hash without being read again.
 */
export async function currentFiles(contentId: string, previous: RevisionFile[] | null = null, since?: Date): Promise<RevisionFile[]> {
  const store = fileStore();
  const prefix = contentPrefix(contentId);
  const listed = (await store.list(prefix)).filter((f) => f.name !== 'content.json');
  const known = new Map((previous ?? []).map((f) => [f.path, f]));
  const out: RevisionFile[] = [];
  for (const f of listed) {
    const key = `${prefix}${f.name}`;
    const prev = known.get(f.name);
    if (prev && since && prev.size === f.size) {
      const st = await store.stat(key);
      if (st && st.mtime < since && (await store.stat(blobKey(prev.sha256)))) {
        out.push(prev);
        continue;
      }
    }
    const sha256 = await hashStored(key, store);
    await ensureBlob(sha256, key, store);
    out.push({ path: f.name, sha256, size: f.size });
  }
  return out;
}

const filesOf = (v: unknown): RevisionFile[] | null => (Array.isArray(v) ? (v as RevisionFile[]) : null);

/** The latest revision with its files recorded, before `number` (what a file's hash can be taken from). */
async function previousWithFiles(contentId: string, number: number) {
  return db().contentRevision.findFirst({
    where: { contentId, number: { lt: number }, NOT: { files: { equals: Prisma.DbNull } } },
    orderBy: { number: 'desc' },
    select: { files: true, createdAt: true },
  });
}

/**
 * Records the files of revision `revisionId` from the item's files as they are now (right after its save), once:
 * a revision whose files are already recorded is left alone.
 */
export async function settleRevisionFiles(revisionId: string): Promise<RevisionFile[] | null> {
  const rev = await db().contentRevision.findUnique({ where: { id: revisionId }, select: { contentId: true, number: true, files: true } });
  if (!rev) return null;
  if (filesOf(rev.files)) return filesOf(rev.files);
  const prev = await previousWithFiles(rev.contentId, rev.number);
  const files = await currentFiles(rev.contentId, filesOf(prev?.files), prev?.createdAt);
  await db().contentRevision.updateMany({ where: { id: revisionId, files: { equals: Prisma.DbNull } }, data: { files: files as unknown as Prisma.InputJsonValue } });
  return files;
}

/**
 * In a save's transaction, before the save changes anything: the item's revisions whose files were never recorded
 * (an instance died between a save and its files) get the item's files as they are now — those that save left.
 */
export async function settleUnrecorded(tx: Tx, contentId: string): Promise<void> {
  const open = await tx.contentRevision.findMany({ where: { contentId, files: { equals: Prisma.DbNull } }, orderBy: { number: 'desc' }, select: { id: true, number: true } });
  if (!open.length) return;
  const prev = await previousWithFiles(contentId, open[0]!.number);
  const files = (await currentFiles(contentId, filesOf(prev?.files), prev?.createdAt)) as unknown as Prisma.InputJsonValue;
  await tx.contentRevision.updateMany({ where: { id: { in: open.map((r) => r.id) } }, data: { files } });
}

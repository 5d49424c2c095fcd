// The one way a content item comes into being (issue 22, item 6): its row, its private ownership and the charge to
// the owner's monthly content quota (and to their storage, for files stored beforehand) are written in ONE
// transaction. A crash leaves either nothing or a fully owned item — never a row without an owner, which the read
// and update rules (access.ts, content.ts) treat as unowned legacy content any teacher may take over.
// Files stored before that commit (an import's, a copy's) are announced in pending_contents first; the commit
// deletes the record in the same transaction, and start-up removes the files of records a dead instance left
// (sweep.ts). The editor's save, the API's create and AI generation come here through DbContentStorage.addContent;
// the import, duplicate and marketplace clone through createOwnedContent(), which adds the steps around it: the
// files stored under the announced id, undone on any failure, and the quality report once the item exists.
import { randomUUID } from 'node:crypto';
import { forgetUser } from '@/lib/auth/users';
import { db, type Prisma } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import type { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { consumeContentQuota, hasContentQuotaLeft } from '@/lib/plans/quota';
import { chargeStorage } from '@/lib/plans/storage';
import { pauseAt } from '@/lib/test-pause';
import { forgetContent } from './content-cache';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import type { RevisionAuthor, RevisionKind } from '@/lib/h5p/revisions/context';
import { currentFiles, recordRevision, type RevisionFile } from '@/lib/h5p/revisions/record';

export type Tx = Prisma.TransactionClient;

export interface NewContentRow {
  id: string;
  title: string;
  mainLibrary: string;
  metadata: Prisma.InputJsonValue;
  parameters: Prisma.InputJsonValue;
  /** the first image of the parameters (thumbnail.ts): '' for none; absent = computed later, when a list shows it */
  thumbnailPath?: string;
  creatorId: string | null;
  /** a marketplace clone's source at clone time (lib/h5p/content/copy.ts `origin`) */
  originContentId?: string | null;
  originTitle?: string | null;
  originAuthor?: string | null;
  originLicense?: string | null;
}

export interface CommitOptions {
  /** the refusal when the owner's monthly content quota is used up (nothing is written) */
  quotaExceeded: AppError;
  /** bytes of the item's files stored before the commit, charged to the owner in the same transaction (403 past the allowance) */
  storageBytes?: number;
  /** the files were stored under a pending_contents record (markPending), which this commit claims */
  pending?: boolean;
  /** further rows of the same item (curriculum metadata, tags, the clone record), in the same transaction */
  extra?: (tx: Tx) => Promise<void>;
  /** the item's first revision (lib/h5p/revisions), written in the same transaction; default: kind create by the owner */
  revision?: { kind: RevisionKind; author?: RevisionAuthor | null; note?: string | null; files?: RevisionFile[] | null };
}

/** Thrown when a pending record was swept (its files are gone) before the item could be committed. */
export class AbandonedContentError extends Error {
  constructor(id: string) {
    super(`content ${id} was abandoned before it was committed; its files were swept`);
    this.name = 'AbandonedContentError';
  }
}

/** Records that files are about to be stored for `contentId`, which has no row yet (swept if never committed). */
export async function markPending(contentId: string): Promise<void> {
  await db().pendingContent.create({ data: { contentId } });
}

/** Undoes markPending after a refused or failed creation: the files stored so far and the record. */
export async function dropPending(contentId: string): Promise<void> {
  await fileStore().deletePrefix(contentPrefix(contentId));
  await db().pendingContent.deleteMany({ where: { contentId } });
}

/**
 * Writes the content row, its private ownership by `ownerId` and the quota (and storage) charge in one transaction;
 * throws `opts.quotaExceeded` (or 403 Storage limit reached) with nothing written.
 */
export async function commitOwnedContent(row: NewContentRow, ownerId: string, opts: CommitOptions): Promise<{ id: string; number: number }> {
  const revision = await db().$transaction(
    async (tx) => {
      if (opts.pending && (await tx.pendingContent.deleteMany({ where: { contentId: row.id } })).count !== 1) throw new AbandonedContentError(row.id);
      if (!(await consumeContentQuota(ownerId, tx))) throw opts.quotaExceeded;
      await chargeStorage(ownerId, opts.storageBytes ?? 0, tx);
      await tx.h5pContent.create({ data: row });
      // crash injection (tests only): an instance killed here must leave nothing, since nothing is committed yet
      await pauseAt('content-row-written');
      await tx.contentOwnership.create({ data: { contentId: row.id, userId: ownerId, visibility: 'private' } });
      await opts.extra?.(tx);
      return recordRevision(tx, {
        contentId: row.id,
        kind: opts.revision?.kind ?? 'create',
        title: row.title,
        mainLibrary: row.mainLibrary,
        parameters: row.parameters,
        metadata: row.metadata,
        ...(opts.revision?.files !== undefined ? { files: opts.revision.files } : {}),
        author: opts.revision?.author ?? { id: ownerId, name: null },
        note: opts.revision?.note ?? null,
      });
    },
    { timeout: 60_000 },
  );
  // the cached user (its counters) and any cached miss of the new id
  await forgetUser(ownerId);
  await forgetContent(row.id);
  return revision;
}

/**
 * Refuses an owner whose monthly content quota is used up, with `refusal`, before anything is stored (the charge
 * itself is taken with the row, in commitOwnedContent's transaction: two requests racing past this check cannot
 * both be charged past the limit).
 */
export async function assertQuotaLeft(ownerId: string, refusal: AppError): Promise<void> {
  const owner = await db().user.findUniqueOrThrow({ where: { id: ownerId }, select: { plan: true, contentsCreatedThisMonth: true } });
  if (!hasContentQuotaLeft(owner)) throw refusal;
}

export interface CreateOwnedOptions {
  /** the refusal when the owner's monthly content quota is used up (nothing is written) */
  quotaExceeded: AppError;
  /** the new item's row, given its id */
  row: (contentId: string) => NewContentRow | Promise<NewContentRow>;
  /** stores the item's files under its id before the commit and answers their bytes (charged to the owner) */
  storeFiles?: (contentId: string) => Promise<number>;
  /** further rows of the new item, in the same transaction */
  extra?: (tx: Tx, contentId: string) => Promise<void>;
  /** the kind of the item's first revision (default create: a copy; import for a package) */
  revisionKind?: RevisionKind;
  /** the note of the item's first revision (an import that upgraded its content says so) */
  revisionNote?: string | null;
}

/**
 * A new content item of `ownerId` made from a row and files (import, duplicate, marketplace clone): the files are
 * announced (pending_contents) and stored under a new id, then the row, its private ownership and the quota and
 * storage charges are committed in one transaction; on any failure the stored files and the announcement are
 * removed. Once committed, its quality report is scheduled. Returns the new id.
 */
export async function createOwnedContent(ownerId: string, opts: CreateOwnedOptions): Promise<string> {
  const id = randomUUID();
  const row = await opts.row(id);
  let pending = false;
  try {
    let bytes = 0;
    if (opts.storeFiles) {
      // stored before the row exists (invisible: nothing serves content without a row), announced so that a crash
      // before the commit gets them swept; the commit claims the announcement
      await markPending(id);
      pending = true;
      bytes = await opts.storeFiles(id);
    }
    const extra = opts.extra;
    // the first revision lists the files stored above, by content hash (their blobs written before the commit; a
    // failed commit leaves blobs no revision names, which the sweep removes)
    const files = opts.storeFiles ? await currentFiles(id) : [];
    await commitOwnedContent(row, ownerId, {
      quotaExceeded: opts.quotaExceeded,
      storageBytes: bytes,
      pending,
      revision: { kind: opts.revisionKind ?? 'create', files, note: opts.revisionNote ?? null },
      ...(extra ? { extra: (tx: Tx) => extra(tx, id) } : {}),
    });
  } catch (err) {
    if (pending) await dropPending(id).catch((e: unknown) => log.error({ err: e, contentId: id }, 'could not remove the files of a failed creation'));
    throw err;
  }
  scheduleQualityReport(id);
  return id;
}

// The revisions of a content item as the API serves them (issue 27 item 3): the list (newest first), one revision,
// the comparison of two, a restore (a new revision of kind restore; nothing is removed) and a revision played in
// the player. Who may read them: whoever may manage the item's data — its owner, an admin of the owner's tenant, a
// super admin (access.ts mayManageContentData, after the read rule), an editor it is shared with — everyone else gets
// the answer unknown content gets. A restore is a save: the owner or an editor, as PUT /h5p/content/:id (content.ts),
// recorded in the tenant's audit log.
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit';
import { db, Prisma } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { fileStore } from '@/lib/files/store';
import type { User } from '@/lib/generated/prisma/client';
import { assertCanRead, CONTENT_NOT_FOUND, mayManageContentData, type Reader } from '@/lib/h5p/content/access';
import { contentRoleOf, isOwnerOrEditor } from '@/lib/h5p/content/roles';
import { forgetContent } from '@/lib/h5p/content/content-cache';
import { thumbnailPathFor } from '@/lib/h5p/content/thumbnail';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { deleteQualityReport } from '@/lib/h5p/quality/store';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { chargeStorage, refundStorage, storageAccountOf } from '@/lib/plans/storage';
import { blobKey, hashStored } from './blobs';
import { compareRevisions, type Change } from './diff';
import { REVISION_KINDS } from './context';
import { currentFiles, lockContent, recordRevision, settleUnrecorded, type RevisionFile } from './record';

export const REVISION_ERR = {
  notFound: 'Revision not found',
  fileNotFound: 'File not found in this revision',
  updateForbidden: 'Only the owner can update this content',
} as const;

const fileSchema = z.object({ path: z.string(), sha256: z.string(), size: z.number().int() });
export const revisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  title: z.string(),
  savedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  savedAt: z.date(),
  note: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export const revisionSchema = revisionSummarySchema.extend({
  mainLibrary: z.string(),
  params: z.unknown(),
  metadata: z.looseObject({}),
  files: z.array(fileSchema),
});
export const changeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
  text: z.string(),
  words: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })).optional(),
});
export const comparisonSchema = z.object({ from: revisionSummarySchema, to: revisionSummarySchema, changes: z.array(changeSchema) });
export const restoreResultSchema = z.object({ contentId: z.string(), restored: revisionSummarySchema, revision: revisionSummarySchema });

export const listRevisionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** the page after this revision number (the last one of the previous page) */
  before: z.coerce.number().int().min(1).optional(),
});
export const compareQuery = z.object({ from: z.uuid({ message: 'must be a revision id' }), to: z.uuid({ message: 'must be a revision id' }) });
export const revisionParams = z.object({ contentId: z.string().min(1).max(100), revisionId: z.uuid({ message: 'must be a revision id' }) });
export const restoreBody = z.object({ note: z.string().max(500).optional() }).optional();

const SUMMARY = { id: true, number: true, kind: true, title: true, authorId: true, authorName: true, createdAt: true, note: true } as const;
type SummaryRow = Prisma.ContentRevisionGetPayload<{ select: typeof SUMMARY }>;

const summaryOf = (r: SummaryRow): RevisionSummary => ({
  id: r.id,
  number: r.number,
  kind: r.kind as RevisionSummary['kind'],
  title: r.title,
  savedBy: { id: r.authorId, name: r.authorName },
  savedAt: r.createdAt,
  note: r.note,
});

/** The read rule, then the manage rule: who may see an item's history (404 for everyone else). */
export async function assertHistoryReader(reader: Reader, contentId: string) {
  const facts = await assertCanRead(reader, contentId);
  // an editor of a shared item (issue 27 item 1) sees its history as its owner does
  if (!(await mayManageContentData(reader, facts)) && (await contentRoleOf(reader, contentId, facts)) !== 'editor') throw new AppError(404, CONTENT_NOT_FOUND);
  return facts;
}

const filesOf = (v: unknown): RevisionFile[] | null => (Array.isArray(v) ? (v as RevisionFile[]) : null);

async function revisionRow(contentId: string, revisionId: string) {
  const row = await db().contentRevision.findFirst({ where: { id: revisionId, contentId } });
  if (!row) throw new AppError(404, REVISION_ERR.notFound);
  return row;
}

/** A revision's files; for the latest one whose files are still being recorded, the item's files now. */
async function filesOfRow(row: { contentId: string; number: number; files: unknown }): Promise<RevisionFile[]> {
  const f = filesOf(row.files);
  if (f) return f;
  const latest = await db().contentRevision.findFirst({ where: { contentId: row.contentId }, orderBy: { number: 'desc' }, select: { number: true } });
  return latest?.number === row.number ? currentFiles(row.contentId) : [];
}

/** GET …/revisions: newest first, `limit` at a time; nextBefore names the next page. */
export async function listRevisions(reader: Reader, contentId: string, q: z.infer<typeof listRevisionsQuery>) {
  await assertHistoryReader(reader, contentId);
  const rows = await db().contentRevision.findMany({
    where: { contentId, ...(q.before ? { number: { lt: q.before } } : {}) },
    orderBy: { number: 'desc' },
    take: q.limit + 1,
    select: SUMMARY,
  });
  const page = rows.slice(0, q.limit);
  const total = await db().contentRevision.count({ where: { contentId } });
  return { data: page.map(summaryOf), total, nextBefore: rows.length > q.limit ? (page[page.length - 1]?.number ?? null) : null };
}

/** GET …/revisions/:revisionId */
export async function getRevision(reader: Reader, contentId: string, revisionId: string) {
  await assertHistoryReader(reader, contentId);
  const row = await revisionRow(contentId, revisionId);
  return { ...summaryOf(row), mainLibrary: row.mainLibrary, params: row.parameters, metadata: row.metadata as Record<string, unknown>, files: await filesOfRow(row) };
}

/** GET …/revisions/compare?from=&to= */
export async function compare(reader: Reader, contentId: string, fromId: string, toId: string): Promise<{ from: RevisionSummary; to: RevisionSummary; changes: Change[] }> {
  await assertHistoryReader(reader, contentId);
  const [a, b] = await Promise.all([revisionRow(contentId, fromId), revisionRow(contentId, toId)]);
  const [fa, fb] = await Promise.all([filesOfRow(a), filesOfRow(b)]);
  return { from: summaryOf(a), to: summaryOf(b), changes: compareRevisions({ parameters: a.parameters, metadata: a.metadata, files: fa }, { parameters: b.parameters, metadata: b.metadata, files: fb }) };
}

/**
 * The update rule (content.ts updateContent, spec H5P rule 3): 404 for unknown content, 403 for content another user
 * owns; content without an owner is open to any teacher. Answers the ownership row.
 */
export async function assertMayUpdate(user: Pick<User, 'id' | 'tenantId'>, contentId: string) {
  const [content, ownership] = await Promise.all([
    db().h5pContent.findUnique({ where: { id: contentId }, select: { id: true } }),
    db().contentOwnership.findUnique({ where: { contentId }, select: { userId: true, user: { select: { tenantId: true } } } }),
  ]);
  if (!content) throw new AppError(404, CONTENT_NOT_FOUND);
  if (ownership && ownership.userId !== user.id && !(await isOwnerOrEditor(user, contentId))) throw new AppError(403, REVISION_ERR.updateForbidden);
  return ownership;
}

/**
 * POST …/revisions/:revisionId/restore: the item's parameters, metadata and files become the revision's, as a new
 * revision (kind restore, "Restored revision <n>"); nothing is removed from the history. The files are put back
 * from the blob store first (present and overwritten ones), then the row, the revision, the storage charge and the
 * audit event commit together, then files the revision did not have are removed.
 */
export async function restoreRevision(user: User, contentId: string, revisionId: string, note?: string) {
  const ownership = await assertMayUpdate(user, contentId);
  const source = await revisionRow(contentId, revisionId);
  const files = await filesOfRow(source);
  const store = fileStore();
  const prefix = contentPrefix(contentId);
  const before = await store.list(prefix);
  const sizeBefore = before.reduce((a, f) => a + f.size, 0);
  const wanted = new Set(files.map((f) => f.path));
  for (const f of files) {
    const key = `${prefix}${f.path}`;
    const st = await store.stat(key);
    if (st && st.size === f.size && before.some((b) => b.name === f.path) && (await sameAsBlob(key, f.sha256))) continue;
    if (!(await store.copy(blobKey(f.sha256), key))) throw new AppError(409, `The files of revision ${source.number} are no longer stored`);
  }
  const sizeAfter = files.reduce((a, f) => a + f.size, 0);
  const account = await storageAccountOf(contentId, user.id);
  const metadata = source.metadata as unknown as IContentMetadata;
  const restoreNote = (note?.trim() || `Restored revision ${source.number}`).slice(0, 500);
  const revision = await db().$transaction(
    async (tx) => {
      if (!(await lockContent(tx, contentId))) throw new AppError(404, CONTENT_NOT_FOUND);
      await settleUnrecorded(tx, contentId);
      // the bytes it brings back are the owner's (403 Storage limit reached past the allowance, nothing changed)
      if (sizeAfter > sizeBefore) await chargeStorage(account, sizeAfter - sizeBefore, tx);
      await tx.h5pContent.update({
        where: { id: contentId },
        data: { title: source.title, mainLibrary: source.mainLibrary, metadata: source.metadata as Prisma.InputJsonValue, parameters: source.parameters as Prisma.InputJsonValue, thumbnailPath: thumbnailPathFor(source.parameters) },
      });
      if (!ownership) await tx.contentOwnership.upsert({ where: { contentId }, create: { contentId, userId: user.id, visibility: 'private' }, update: {} });
      const rev = await recordRevision(tx, {
        contentId,
        kind: 'restore',
        title: source.title,
        mainLibrary: source.mainLibrary,
        parameters: source.parameters as Prisma.InputJsonValue,
        metadata: source.metadata as Prisma.InputJsonValue,
        files,
        author: { id: user.id, name: user.name || user.email },
        note: restoreNote,
      });
      const tenantId = ownership?.user?.tenantId ?? null;
      if (tenantId) {
        await recordAudit(
          {
            tenantId,
            actor: { id: user.id, email: user.email },
            action: 'revision.restore',
            target: { type: 'content', id: contentId, label: metadata.title || source.title },
            details: { restoredRevisionId: source.id, restoredNumber: source.number, revisionId: rev.id, number: rev.number },
          },
          tx,
        );
      }
      return tx.contentRevision.findUniqueOrThrow({ where: { id: rev.id }, select: SUMMARY });
    },
    { timeout: 60_000 },
  );
  // what the revision did not have goes (its bytes given back)
  for (const f of before) if (!wanted.has(f.name) && f.name !== 'content.json') await store.delete(`${prefix}${f.name}`);
  if (sizeAfter < sizeBefore) await refundStorage(account, sizeBefore - sizeAfter);
  await forgetContent(contentId);
  await deleteQualityReport(contentId).catch(() => undefined);
  scheduleQualityReport(contentId);
  return { contentId, restored: summaryOf(source), revision: summaryOf(revision) };
}

const sameAsBlob = async (key: string, sha256: string): Promise<boolean> => (await hashStored(key)) === sha256;

/** Where the player of a revision takes its files from (H5P's `contentUrl`: a file's path is appended). */
export const revisionFilesUrl = (contentId: string, revisionId: string) =>
  `/h5p/content/${encodeURIComponent(contentId)}/revisions/${encodeURIComponent(revisionId)}/files`;

/**
 * GET …/revisions/:revisionId/files/<path>: the store key of one of the revision's files — the file as it was when
 * the revision was saved (its blob, by content hash), not the item's file of that name now. For whoever may read
 * the item's history (404 for anyone else, and for a path the revision does not list).
 */
export async function revisionFileKey(reader: Reader, contentId: string, revisionId: string, path: string): Promise<string> {
  await assertHistoryReader(reader, contentId);
  const row = await revisionRow(contentId, revisionId);
  const file = (await filesOfRow(row)).find((f) => f.path === path);
  if (!file) throw new AppError(404, REVISION_ERR.fileNotFound);
  return blobKey(file.sha256);
}

/**
 * GET …/revisions/:revisionId/play: the player model of the revision (integration, scripts, styles), rendered with
 * the revision's parameters and metadata. It is built for this request only: the item's per-version play template
 * (content.ts playTemplate) is neither read nor replaced. Its files are the revision's own (revisionFilesUrl): an
 * image replaced or removed since shows as it was.
 */
export async function revisionPlayerModel(actor: H5pActor, contentId: string, revisionId: string, language: string) {
  await assertHistoryReader(actor.reader, contentId);
  const row = await revisionRow(contentId, revisionId);
  const { h5p } = await import('@/lib/h5p/engine/server');
  const { player } = await h5p();
  const model = (await player.render(contentId, actor, language, {
    parametersOverride: row.parameters as never,
    metadataOverride: row.metadata as never,
    ignoreUserPermissions: true,
  })) as { integration: Record<string, unknown>; scripts: string[]; styles: string[] };
  const integration = { ...model.integration };
  delete integration.urlGenerator;
  const contents = integration.contents as Record<string, Record<string, unknown>> | undefined;
  const entry = contents?.[`cid-${contentId}`];
  if (contents && entry) integration.contents = { ...contents, [`cid-${contentId}`]: { ...entry, contentUrl: revisionFilesUrl(contentId, revisionId) } };
  return { integration, scripts: model.scripts, styles: model.styles };
}

// Copying a content item for a user: the marketplace's clone and My content's duplicate share it. In order:
// the caller's content quota (taken atomically, given back on failure); the copy's files charged to the caller's
// storage; files, then the rows in one transaction — content, private ownership, curriculum metadata (and the
// tags, and the clone record, when asked). A failed copy leaves nothing behind: copied files are removed, quota and storage given back.
import { randomUUID } from 'node:crypto';
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';
import type { AppError } from '@/lib/http/errors';
import { log } from '@/lib/log';
import { fileStore } from '@/lib/files/store';
import { chargeStorage, refundStorage } from '@/lib/plans/storage';
import { consumeContentQuota, releaseContentQuota } from '@/lib/plans/quota';
import { contentPrefix } from './paths';
import { isParametersFile, mapBounded } from './storage/content-storage';
import { scheduleQualityReport } from './quality/background';
import { filterContentParams } from './sanitize';

export interface CopySource {
  id: string;
  title: string;
  mainLibrary: string;
  metadata: Prisma.JsonValue;
  parameters: Prisma.JsonValue;
}

export const COPY_SOURCE_SELECT = { id: true, title: true, mainLibrary: true, metadata: true, parameters: true } as const;

export interface CopyOptions {
  /** the copy's title (default: the source's) */
  title?: string;
  /** the refusal when the caller's monthly content quota is used up */
  quotaExceeded: AppError;
  /** copy the source's tags too (the owner duplicating their own content) */
  copyTags?: boolean;
  /** record the copy as a clone of the source (content_clones: the marketplace's clones count and "already cloned") */
  recordClone?: boolean;
}

/** Copies `source` into a new private content item of `userId`. */
export async function copyContent(source: CopySource, userId: string, opts: CopyOptions): Promise<{ contentId: string }> {
  // content saved before parameters were filtered on the way in is filtered on its way into the copy
  const parameters = await filterContentParams(source.metadata as unknown as IContentMetadata, source.parameters, { orPlainText: true });
  const title = (opts.title ?? source.title).slice(0, 1000);
  const metadata =
    opts.title !== undefined && source.metadata && typeof source.metadata === 'object' && !Array.isArray(source.metadata)
      ? { ...source.metadata, title: title.slice(0, 255) }
      : source.metadata;

  // quota: one atomic check-and-increment (the caller's counter)
  if (!(await consumeContentQuota(userId))) throw opts.quotaExceeded;

  const newId = randomUUID();
  const store = fileStore();
  const from = contentPrefix(source.id);
  const to = contentPrefix(newId);
  let copiedFiles = false;
  let charged = 0;
  try {
    // a stale content.json from an old import is not content (the parameters are in the row)
    const files = (await store.list(from)).filter((f) => !isParametersFile(f.name));
    // the copy's files count against the caller's storage allowance (403 Storage limit reached)
    const bytes = files.reduce((a, f) => a + f.size, 0);
    await chargeStorage(userId, bytes);
    charged = bytes;
    copiedFiles = files.length > 0;
    // copied within the store (a server-side copy on S3), a few at a time
    await mapBounded(files, 8, (f) => store.copy(`${from}${f.name}`, `${to}${f.name}`));
    await db().$transaction(async (tx) => {
      await tx.h5pContent.create({
        data: {
          id: newId,
          title,
          mainLibrary: source.mainLibrary,
          metadata: metadata as Prisma.InputJsonValue,
          parameters: parameters as Prisma.InputJsonValue,
          creatorId: userId,
        },
      });
      await tx.contentOwnership.create({ data: { contentId: newId, userId, visibility: 'private' } });
      const meta = await tx.contentCurriculumMetadata.findUnique({ where: { contentId: source.id } });
      if (meta) {
        const { contentId: _src, createdAt: _c, updatedAt: _u, ...rest } = meta;
        await tx.contentCurriculumMetadata.upsert({ where: { contentId: newId }, create: { ...rest, contentId: newId }, update: rest });
      }
      if (opts.copyTags) {
        const tags = await tx.contentTag.findMany({ where: { contentId: source.id }, select: { tag: true } });
        if (tags.length) await tx.contentTag.createMany({ data: tags.map((t) => ({ contentId: newId, tag: t.tag })) });
      }
      if (opts.recordClone) await tx.contentClone.create({ data: { sourceContentId: source.id, cloneContentId: newId, userId } });
    });
  } catch (err) {
    if (copiedFiles) await store.deletePrefix(to).catch(() => {});
    await releaseContentQuota(userId).catch((e) => log.error({ err: e, userId }, 'could not give back the content quota'));
    await refundStorage(userId, charged).catch((e) => log.error({ err: e, userId }, 'could not give back the storage'));
    throw err;
  }
  scheduleQualityReport(newId);
  return { contentId: newId };
}

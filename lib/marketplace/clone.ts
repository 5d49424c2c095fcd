// Clone of public content, in the spec's order: (1) the source exists and is public; (2) the caller's
// content quota (taken atomically, given back on failure); (3) the content copied — row and files; (4) the
// copy's ownership recorded as private; (5) the curriculum metadata copied; (6) the caller's counter (taken
// in step 2); (7) the source's view count raised after the response is decided, without delaying it.
// A failed clone leaves no partial copy: rows are written in one transaction and copied files are removed.
import { randomUUID } from 'node:crypto';
import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';
import { chargeStorage, folderSize, refundStorage } from '@/lib/plans/storage';
import { db, Prisma } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { log } from '@/lib/log';
import { consumeContentQuota, releaseContentQuota } from '@/lib/plans/quota';

export const contentDir = (contentId: string) => path.join(config().dataDir, 'h5p', 'content', contentId);

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

export async function cloneContent(sourceId: string, userId: string): Promise<{ contentId: string }> {
  // (1) source must exist and be public (the content row too: unreadable content cannot be cloned)
  const source = await db().h5pContent.findFirst({
    where: { id: sourceId, ownership: { is: { visibility: 'public' } } },
    select: { id: true, title: true, mainLibrary: true, metadata: true, parameters: true },
  });
  if (!source) throw new AppError(404, 'Content not found or not public');

  // (2) quota: one atomic check-and-increment (this is also step 6, the caller's counter)
  if (!(await consumeContentQuota(userId))) throw new AppError(403, 'Content limit reached');

  const newId = randomUUID();
  const from = contentDir(source.id);
  const to = contentDir(newId);
  let copiedFiles = false;
  let charged = 0;
  try {
    // the copy's files count against the caller's storage allowance (403 Storage limit reached)
    const bytes = await folderSize(from);
    await chargeStorage(userId, bytes);
    charged = bytes;
    // (3) files, then the rows in one transaction: (3) content, (4) private ownership, (5) metadata
    if (await isDirectory(from)) {
      await cp(from, to, { recursive: true, errorOnExist: true, force: false });
      copiedFiles = true;
    }
    await db().$transaction(async (tx) => {
      await tx.h5pContent.create({
        data: {
          id: newId,
          title: source.title,
          mainLibrary: source.mainLibrary,
          metadata: source.metadata as Prisma.InputJsonValue,
          parameters: source.parameters as Prisma.InputJsonValue,
          creatorId: userId,
        },
      });
      await tx.contentOwnership.create({ data: { contentId: newId, userId, visibility: 'private' } });
      const meta = await tx.contentCurriculumMetadata.findUnique({ where: { contentId: source.id } });
      if (meta) {
        const { contentId: _src, createdAt: _c, updatedAt: _u, ...rest } = meta;
        await tx.contentCurriculumMetadata.upsert({ where: { contentId: newId }, create: { ...rest, contentId: newId }, update: rest });
      }
    });
  } catch (err) {
    if (copiedFiles || (await isDirectory(to))) await rm(to, { recursive: true, force: true }).catch(() => {});
    await releaseContentQuota(userId).catch((e) => log.error({ err: e, userId }, 'could not give back the content quota'));
    await refundStorage(userId, charged).catch((e) => log.error({ err: e, userId }, 'could not give back the storage'));
    throw err;
  }

  // (7) the source's view count, not awaited: the response does not wait for it
  void db()
    .contentOwnership.update({ where: { contentId: source.id }, data: { viewCount: { increment: 1 } } })
    .catch((err) => log.warn({ err, contentId: source.id }, 'could not raise the view count of a cloned content'));

  return { contentId: newId };
}

// Copying a content item for a user: the marketplace's clone and My content's duplicate share it. In order:
// the caller's content quota checked; the files copied under the new id (announced in pending_contents, so a crash
// gets them swept at start-up); then one transaction (create-owned.ts) — content, private ownership, the quota unit,
// the files' bytes charged to the caller's storage, curriculum metadata (and the tags, and the clone record, when
// asked). A failed copy leaves nothing behind: copied files are removed, and nothing was charged.
import type { IContentMetadata } from '@lumieducation/h5p-server';
import type { Prisma } from '@/lib/db/client';
import type { AppError } from '@/lib/errors';
import { fileStore } from '@/lib/files/store';
import { assertQuotaLeft, createOwnedContent } from './create-owned';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { isParametersFile, mapBounded } from '@/lib/h5p/engine/storage/content-storage';
import { filterContentParams } from '@/lib/h5p/engine/sanitize';
import { semanticsLoader } from '@/lib/h5p/engine/server';
import { thumbnailPathFor } from './thumbnail';
import { h5pChangeDate } from '@/lib/content/licence';
import { RIGHTS_LIMITS, rightsOfMetadata } from './rights';

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
  /** where the copy came from, stored on its row (the marketplace's clone: "Adapted from … by …, licence …") */
  origin?: { contentId: string; title: string; author: string; license: string | null };
  /**
   * the entry the copy adds to its H5P change log (rights of use): who copied it and from what. The source's licence
   * and authors stay as they are; `authorIfNone` is named as the Author when the source lists none (a clone credits
   * the marketplace author).
   */
  change?: { author: string; log: string; authorIfNone?: string };
}

/** The source's metadata with the copy's title and change-log entry (the oldest entries go past the log's bound). */
export function copyMetadata(metadata: Prisma.JsonValue, opts: Pick<CopyOptions, 'title' | 'change'>, now = new Date()): Prisma.JsonValue {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return metadata;
  if (opts.title === undefined && !opts.change) return metadata;
  const out: Record<string, unknown> = { ...metadata };
  if (opts.title !== undefined) out.title = opts.title.slice(0, 255);
  if (opts.change) {
    const rights = rightsOfMetadata(metadata);
    const entry = { date: h5pChangeDate(now), author: opts.change.author.slice(0, RIGHTS_LIMITS.name) || 'Anonymous', log: opts.change.log.slice(0, RIGHTS_LIMITS.log) };
    out.changes = [...rights.changes, entry].slice(-RIGHTS_LIMITS.changes);
    out.authors = rights.authors.length || !opts.change.authorIfNone ? rights.authors : [{ name: opts.change.authorIfNone.slice(0, RIGHTS_LIMITS.name), role: 'Author' }];
    out.license = rights.license;
  }
  return out as Prisma.JsonValue;
}

/** Copies `source` into a new private content item of `userId`. */
export async function copyContent(source: CopySource, userId: string, opts: CopyOptions): Promise<{ contentId: string }> {
  // content saved before parameters were filtered on the way in is filtered on its way into the copy
  const parameters = await filterContentParams(source.metadata as unknown as IContentMetadata, source.parameters, await semanticsLoader(), { orPlainText: true });
  const title = (opts.title ?? source.title).slice(0, 1000);
  const metadata = copyMetadata(source.metadata, { ...(opts.title !== undefined ? { title } : {}), ...(opts.change ? { change: opts.change } : {}) });

  // refused before anything is copied; the charge itself is taken with the rows (one transaction)
  await assertQuotaLeft(userId, opts.quotaExceeded);

  const store = fileStore();
  const from = contentPrefix(source.id);
  // a stale content.json from an old import is not content (the parameters are in the row)
  const files = (await store.list(from)).filter((f) => !isParametersFile(f.name));
  const contentId = await createOwnedContent(userId, {
    row: (id) => ({
      id,
      title,
      mainLibrary: source.mainLibrary,
      metadata: metadata as Prisma.InputJsonValue,
      parameters: parameters as Prisma.InputJsonValue,
      thumbnailPath: thumbnailPathFor(parameters),
      creatorId: userId,
      ...(opts.origin
        ? {
            originContentId: opts.origin.contentId,
            originTitle: opts.origin.title.slice(0, 1000),
            originAuthor: opts.origin.author.slice(0, 255),
            originLicense: opts.origin.license?.slice(0, 100) ?? null,
          }
        : {}),
    }),
    quotaExceeded: opts.quotaExceeded,
    // copied within the store (a server-side copy on S3), a few at a time; their bytes are charged to the new owner
    ...(files.length
      ? {
          storeFiles: async (id: string) => {
            await mapBounded(files, 8, (f) => store.copy(`${from}${f.name}`, `${contentPrefix(id)}${f.name}`));
            return files.reduce((a, f) => a + f.size, 0);
          },
        }
      : {}),
    // the source's curriculum metadata, tags and the clone record, in the same transaction
    extra: async (tx, newId) => {
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
    },
  });
  return { contentId };
}

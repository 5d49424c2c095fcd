// IContentStorage over PostgreSQL (metadata = h5p.json and parameters = content.json in h5p_contents) and
// the file store (media under content/<id>/ in lib/files: the DATA_DIR or an S3-compatible store). Listing and
// usage counts are queries, never directory scans; ids are strings (crypto.randomUUID()).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Stream } from 'node:stream';
import { fileStore, FileMissingError, joinKey, keySize, prefixSize, UnsafeKeyError } from '@/lib/files/store';
import { H5pError, type ContentId, type IContentMetadata, type IContentStorage, type IFileStats, type ILibraryName, type IUser } from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';
import { chargeStorage, refundStorage, storageAccountOf } from '@/lib/plans/storage';
import { contentMetadata, contentParameters, contentSnapshot, forgetContent } from '@/lib/h5p/content/content-cache';
import { contentPrefix, scratchRoot } from '@/lib/h5p/engine/paths';
import { filterContentParams, type SemanticsLoader } from '@/lib/h5p/engine/sanitize';
import { commitOwnedContent, type NewContentRow } from '@/lib/h5p/content/create-owned';
import { thumbnailPathFor } from '@/lib/h5p/content/thumbnail';
import { AppError } from '@/lib/errors';
import { currentSave } from '@/lib/h5p/revisions/context';
import { assertBase, lockContent, recordRevision, settleUnrecorded } from '@/lib/h5p/revisions/record';
import { CONTENT_QUOTA_EXCEEDED } from '@/lib/plans/quota';

const MAX_FILENAME = 200;

/** Characters allowed in stored file names: letters, digits, dot, dash, underscore and the folder slash. */
export function sanitizeContentFilename(filename: string): string {
  const parts = filename
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p && p !== '.' && p !== '..')
    .map((p) => p.normalize('NFKD').replace(/[^A-Za-z0-9._-]/g, '').replace(/^\.+/, ''))
    .filter(Boolean);
  let clean = parts.join('/');
  if (clean.length > MAX_FILENAME) {
    const ext = path.posix.extname(clean);
    clean = clean.slice(0, MAX_FILENAME - ext.length) + ext;
  }
  return clean || 'file';
}

/**
 * content.json holds the parameters, which live in the database: a package's copy (Lumi's importer offers it
 * as a content file) is never stored, listed or served, or an export would carry the stale copy beside the
 * current parameters and a re-import would bring the old content back.
 */
export const isParametersFile = (filename: string) => filename.replace(/\\/g, '/').replace(/^\.?\/+/, '') === 'content.json';

/** The store key of a content file; an unsafe name is H5P's illegal-filename (400). */
function fileKey(contentId: ContentId, filename: string): string {
  try {
    return joinKey(contentPrefix(String(contentId)).slice(0, -1), filename.replace(/^\.?\/+/, ''));
  } catch (err) {
    if (err instanceof UnsafeKeyError) throw new H5pError('illegal-filename', { filename }, 400);
    throw err;
  }
}

/** The files of a local folder (recursive), as relative paths. */
async function walk(dir: string, rel = ''): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await walk(path.join(dir, e.name), r)));
    else if (e.isFile()) out.push(r);
  }
  return out;
}

/** `fn` over `items`, at most `n` at a time; the results in order. The first failure rejects once all have stopped. */
export async function mapBounded<T, R>(items: T[], n: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed: { err: unknown } | undefined;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!, i);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  if (failed) throw failed.err;
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The h5p_contents row of new or updated content: every way in (import, save, API, copy) stores parameters filtered against the library's semantics. */
export async function contentRow(id: string, metadata: IContentMetadata, content: unknown, creatorId: string | null, semantics: SemanticsLoader, opts: { filter?: boolean } = {}): Promise<NewContentRow> {
  // `filter: false`: the item's own stored parameters written back by a metadata-only save (SaveContext.metadataOnly)
  const copied = JSON.parse(JSON.stringify(content ?? {})) ?? {};
  const parameters = opts.filter === false ? copied : await filterContentParams(metadata, copied, semantics);
  return {
    id,
    title: (metadata.title || 'Untitled Content').slice(0, 1000),
    mainLibrary: metadata.mainLibrary,
    metadata: JSON.parse(JSON.stringify(metadata)) as Prisma.InputJsonValue,
    parameters: parameters as Prisma.InputJsonValue,
    // the library's picture: the first image of what is stored
    thumbnailPath: thumbnailPathFor(parameters),
    creatorId,
  };
}

export class DbContentStorage implements IContentStorage {
  /** @param semantics the installed libraries' semantics, for the filter every stored parameter goes through */
  constructor(readonly semantics: SemanticsLoader) {}

  /**
   * New content (no id: the editor's save, the API's create, AI generation) is written with its private owner — the
   * acting user — and the quota charge in one transaction (create-owned.ts): 429 Monthly content quota exceeded
   * with nothing written. An update changes an existing row only: a row deleted meanwhile is not brought back
   * without its owner.
   */
  async addContent(metadata: IContentMetadata, content: unknown, user: IUser, contentId?: ContentId): Promise<ContentId> {
    if (contentId === undefined) {
      if (!UUID.test(user?.id ?? '')) throw new Error('new content needs a user to own it');
      const id = randomUUID();
      const save = currentSave();
      const rev = await commitOwnedContent(await contentRow(id, metadata, content, user.id, this.semantics), user.id, {
        quotaExceeded: new AppError(429, CONTENT_QUOTA_EXCEEDED),
        revision: { kind: save?.kind ?? 'create', author: save?.author ?? { id: user.id, name: user.name ?? null }, note: save?.note ?? null },
      });
      if (save) save.revisionId = rev.id;
      return id;
    }
    const id = String(contentId);
    // the row and its revision in one transaction, under the row's lock: a save that names the revision it started
    // from is refused (409) when another save came first (lib/h5p/revisions/record.ts)
    const save = currentSave();
    const { title, mainLibrary, metadata: meta, parameters, thumbnailPath } = await contentRow(id, metadata, content, null, this.semantics, { filter: !save?.metadataOnly });
    const found = await db().$transaction(
      async (tx) => {
        if (!(await lockContent(tx, id))) return false;
        const data = { title, mainLibrary, metadata: meta, parameters, thumbnailPath };
        if (save?.revisionId) {
          // the library's second write of the same save (it renamed a file): the same revision
          await tx.h5pContent.update({ where: { id }, data });
          await tx.contentRevision.updateMany({ where: { id: save.revisionId, contentId: id }, data: { title, mainLibrary, metadata: meta, parameters } });
          return true;
        }
        await assertBase(tx, id, save?.baseRevision);
        await settleUnrecorded(tx, id);
        await tx.h5pContent.update({ where: { id }, data });
        const rev = await recordRevision(tx, {
          contentId: id,
          kind: save?.kind ?? 'edit',
          title,
          mainLibrary,
          metadata: meta,
          parameters,
          author: save?.author ?? { id: user?.id ?? null, name: user?.name ?? null },
          note: save?.note ?? null,
        });
        if (save) save.revisionId = rev.id;
        return true;
      },
      { timeout: 60_000 },
    );
    await forgetContent(id);
    if (!found) throw new H5pError('content-not-found', { contentId: id }, 404);
    // content imported before content.json was refused as a file still has the stale copy: gone on update
    if ((await keySize(fileStore(), fileKey(id, 'content.json'))) > 0) await this.deleteFile(id, 'content.json', user);
    return id;
  }

  async addFile(contentId: ContentId, filename: string, readStream: Stream, user?: IUser): Promise<void> {
    if (isParametersFile(filename)) {
      (readStream as Readable).resume?.(); // drained, never stored
      return;
    }
    const key = fileKey(contentId, filename);
    // received into a local file first: the owner is charged for its size before it is stored, and a reader (on
    // any instance) never sees half a file
    await fsp.mkdir(scratchRoot(), { recursive: true });
    const tmp = path.join(scratchRoot(), `${randomUUID()}.part`);
    try {
      await pipeline(readStream as Readable, fs.createWriteStream(tmp));
      // the owner pays for the bytes the file adds (a replaced file gives its own back)
      const store = fileStore();
      const delta = (await fsp.stat(tmp)).size - (await keySize(store, key));
      const account = await storageAccountOf(String(contentId), user?.id);
      await chargeStorage(account, delta);
      try {
        await store.putFile(key, tmp, { move: true });
      } catch (err) {
        if (delta > 0) await refundStorage(account, delta);
        throw err;
      }
      if (delta < 0) await refundStorage(account, -delta);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  /**
   * Moves the files of an unpacked package (its `content/` folder, a local folder) into the content's files: the
   * owner charged once for all their bytes, then a bounded number of files at a time (a rename on the local store,
   * an upload on S3). A failure removes what was stored and gives the bytes back.
   */
  async adoptFiles(contentId: ContentId, dir: string, user?: IUser, concurrency = 16): Promise<{ files: number; bytes: number }> {
    const files = (await walk(dir)).filter((f) => !isParametersFile(f));
    const keys = files.map((f) => fileKey(contentId, f));
    const sizes = await mapBounded(files, concurrency, async (f) => (await fsp.stat(path.join(dir, f))).size);
    const bytes = sizes.reduce((a, b) => a + b, 0);
    const account = await storageAccountOf(String(contentId), user?.id);
    await chargeStorage(account, bytes);
    const store = fileStore();
    try {
      await mapBounded(files, concurrency, (f, i) => store.putFile(keys[i]!, path.join(dir, f), { move: true }));
    } catch (err) {
      await store.deletePrefix(contentPrefix(String(contentId))).catch(() => undefined);
      await refundStorage(account, bytes);
      throw err;
    }
    return { files: files.length, bytes };
  }

  async contentExists(contentId: ContentId): Promise<boolean> {
    return (await contentSnapshot(String(contentId))) !== null;
  }

  async deleteContent(contentId: ContentId, user?: IUser): Promise<void> {
    const id = String(contentId);
    const store = fileStore();
    const account = await storageAccountOf(id, user?.id);
    const bytes = await prefixSize(store, contentPrefix(id));
    await db().h5pContent.deleteMany({ where: { id } });
    await forgetContent(id);
    await store.deletePrefix(contentPrefix(id));
    await refundStorage(account, bytes);
  }

  async deleteFile(contentId: ContentId, filename: string, user?: IUser): Promise<void> {
    const key = fileKey(contentId, filename);
    const store = fileStore();
    const bytes = await keySize(store, key);
    await store.delete(key);
    await refundStorage(await storageAccountOf(String(contentId), user?.id), bytes);
  }

  async fileExists(contentId: ContentId, filename: string): Promise<boolean> {
    if (isParametersFile(filename)) return false;
    return (await fileStore().stat(fileKey(contentId, filename))) !== null;
  }

  async getFileStats(contentId: ContentId, file: string): Promise<IFileStats> {
    const st = isParametersFile(file) ? null : await fileStore().stat(fileKey(contentId, file));
    if (!st) throw new H5pError('content-file-missing', { file, contentId: String(contentId) }, 404);
    return { size: st.size, birthtime: st.mtime };
  }

  async getFileStream(contentId: ContentId, file: string, _user: IUser, rangeStart?: number, rangeEnd?: number): Promise<Readable> {
    const missing = () => new H5pError('content-file-missing', { file, contentId: String(contentId) }, 404);
    if (isParametersFile(file)) throw missing();
    const key = fileKey(contentId, file);
    const store = fileStore();
    let range: { start: number; end: number } | undefined;
    if (rangeStart !== undefined || rangeEnd !== undefined) {
      const st = await store.stat(key);
      if (!st) throw missing();
      range = { start: rangeStart ?? 0, end: Math.min(rangeEnd ?? st.size - 1, st.size - 1) };
    }
    try {
      return await store.read(key, range);
    } catch (err) {
      if (err instanceof FileMissingError) throw missing();
      throw err;
    }
  }

  async getMetadata(contentId: ContentId): Promise<IContentMetadata> {
    const metadata = await contentMetadata(String(contentId));
    if (metadata === null) throw new H5pError('content-not-found', { contentId: String(contentId) }, 404);
    return metadata as IContentMetadata;
  }

  async getParameters(contentId: ContentId): Promise<unknown> {
    if (!(await contentSnapshot(String(contentId)))) throw new H5pError('content-not-found', { contentId: String(contentId) }, 404);
    return contentParameters(String(contentId));
  }

  async getUsage(library: ILibraryName): Promise<{ asDependency: number; asMainLibrary: number }> {
    const dep = JSON.stringify([{ machineName: library.machineName, majorVersion: library.majorVersion, minorVersion: library.minorVersion }]);
    const rows = await db().$queryRaw<{ as_main: bigint; as_dep: bigint }[]>`
      SELECT
        count(*) FILTER (WHERE main_library = ${library.machineName}
          AND metadata->'preloadedDependencies' @> ${dep}::jsonb) AS as_main,
        count(*) FILTER (WHERE NOT (main_library = ${library.machineName}) AND (
          metadata->'preloadedDependencies' @> ${dep}::jsonb OR
          metadata->'editorDependencies' @> ${dep}::jsonb OR
          metadata->'dynamicDependencies' @> ${dep}::jsonb)) AS as_dep
      FROM h5p_contents`;
    return { asMainLibrary: Number(rows[0]?.as_main ?? 0), asDependency: Number(rows[0]?.as_dep ?? 0) };
  }

  async listContent(user?: IUser): Promise<ContentId[]> {
    const rows = await db().h5pContent.findMany({
      where: user ? { OR: [{ ownership: { userId: user.id } }, { creatorId: user.id, ownership: null }] } : {},
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((r) => r.id);
  }

  async listFiles(contentId: ContentId): Promise<string[]> {
    return (await fileStore().list(contentPrefix(String(contentId)))).map((f) => f.name).filter((f) => !isParametersFile(f));
  }

  sanitizeFilename(filename: string): string {
    return sanitizeContentFilename(filename);
  }
}


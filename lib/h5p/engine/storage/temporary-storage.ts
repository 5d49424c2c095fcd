// ITemporaryFileStorage over the file store: editor and media uploads under temp/<userId>/<filename>, each with its
// expiry beside it (<filename>.metadata), the layout of Lumi's DirectoryTemporaryFileStorage. Every saved file is
// indexed (temp-files.ts), so /h5p/temp/<file> finds its owner without a scan. Expired files are removed by the
// hourly clean-up (temp-cleanup.ts), which lists temp/ in one prefix query.
import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { H5pError, type IFileStats, type ITemporaryFile, type ITemporaryFileStorage, type IUser } from '@lumieducation/h5p-server';
import { sanitizeFilename } from '@lumieducation/h5p-server/build/src/implementation/fs/filenameUtils';
import { fileStore, FileMissingError, joinKey, UnsafeKeyError } from '@/lib/files/store';
import { TEMP_PREFIX } from '@/lib/h5p/engine/paths';
import { forgetTempFile, indexTempFile } from '@/lib/h5p/engine/temp-files';

const MAX_FILENAME = 100;
const META = '.metadata';

/** The store key of a user's temporary file; an unsafe name or user id is H5P's illegal-filename (400). */
export function tempKey(userId: string, filename: string): string {
  try {
    if (userId.includes('/')) throw new UnsafeKeyError(userId);
    return joinKey(TEMP_PREFIX.slice(0, -1), userId, filename);
  } catch (err) {
    if (err instanceof UnsafeKeyError) throw new H5pError('illegal-filename', { filename }, 400);
    throw err;
  }
}

export class StoreTemporaryFileStorage implements ITemporaryFileStorage {
  private notFound(filename: string, userId: string): H5pError {
    return new H5pError('storage-file-implementations:temporary-file-not-found', { filename, userId }, 404);
  }

  async deleteFile(filename: string, ownerId: string): Promise<void> {
    if (!ownerId) throw new Error('StoreTemporaryFileStorage.deleteFile: you must specify an ownerId');
    const key = tempKey(ownerId, filename);
    const store = fileStore();
    await store.delete(key);
    await store.delete(`${key}${META}`);
    await forgetTempFile(filename);
  }

  async fileExists(filename: string, user: IUser): Promise<boolean> {
    return (await fileStore().stat(tempKey(user.id, filename))) !== null;
  }

  async getFileStats(filename: string, user: IUser): Promise<IFileStats> {
    const st = await fileStore().stat(tempKey(user.id, filename));
    if (!st) throw this.notFound(filename, user.id);
    return { size: st.size, birthtime: st.mtime };
  }

  async getFileStream(filename: string, user: IUser, rangeStart?: number, rangeEnd?: number): Promise<Readable> {
    const key = tempKey(user.id, filename);
    const store = fileStore();
    try {
      if (rangeStart === undefined && rangeEnd === undefined) return await store.read(key);
      const st = await store.stat(key);
      if (!st) throw new FileMissingError(key);
      return await store.read(key, { start: rangeStart ?? 0, end: Math.min(rangeEnd ?? st.size - 1, st.size - 1) });
    } catch (err) {
      if (err instanceof FileMissingError) throw this.notFound(filename, user.id);
      throw err;
    }
  }

  async listFiles(user?: IUser): Promise<ITemporaryFile[]> {
    const store = fileStore();
    const prefix = user ? `${tempKey(user.id, 'x').slice(0, -1)}` : TEMP_PREFIX;
    const files = await store.list(prefix);
    const out: ITemporaryFile[] = [];
    for (const f of files) {
      if (f.name.endsWith(META)) continue;
      const [ownedByUserId, filename] = user ? [user.id, f.name] : [f.name.slice(0, f.name.indexOf('/')), f.name.slice(f.name.indexOf('/') + 1)];
      if (!ownedByUserId || !filename) continue;
      let expiresAt = new Date(0); // no readable expiry: expired
      try {
        const meta = await store.readBuffer(tempKey(ownedByUserId, `${filename}${META}`));
        if (meta) expiresAt = new Date((JSON.parse(meta.toString('utf8')) as { expiresAt: number }).expiresAt);
      } catch {
        /* unreadable: expired */
      }
      out.push({ filename, ownedByUserId, expiresAt });
    }
    return out;
  }

  sanitizeFilename = (filename: string): string => sanitizeFilename(filename, MAX_FILENAME);

  async saveFile(filename: string, dataStream: ReadStream, user: IUser, expirationTime: Date): Promise<ITemporaryFile> {
    const key = tempKey(user.id, filename);
    const store = fileStore();
    await store.write(key, dataStream);
    await store.write(`${key}${META}`, JSON.stringify({ expiresAt: expirationTime.getTime() }));
    await indexTempFile(filename, user.id);
    return { expiresAt: expirationTime, filename, ownedByUserId: user.id };
  }
}

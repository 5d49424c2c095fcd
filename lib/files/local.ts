// The file store on a local directory (${DATA_DIR}/h5p): one machine, or several instances on a shared volume.
// Writes go to a temporary name beside the target and are renamed into place, so a reader (on any instance) never
// sees half a file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileEtag } from '../../server/file-types.mjs';
import { assertKey, assertPrefix, FileMissingError, type ByteRange, type FileStore, type ListedFile, type StoredFile } from './types';

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  localPath(key: string): string {
    return path.join(this.root, assertKey(key));
  }

  private dir(prefix: string): string {
    return path.join(this.root, assertPrefix(prefix));
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const st = await fsp.stat(/*turbopackIgnore: true*/ this.localPath(key));
      if (!st.isFile()) return null;
      return { size: st.size, mtime: st.mtime, etag: fileEtag(st) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.localPath(key);
    // opened first, so a missing file is an error here rather than on the stream
    let fh: fsp.FileHandle;
    try {
      fh = await fsp.open(/*turbopackIgnore: true*/ file, 'r');
    } catch (err) {
      if (isMissing(err)) throw new FileMissingError(key);
      throw err;
    }
    if (!(await fh.stat()).isFile()) {
      await fh.close();
      throw new FileMissingError(key);
    }
    return fh.createReadStream({ start: range?.start, end: range?.end, highWaterMark: 256 * 1024 });
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(/*turbopackIgnore: true*/ this.localPath(key));
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async write(key: string, body: Readable | Buffer | string): Promise<number> {
    const target = this.localPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, target);
      return size;
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, file: string, opts: { move?: boolean } = {}): Promise<number> {
    const target = this.localPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const { size } = await fsp.stat(file);
    if (opts.move) {
      try {
        await fsp.rename(file, target);
        return size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      }
    }
    const tmp = `${target}.${randomUUID()}.part`;
    try {
      await fsp.copyFile(file, tmp);
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    if (opts.move) await fsp.rm(file, { force: true });
    return size;
  }

  async copy(from: string, to: string): Promise<boolean> {
    const src = this.localPath(from);
    if (!(await this.stat(from))) return false;
    await this.putFile(to, src);
    return true;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.localPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.dir(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<ListedFile[]> {
    const out: ListedFile[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw err;
      }
      await Promise.all(
        entries.map(async (e) => {
          const name = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) await walk(path.join(dir, e.name), name);
          else if (e.isFile() && !PART.test(e.name)) out.push({ name, size: (await fsp.stat(path.join(dir, e.name))).size });
        }),
      );
    };
    await walk(this.dir(prefix), '');
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async listFolders(prefix: string): Promise<string[]> {
    try {
      const entries = await fsp.readdir(/*turbopackIgnore: true*/ this.dir(prefix), { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
  }
}

/** a write in progress (`<name>.<uuid>.part`) */
const PART = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;
const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException)?.code ?? '');

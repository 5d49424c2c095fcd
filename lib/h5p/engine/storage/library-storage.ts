// ILibraryStorage: library files in the file store (lib/files: libraries/<Machine.Name-1.2>/… in the DATA_DIR or an
// S3 bucket), with the library metadata indexed in h5p_libraries so listing, "is installed", the metadata itself,
// add-ons and dependents are queries instead of directory scans or file reads. Wrapped by CachedLibraryStorage
// (see server.ts). The layout is Lumi's FileLibraryStorage's: library.json is kept beside the files, so a library
// folder copied in by hand (or a DATA_DIR restored from a backup) is indexed at start-up (syncIndex).
import type { Readable } from 'node:stream';
import {
  H5pError,
  InstalledLibrary,
  LibraryName,
  type IAdditionalLibraryMetadata,
  type IFileStats,
  type IInstalledLibrary,
  type ILibraryMetadata,
  type ILibraryName,
  type ILibraryStorage,
} from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';
import { fileStore, FileMissingError, joinKey, UnsafeKeyError } from '@/lib/files/store';
import { log } from '@/lib/log';
import { LIBRARIES_PREFIX, libraryPrefix } from '@/lib/h5p/engine/paths';

const key = (l: ILibraryName) => ({ machineName: l.machineName, majorVersion: l.majorVersion, minorVersion: l.minorVersion });

function row(meta: ILibraryMetadata, restricted: boolean) {
  return {
    ...key(meta),
    patchVersion: meta.patchVersion,
    runnable: Boolean(meta.runnable),
    restricted,
    title: (meta.title ?? meta.machineName).slice(0, 255),
    metadata: JSON.parse(JSON.stringify(meta)) as Prisma.InputJsonValue,
  };
}

const UBER = /^([\w.]+)-(\d+)\.(\d+)$/;

export class DbLibraryStorage implements ILibraryStorage {
  /** The store key of a library file; an unsafe name is H5P's illegal-filename (400). */
  private fileKey(library: ILibraryName, filename: string): string {
    try {
      return joinKey(libraryPrefix(LibraryName.toUberName(library)).slice(0, -1), filename);
    } catch (err) {
      if (err instanceof UnsafeKeyError) throw new H5pError('illegal-filename', { filename }, 400);
      throw err;
    }
  }

  private missing(library: ILibraryName, filename: string): H5pError {
    return new H5pError('library-file-missing', { filename, library: LibraryName.toUberName(library) }, 404);
  }

  async addFile(library: ILibraryName, filename: string, stream: Readable): Promise<boolean> {
    const k = this.fileKey(library, filename);
    if (!(await this.isInstalled(library))) {
      throw new H5pError('storage-file-implementations:add-library-file-not-installed', { filename, libraryName: LibraryName.toUberName(library) }, 500);
    }
    // Lumi's installer hands a read stream of the unpacked file: stored from its path (no spooling)
    const from = (stream as Readable & { path?: unknown }).path;
    if (typeof from === 'string' && (stream as { start?: number }).start === undefined) {
      stream.destroy();
      await fileStore().putFile(k, from);
    } else {
      await fileStore().write(k, stream);
    }
    return true;
  }

  async addLibrary(libraryMetadata: ILibraryMetadata, restricted = false): Promise<IInstalledLibrary> {
    const library = new InstalledLibrary(libraryMetadata.machineName, libraryMetadata.majorVersion, libraryMetadata.minorVersion, libraryMetadata.patchVersion, restricted);
    if (await this.isInstalled(library)) {
      throw new H5pError('storage-file-implementations:install-library-already-installed', { libraryName: LibraryName.toUberName(library) });
    }
    await fileStore().write(this.fileKey(library, 'library.json'), JSON.stringify(libraryMetadata));
    const r = row(libraryMetadata, restricted);
    await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(libraryMetadata) }, create: r, update: r });
    return library;
  }

  async clearFiles(library: ILibraryName): Promise<void> {
    if (!(await this.isInstalled(library))) {
      throw new H5pError('storage-file-implementations:clear-library-not-found', { libraryName: LibraryName.toUberName(library) });
    }
    const store = fileStore();
    const files = (await store.list(libraryPrefix(LibraryName.toUberName(library)))).filter((f) => f.name !== 'library.json');
    await Promise.all(files.map((f) => store.delete(this.fileKey(library, f.name))));
  }

  async deleteLibrary(library: ILibraryName): Promise<void> {
    const prefix = libraryPrefix(LibraryName.toUberName(library));
    const store = fileStore();
    if (!(await this.isInstalled(library)) && !(await store.stat(`${prefix}library.json`))) {
      throw new H5pError('storage-file-implementations:remove-library-library-missing', { libraryName: LibraryName.toUberName(library) }, 404);
    }
    await store.deletePrefix(prefix);
    await db().h5pLibrary.deleteMany({ where: key(library) });
  }

  async fileExists(library: ILibraryName, filename: string): Promise<boolean> {
    return (await fileStore().stat(this.fileKey(library, filename))) !== null;
  }

  async getFileAsJson(library: ILibraryName, file: string): Promise<any> {
    return JSON.parse(await this.getFileAsString(library, file));
  }

  async getFileAsString(library: ILibraryName, file: string): Promise<string> {
    const buf = await fileStore().readBuffer(this.fileKey(library, file));
    if (!buf) throw this.missing(library, file);
    return buf.toString('utf8');
  }

  async getFileStats(library: ILibraryName, file: string): Promise<IFileStats> {
    const st = await fileStore().stat(this.fileKey(library, file));
    if (!st) throw this.missing(library, file);
    return { size: st.size, birthtime: st.mtime };
  }

  async getFileStream(library: ILibraryName, file: string): Promise<Readable> {
    try {
      return await fileStore().read(this.fileKey(library, file));
    } catch (err) {
      if (err instanceof FileMissingError) throw this.missing(library, file);
      throw err;
    }
  }

  async getLanguages(library: ILibraryName): Promise<string[]> {
    const files = await fileStore().list(`${libraryPrefix(LibraryName.toUberName(library))}language/`);
    return files.filter((f) => !f.name.includes('/') && f.name.endsWith('.json')).map((f) => f.name.slice(0, -'.json'.length));
  }

  /** The metadata from the index (kept in step with library.json by every change made here). */
  async getLibrary(library: ILibraryName): Promise<IInstalledLibrary> {
    const r = await db().h5pLibrary.findUnique({
      where: { machineName_majorVersion_minorVersion: key(library) },
      select: { metadata: true, restricted: true },
    });
    if (!r) {
      throw new H5pError('storage-file-implementations:get-library-metadata-not-installed', { libraryName: LibraryName.toUberName(library) }, 404);
    }
    const meta = JSON.parse(JSON.stringify(r.metadata)) as ILibraryMetadata & { restricted?: boolean };
    return InstalledLibrary.fromMetadata({ ...meta, restricted: r.restricted });
  }

  async listFiles(library: ILibraryName): Promise<string[]> {
    return (await fileStore().list(libraryPrefix(LibraryName.toUberName(library)))).map((f) => f.name);
  }

  async updateAdditionalMetadata(library: ILibraryName, additional: Partial<IAdditionalLibraryMetadata>): Promise<boolean> {
    const metadata = (await this.getLibrary(library)) as unknown as Record<string, unknown>;
    let dirty = false;
    for (const [prop, value] of Object.entries(additional)) {
      if (value !== metadata[prop]) {
        metadata[prop] = value;
        dirty = true;
      }
    }
    if (!dirty) return false;
    try {
      await fileStore().write(this.fileKey(library, 'library.json'), JSON.stringify(metadata));
    } catch (error) {
      throw new H5pError('storage-file-implementations:error-updating-metadata', { library: LibraryName.toUberName(library), error: (error as Error).message }, 500);
    }
    const r = row(metadata as unknown as ILibraryMetadata, Boolean(metadata.restricted));
    await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(library) }, create: r, update: r });
    return true;
  }

  async updateLibrary(libraryMetadata: ILibraryMetadata): Promise<IInstalledLibrary> {
    const current = await db().h5pLibrary.findUnique({ where: { machineName_majorVersion_minorVersion: key(libraryMetadata) }, select: { restricted: true } });
    if (!current) {
      throw new H5pError('storage-file-implementations:update-library-library-missing', { libraryName: LibraryName.toUberName(libraryMetadata) }, 404);
    }
    await fileStore().write(this.fileKey(libraryMetadata, 'library.json'), JSON.stringify(libraryMetadata));
    const r = row(libraryMetadata, current.restricted);
    await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(libraryMetadata) }, create: r, update: r });
    return InstalledLibrary.fromMetadata({ ...libraryMetadata, restricted: current.restricted });
  }

  async getInstalledLibraryNames(machineName?: string): Promise<ILibraryName[]> {
    const rows = await db().h5pLibrary.findMany({
      where: machineName ? { machineName } : {},
      select: { machineName: true, majorVersion: true, minorVersion: true },
      orderBy: [{ machineName: 'asc' }, { majorVersion: 'asc' }, { minorVersion: 'asc' }],
    });
    return rows.map((r) => new LibraryName(r.machineName, r.majorVersion, r.minorVersion));
  }

  async isInstalled(library: ILibraryName): Promise<boolean> {
    return (await db().h5pLibrary.count({ where: key(library) })) > 0;
  }

  async listAddons(): Promise<ILibraryMetadata[]> {
    const rows = await db().$queryRaw<{ metadata: ILibraryMetadata }[]>`
      SELECT metadata FROM h5p_libraries WHERE metadata ? 'addTo'`;
    return rows.map((r) => r.metadata);
  }

  async getAllDependentsCount(): Promise<{ [ubername: string]: number }> {
    const rows = await db().h5pLibrary.findMany({ select: { metadata: true } });
    const libs = rows.map((r) => JSON.parse(JSON.stringify(r.metadata)) as ILibraryMetadata);
    const byUber = new Map(libs.map((l) => [LibraryName.toUberName(l), l]));
    // circular dependencies caused by editor dependencies (H5P.InteractiveVideo ⇄ H5PEditor.InteractiveVideo) are not counted
    for (const lib of libs) {
      for (const dep of lib.editorDependencies ?? []) {
        const target = byUber.get(LibraryName.toUberName(dep));
        const i = target?.preloadedDependencies?.findIndex((ln) => LibraryName.equal(ln, lib)) ?? -1;
        if (target && i >= 0) target.preloadedDependencies!.splice(i, 1);
      }
    }
    const counts: Record<string, number> = {};
    for (const lib of libs) {
      for (const dep of [...(lib.preloadedDependencies ?? []), ...(lib.editorDependencies ?? []), ...(lib.dynamicDependencies ?? [])]) {
        const u = LibraryName.toUberName(dep);
        counts[u] = (counts[u] ?? 0) + 1;
      }
    }
    return counts;
  }

  async getDependentsCount(library: ILibraryName): Promise<number> {
    return (await this.getAllDependentsCount())[LibraryName.toUberName(library)] ?? 0;
  }

  /** Indexes libraries that are in the store but not in h5p_libraries (e.g. a DATA_DIR restored from a backup). */
  async syncIndex(): Promise<number> {
    const store = fileStore();
    const indexed = new Set((await this.getInstalledLibraryNames()).map((l) => LibraryName.toUberName(l)));
    let added = 0;
    for (const uber of await store.listFolders(LIBRARIES_PREFIX)) {
      if (!UBER.test(uber) || indexed.has(uber)) continue;
      try {
        const buf = await store.readBuffer(`${libraryPrefix(uber)}library.json`);
        if (!buf) continue;
        const meta = JSON.parse(buf.toString('utf8')) as ILibraryMetadata & { restricted?: boolean };
        const r = row(meta, Boolean(meta.restricted));
        await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(meta) }, create: r, update: r });
        added++;
      } catch (err) {
        log.warn({ err, library: uber }, 'could not index an H5P library found in the file store');
      }
    }
    return added;
  }
}

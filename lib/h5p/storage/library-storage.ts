// ILibraryStorage: library files under ${DATA_DIR}/h5p/libraries (Lumi's FileLibraryStorage), with the
// library metadata indexed in h5p_libraries so listing, "is installed", add-ons and dependents are queries
// instead of directory scans. Wrapped by CachedLibraryStorage (see server.ts).
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  fsImplementations,
  LibraryName,
  type IAdditionalLibraryMetadata,
  type IInstalledLibrary,
  type ILibraryMetadata,
  type ILibraryName,
} from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';
import { log } from '@/lib/log';

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

export class DbLibraryStorage extends fsImplementations.FileLibraryStorage {
  constructor(private readonly dir: string) {
    super(dir);
  }

  override async addLibrary(libraryMetadata: ILibraryMetadata, restricted = false): Promise<IInstalledLibrary> {
    const installed = await super.addLibrary(libraryMetadata, restricted);
    const r = row(libraryMetadata, restricted);
    await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(libraryMetadata) }, create: r, update: r });
    return installed;
  }

  override async deleteLibrary(library: ILibraryName): Promise<void> {
    await super.deleteLibrary(library);
    await db().h5pLibrary.deleteMany({ where: key(library) });
  }

  override async updateLibrary(libraryMetadata: ILibraryMetadata): Promise<IInstalledLibrary> {
    const installed = await super.updateLibrary(libraryMetadata);
    const r = row(libraryMetadata, Boolean(installed.restricted));
    await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(libraryMetadata) }, create: r, update: r });
    return installed;
  }

  override async updateAdditionalMetadata(library: ILibraryName, additional: Partial<IAdditionalLibraryMetadata>): Promise<boolean> {
    const changed = await super.updateAdditionalMetadata(library, additional);
    if (additional.restricted !== undefined) {
      await db().h5pLibrary.updateMany({ where: key(library), data: { restricted: Boolean(additional.restricted) } });
    }
    return changed;
  }

  override async getInstalledLibraryNames(machineName?: string): Promise<ILibraryName[]> {
    const rows = await db().h5pLibrary.findMany({
      where: machineName ? { machineName } : {},
      select: { machineName: true, majorVersion: true, minorVersion: true },
      orderBy: [{ machineName: 'asc' }, { majorVersion: 'asc' }, { minorVersion: 'asc' }],
    });
    return rows.map((r) => new LibraryName(r.machineName, r.majorVersion, r.minorVersion));
  }

  override async isInstalled(library: ILibraryName): Promise<boolean> {
    return (await db().h5pLibrary.count({ where: key(library) })) > 0;
  }

  override async listAddons(): Promise<ILibraryMetadata[]> {
    const rows = await db().$queryRaw<{ metadata: ILibraryMetadata }[]>`
      SELECT metadata FROM h5p_libraries WHERE metadata ? 'addTo'`;
    return rows.map((r) => r.metadata);
  }

  override async getAllDependentsCount(): Promise<{ [ubername: string]: number }> {
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

  override async getDependentsCount(library: ILibraryName): Promise<number> {
    return (await this.getAllDependentsCount())[LibraryName.toUberName(library)] ?? 0;
  }

  /** Indexes libraries that exist on disk but not in h5p_libraries (e.g. a DATA_DIR restored from a backup). */
  async syncIndex(): Promise<number> {
    const known = new Set((await super.getInstalledLibraryNames()).map((l) => LibraryName.toUberName(l)));
    const indexed = new Set((await this.getInstalledLibraryNames()).map((l) => LibraryName.toUberName(l)));
    let added = 0;
    for (const uber of known) {
      if (indexed.has(uber)) continue;
      try {
        const meta = JSON.parse(await fsp.readFile(path.join(this.dir, uber, 'library.json'), 'utf8')) as ILibraryMetadata;
        const r = row(meta, false);
        await db().h5pLibrary.upsert({ where: { machineName_majorVersion_minorVersion: key(meta) }, create: r, update: r });
        added++;
      } catch (err) {
        log.warn({ err, library: uber }, 'could not index an H5P library found on disk');
      }
    }
    return added;
  }
}

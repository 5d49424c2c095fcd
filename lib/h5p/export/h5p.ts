// H5P export (rule 10): a .h5p ZIP with h5p.json, content/content.json, the content's files and the
// libraries it depends on, written in one streaming pass from the stored files (packageFiles() is shared with
// the SCORM export): media that is already compressed (jpg, png, mp4, mp3, webm, woff2, zip …) is stored as
// it is, text is deflated, and files are read a few ahead of the one being written (zip-stream.ts).
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { LibraryName, type IContentMetadata, type ILibraryName } from '@lumieducation/h5p-server';
import DependencyGetter from '@lumieducation/h5p-server/build/src/DependencyGetter';
import { db } from '@/lib/db/client';
import { assertCanExport } from '@/lib/h5p/content/content';
import { AppError } from '@/lib/errors';
import { nodeToWeb } from '@/lib/h5p/http/files';
import { fileStore } from '@/lib/files/store';
import { contentPrefix, libraryPrefix } from '@/lib/h5p/engine/paths';
import type { H5pActor } from '@/lib/h5p/engine/permissions';
import { zipStream, type ZipSource } from './zip-stream';
import { h5p } from '@/lib/h5p/engine/server';

/** A download name from the title: letters, digits, spaces, dots, dashes and underscores only. */
export function exportFilename(title: string, suffix: string): string {
  const clean = title.normalize('NFKD').replace(/[^\w .-]+/g, '').replace(/\s+/g, ' ').trim().slice(0, 100) || 'content';
  return `${clean}${suffix}`;
}

export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Formats that are compressed already: deflating them again costs time and saves nothing, so they are stored. */
const COMPRESSED = new Set(
  'jpg jpeg png gif webp avif heic mp4 m4v mov webm mkv ogg ogv oga opus mp3 m4a aac flac zip h5p gz tgz bz2 xz 7z rar br woff woff2 docx xlsx pptx odt ods odp glb'.split(' '),
);

/** Whether an archive entry named `name` should be deflated (text) or stored (already-compressed media). */
export const shouldDeflate = (name: string) => !COMPRESSED.has(path.posix.extname(name).slice(1).toLowerCase());

/** One member of an archive: a stored file (read when its turn comes) or bytes made here. */
export type ArchiveEntry = ZipSource;

/** The archive of `entries`, in order, as a stream: media stored, text deflated (zip-stream.ts). */
export const streamArchive = (entries: ArchiveEntry[]): PassThrough => zipStream(entries, { deflate: shouldDeflate });

/** A stored file as an archive member: a local path on the local store, else opened from the store when its turn comes. */
export type StoredEntry = Exclude<ZipSource, { data: Buffer }>;

export interface PackageFiles {
  metadata: IContentMetadata;
  parameters: unknown;
  /** The content's files: `name` is relative to its content folder. */
  content: StoredEntry[];
  /** Every file of every library the content needs: `name` is `<Machine.Name-1.2>/<path>`. */
  libraries: StoredEntry[];
}

/** The archive member `name` for the stored file `key` of `size` bytes. */
function storedEntry(name: string, key: string, size: number): StoredEntry {
  const store = fileStore();
  const file = store.localPath(key);
  return file ? { name, file } : { name, size, open: () => store.read(key) };
}

/**
 * What a .h5p of the content holds, read from the stores: its metadata and parameters (PostgreSQL), its files and
 * the files of its libraries with their dependencies (preloaded and editor, as Lumi's PackageExporter), as paths.
 */
export async function packageFiles(contentId: string): Promise<PackageFiles> {
  const { editor, contentStorage } = await h5p();
  const store = fileStore();
  const prefix = contentPrefix(contentId);
  const [metadata, parameters, files] = await Promise.all([
    contentStorage.getMetadata(contentId),
    contentStorage.getParameters(contentId),
    store.list(prefix).then((all) => all.filter((f) => f.name !== 'content.json')),
  ]);
  const roots: ILibraryName[] = [...(metadata.preloadedDependencies ?? []), ...(metadata.editorDependencies ?? []), ...(metadata.dynamicDependencies ?? [])];
  const dependencies = await new DependencyGetter(editor.libraryManager.libraryStorage).getDependentLibraries(roots, { editor: true, preloaded: true });
  const libraries = (
    await Promise.all(
      dependencies.map(async (lib) => {
        const uber = LibraryName.toUberName(lib);
        const lp = libraryPrefix(uber);
        // on the local store the file list comes from the library cache (no walk); a remote store lists with sizes
        if (store.kind === 'local') return (await editor.libraryManager.listFiles(lib)).map((f) => ({ name: `${uber}/${f}`, file: store.localPath(`${lp}${f}`)! }));
        return (await store.list(lp)).map((f) => storedEntry(`${uber}/${f.name}`, `${lp}${f.name}`, f.size));
      }),
    )
  ).flat();
  return { metadata, parameters, content: files.map((f) => storedEntry(f.name, `${prefix}${f.name}`, f.size)), libraries };
}

/** The longest content path Lumi's exporter keeps as it is (it renames longer ones); stored names are far shorter. */
const MAX_CONTENT_PATH = 255;

export async function exportResponse(contentId: string, actor: H5pActor): Promise<Response> {
  await assertCanExport(actor.reader, contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true } });
  if (!row) throw new AppError(404, 'Content not found');
  const pkg = await packageFiles(contentId);
  let body: PassThrough;
  if (pkg.content.some((f) => f.name.length >= MAX_CONTENT_PATH)) {
    // a path the exporter would shorten (and rewrite in the parameters): Lumi's exporter does it
    const { editor } = await h5p();
    body = new PassThrough();
    editor.exportContent(contentId, body, actor).catch((err: Error) => body.destroy(err));
  } else {
    body = streamArchive([
      { name: 'content/content.json', data: Buffer.from(JSON.stringify(pkg.parameters)) },
      { name: 'h5p.json', data: Buffer.from(JSON.stringify(pkg.metadata)) },
      ...pkg.content.map((f) => ({ ...f, name: `content/${f.name}` })),
      ...pkg.libraries,
    ]);
  }
  return new Response(nodeToWeb(body), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(exportFilename(row.title, '.h5p')) },
  });
}

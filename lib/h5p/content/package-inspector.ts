// Treats every uploaded package as hostile before the H5P library sees it: ZIP signature, entry names
// (no `..`, absolute paths, backslashes, drive letters), no symbolic links, no encrypted entries, only
// whitelisted file types, declared and actual uncompressed sizes within the content limits (zip bombs), and
// a package that holds content (not only libraries), at most 10,000 files (more exhausts file handles while
// the library unpacks them), names of at most 255 characters, and no SVG that carries script.
// extractPackage() runs the same checks while it writes the entries out: one decompression pass per import.
import fsp from 'node:fs/promises';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const CONTENT_WHITELIST = 'json png jpg jpeg gif bmp tif tiff eot ttf woff woff2 otf webm mp4 ogg mp3 m4a wav txt pdf rtf doc docx xls xlsx ppt pptx odt ods odp xml csv diff patch swf md textile vtt webvtt gltf glb'.split(' ');
export const LIBRARY_WHITELIST = [...CONTENT_WHITELIST, 'js', 'css', 'svg'];
export const MAX_ENTRIES = 10_000;
/** The longest entry name (the H5P exporter shortens content paths to the same length). */
export const MAX_NAME_LENGTH = 255;
/** An SVG is read whole to look for script; a bigger one is refused. */
const MAX_SVG_SIZE = 5 * 1024 * 1024;
/** Markup that makes an SVG run script when opened on its own. */
const SVG_SCRIPT = /<\s*(script|foreignObject|iframe|embed|object|handler)\b|<[^>]*[\s"'/]on[a-z]+\s*=|(java|vb)script\s*:|<!ENTITY/i;

/** An entry name as quoted in a refusal: long names are cut. */
const quote = (name: string) => `"${name.length > 80 ? `${name.slice(0, 80)}…` : name}"`;

export class PackageRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageRejected';
  }
}

export const hasZipSignature = (head: Buffer) => head.length >= 4 && head.subarray(0, 4).equals(ZIP_SIGNATURE);

export interface InspectLimits {
  maxFileSize: number;
  maxTotalSize: number;
}

export interface InspectResult {
  entries: number;
  totalUncompressed: number;
  libraries: string[];
}

function unsafeName(name: string): boolean {
  if (!name || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split('/').some((seg) => seg === '..');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

interface Opened {
  zip: yauzl.Zip;
  list: yauzl.Entry[];
  entries: number;
  libraries: Set<string>;
}

/** The signature, the central directory and every entry's name, type, mode and declared size: nothing is inflated. */
async function openChecked(file: string, limits: InspectLimits): Promise<Opened> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await fh.read(head, 0, 4, 0);
    if (!hasZipSignature(head)) throw new PackageRejected('Invalid file: not a valid ZIP archive');
  } finally {
    await fh.close();
  }
  let zip: yauzl.Zip;
  try {
    zip = await yauzl.open(file, { validateFilenames: false, strictFilenames: false, validateEntrySizes: true, supportMacArchive: false });
  } catch {
    throw new PackageRejected('Invalid file: not a valid ZIP archive');
  }
  let entries = 0;
  let declaredTotal = 0;
  let hasH5pJson = false;
  let hasContentJson = false;
  const libraries = new Set<string>();
  try {
    let list: yauzl.Entry[];
    try {
      list = await zip.readEntries();
    } catch {
      throw new PackageRejected('Invalid file: not a valid ZIP archive');
    }
    if (list.length > MAX_ENTRIES) throw new PackageRejected(`Invalid package: it holds ${list.length.toLocaleString('en')} files; at most ${MAX_ENTRIES.toLocaleString('en')} are allowed`);
    // names, types and declared sizes first: cheap, and a bomb is refused before anything is inflated
    for (const e of list) {
      entries++;
      const name = e.filename;
      if (unsafeName(name)) throw new PackageRejected(`Invalid package: unsafe path ${quote(name)}`);
      if (name.length > MAX_NAME_LENGTH) throw new PackageRejected(`Invalid package: the file name ${quote(name)} is longer than ${MAX_NAME_LENGTH} characters`);
      const hostMode = e.versionMadeBy >> 8;
      const mode = (e.externalFileAttributes >>> 16) & S_IFMT;
      if (hostMode === 3 && mode === S_IFLNK) throw new PackageRejected(`Invalid package: symbolic link ${quote(name)} is not allowed`);
      if (e.isEncrypted()) throw new PackageRejected(`Invalid package: encrypted entry ${quote(name)}`);
      if (name.endsWith('/')) continue;
      if (e.uncompressedSize > limits.maxFileSize) throw new PackageRejected(`Invalid package: ${quote(name)} exceeds the single file limit`);
      declaredTotal += e.uncompressedSize;
      if (declaredTotal > limits.maxTotalSize) throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
      const base = path.posix.basename(name);
      if (base === '.DS_Store' || name.startsWith('__MACOSX/')) continue;
      const ext = path.posix.extname(name).slice(1).toLowerCase();
      const top = name.split('/')[0] ?? '';
      if (name === 'h5p.json') {
        hasH5pJson = true;
        continue;
      }
      if (name === 'content/content.json') hasContentJson = true;
      if (top === 'content') {
        if (!CONTENT_WHITELIST.includes(ext)) throw new PackageRejected(`Invalid package: file type not allowed "${name}"`);
      } else if (name.includes('/')) {
        if (base === 'library.json' && name.split('/').length === 2) libraries.add(top);
        if (!LIBRARY_WHITELIST.includes(ext)) throw new PackageRejected(`Invalid package: file type not allowed "${name}"`);
      }
      // any other file at the top level (a read-me, H5P_CONTENT_HERE.txt of real packages) is skipped, as H5P's own
      // validator does: it is inflated through the same counters below but never written
    }
    if (!hasH5pJson || !hasContentJson) {
      if (libraries.size) throw new PackageRejected('Package contains only libraries and no content');
      throw new PackageRejected('Invalid package: h5p.json or content/content.json is missing');
    }
    return { zip, list, entries, libraries };
  } catch (err) {
    await zip.close().catch(() => undefined);
    throw err;
  }
}

interface Counter {
  bytes: number;
}

/**
 * Inflates one entry through counters that stop at the limits (and at its declared size: a bomb that lies about
 * its size), reads an SVG whole to look for script, and hands every chunk to `sink` when there is one.
 */
async function inflate(e: yauzl.Entry, limits: InspectLimits, total: Counter, sink?: (chunk: Buffer) => unknown): Promise<void> {
  let stream;
  try {
    stream = await e.openReadStream();
  } catch {
    throw new PackageRejected(`Invalid package: entry "${e.filename}" cannot be read`);
  }
  let size = 0;
  const svg: Buffer[] | undefined = e.filename.toLowerCase().endsWith('.svg') ? [] : undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      total.bytes += chunk.length;
      if (size > limits.maxFileSize || size > e.uncompressedSize || total.bytes > limits.maxTotalSize) {
        stream.destroy();
        throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
      }
      if (svg) {
        if (size > MAX_SVG_SIZE) throw new PackageRejected(`Invalid package: the image ${quote(e.filename)} is larger than 5 MB`);
        svg.push(chunk);
      }
      if (sink) await sink(chunk);
    }
    if (svg && SVG_SCRIPT.test(Buffer.concat(svg).toString('utf8'))) {
      throw new PackageRejected(`Invalid package: the image ${quote(e.filename)} contains script`);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof PackageRejected) throw err;
    // yauzl stops an entry that inflates past its declared size: a bomb that lies about its size
    if (/too many bytes/i.test((err as Error).message)) throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
    throw new PackageRejected(`Invalid package: entry "${e.filename}" is corrupt (${(err as Error).message})`);
  }
}

/** Checks a package without writing anything (the editor's library-upload, before Lumi unpacks it). */
export async function inspectPackage(file: string, limits: InspectLimits): Promise<InspectResult> {
  const { zip, list, entries, libraries } = await openChecked(file, limits);
  const total: Counter = { bytes: 0 };
  try {
    for (const e of list) if (!e.filename.endsWith('/')) await inflate(e, limits, total);
  } finally {
    await zip.close().catch(() => undefined);
  }
  return { entries, totalUncompressed: total.bytes, libraries: [...libraries] };
}

export interface ExtractOptions {
  /** An empty folder the package is written to. */
  dest: string;
  /**
   * Whether to write a library folder, given its library.json (read first): a library version that is already
   * installed is checked but not written. Default: no library is written.
   */
  keepLibrary?: (folder: string, libraryJson: Buffer) => Promise<boolean>;
  /** Entries inflated and written at the same time (default 8). */
  concurrency?: number;
}

export interface ExtractResult extends InspectResult {
  /** The library folders written to `dest`. */
  written: string[];
}

/** Entries at most this big are gathered in memory and written with one call; bigger ones are streamed. */
const SMALL_ENTRY = 1024 * 1024;

/**
 * The hostile-package checks of inspectPackage() made while the package is unpacked: every entry is inflated
 * once, through the same counters, and what the import needs (h5p.json, content/, the library folders
 * `keepLibrary` accepts) is written to `dest` as it inflates, several entries at a time. Names starting with
 * `.` or `_` are not written (as Lumi's extractor). On a refusal every worker has stopped before it throws,
 * so the caller can remove `dest` knowing nothing more will be written to it.
 */
export async function extractPackage(file: string, limits: InspectLimits, opts: ExtractOptions): Promise<ExtractResult> {
  const { zip, list, entries, libraries } = await openChecked(file, limits);
  const total: Counter = { bytes: 0 };
  const dest = path.resolve(opts.dest);
  const dirs = new Map<string, Promise<unknown>>();
  const mkdir = (d: string) => {
    let p = dirs.get(d);
    if (!p) dirs.set(d, (p = fsp.mkdir(d, { recursive: true })));
    return p;
  };
  const target = (name: string) => {
    const t = path.resolve(dest, name);
    if (!t.startsWith(dest + path.sep)) throw new PackageRejected(`Invalid package: unsafe path ${quote(name)}`);
    return t;
  };
  async function write(e: yauzl.Entry): Promise<void> {
    const to = target(e.filename);
    await mkdir(path.dirname(to));
    if (e.uncompressedSize <= SMALL_ENTRY) {
      const chunks: Buffer[] = [];
      await inflate(e, limits, total, (c) => chunks.push(c));
      await fsp.writeFile(to, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      return;
    }
    const fh = await fsp.open(to, 'w');
    try {
      await inflate(e, limits, total, (c) => fh.write(c));
    } finally {
      await fh.close();
    }
  }
  const skipped = (name: string) => {
    const base = path.posix.basename(name);
    return base.startsWith('.') || base.startsWith('_');
  };
  /** Runs `job` over `items`, `n` at a time; after a failure no new job starts, and it throws the first (in order) once all have stopped. */
  async function pool<T>(items: T[], n: number, job: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const state: { failure?: { at: number; err: unknown } } = {};
    const worker = async () => {
      while (!state.failure && next < items.length) {
        const at = next++;
        try {
          await job(items[at]!);
        } catch (err) {
          const first = state.failure as { at: number } | undefined; // another worker may have failed meanwhile
          if (!first || at < first.at) state.failure = { at, err };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
    if (state.failure) throw state.failure.err;
  }
  const n = opts.concurrency ?? 8;
  const written = new Set<string>();
  try {
    // each library's library.json first: whether its folder is written at all depends on it
    const isLibraryJson = (name: string) => /^[^/]+\/library\.json$/.test(name) && !name.startsWith('content/');
    const libraryJsons = list.filter((e) => isLibraryJson(e.filename));
    await pool(libraryJsons, n, async (e) => {
      const chunks: Buffer[] = [];
      await inflate(e, limits, total, (c) => chunks.push(c));
      const top = e.filename.split('/')[0]!;
      const data = Buffer.concat(chunks);
      if (opts.keepLibrary && (await opts.keepLibrary(top, data))) {
        written.add(top);
        const to = target(e.filename);
        await mkdir(path.dirname(to));
        await fsp.writeFile(to, data);
      }
    });
    const rest = list.filter((e) => !e.filename.endsWith('/') && !isLibraryJson(e.filename));
    await pool(rest, n, async (e) => {
      const name = e.filename;
      const top = name.split('/')[0] ?? '';
      const wanted = !skipped(name) && (name === 'h5p.json' || top === 'content' || written.has(top));
      if (wanted) await write(e);
      else await inflate(e, limits, total);
    });
  } finally {
    await zip.close().catch(() => undefined);
  }
  return { entries, totalUncompressed: total.bytes, libraries: [...libraries], written: [...written] };
}

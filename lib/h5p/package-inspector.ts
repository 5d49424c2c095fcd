// Treats every uploaded package as hostile before the H5P library sees it: ZIP signature, entry names
// (no `..`, absolute paths, backslashes, drive letters), no symbolic links, no encrypted entries, only
// whitelisted file types, declared and actual uncompressed sizes within the content limits (zip bombs), and
// a package that holds content (not only libraries), at most 10,000 files (more exhausts file handles while
// the library unpacks them), names of at most 255 characters, and no SVG that carries script.
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

export async function inspectPackage(file: string, limits: InspectLimits): Promise<InspectResult> {
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
  let actualTotal = 0;
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
      } else {
        throw new PackageRejected(`Invalid package: unexpected file "${name}" at the top level`);
      }
    }
    if (!hasH5pJson || !hasContentJson) {
      if (libraries.size) throw new PackageRejected('Package contains only libraries and no content');
      throw new PackageRejected('Invalid package: h5p.json or content/content.json is missing');
    }
    // then the actual sizes: inflate every entry through a counter that stops at the limits
    for (const e of list) {
      if (e.filename.endsWith('/')) continue;
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
          actualTotal += chunk.length;
          if (size > limits.maxFileSize || size > e.uncompressedSize || actualTotal > limits.maxTotalSize) {
            stream.destroy();
            throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
          }
          if (svg) {
            if (size > MAX_SVG_SIZE) throw new PackageRejected(`Invalid package: the image ${quote(e.filename)} is larger than 5 MB`);
            svg.push(chunk);
          }
        }
        if (svg && SVG_SCRIPT.test(Buffer.concat(svg).toString('utf8'))) {
          throw new PackageRejected(`Invalid package: the image ${quote(e.filename)} contains script`);
        }
      } catch (err) {
        if (err instanceof PackageRejected) throw err;
        // yauzl stops an entry that inflates past its declared size: a bomb that lies about its size
        if (/too many bytes/i.test((err as Error).message)) throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
        throw new PackageRejected(`Invalid package: entry "${e.filename}" is corrupt (${(err as Error).message})`);
      }
    }
  } finally {
    await zip.close().catch(() => undefined);
  }
  return { entries, totalUncompressed: actualTotal, libraries: [...libraries] };
}

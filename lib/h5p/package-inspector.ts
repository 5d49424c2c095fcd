// Treats every uploaded package as hostile before the H5P library sees it: ZIP signature, entry names
// (no `..`, absolute paths, backslashes, drive letters), no symbolic links, no encrypted entries, only
// whitelisted file types, declared and actual uncompressed sizes within the content limits (zip bombs), and
// a package that holds content (not only libraries).
import fsp from 'node:fs/promises';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const CONTENT_WHITELIST = 'json png jpg jpeg gif bmp tif tiff eot ttf woff woff2 otf webm mp4 ogg mp3 m4a wav txt pdf rtf doc docx xls xlsx ppt pptx odt ods odp xml csv diff patch swf md textile vtt webvtt gltf glb'.split(' ');
export const LIBRARY_WHITELIST = [...CONTENT_WHITELIST, 'js', 'css', 'svg'];
export const MAX_ENTRIES = 20_000;

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
    if (list.length > MAX_ENTRIES) throw new PackageRejected(`Invalid package: more than ${MAX_ENTRIES} entries`);
    // names, types and declared sizes first: cheap, and a bomb is refused before anything is inflated
    for (const e of list) {
      entries++;
      const name = e.filename;
      if (unsafeName(name)) throw new PackageRejected(`Invalid package: unsafe path "${name}"`);
      const hostMode = e.versionMadeBy >> 8;
      const mode = (e.externalFileAttributes >>> 16) & S_IFMT;
      if (hostMode === 3 && mode === S_IFLNK) throw new PackageRejected(`Invalid package: symbolic link "${name}" is not allowed`);
      if (e.isEncrypted()) throw new PackageRejected(`Invalid package: encrypted entry "${name}"`);
      if (name.endsWith('/')) continue;
      if (e.uncompressedSize > limits.maxFileSize) throw new PackageRejected(`Invalid package: "${name}" exceeds the single file limit`);
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
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          actualTotal += chunk.length;
          if (size > limits.maxFileSize || size > e.uncompressedSize || actualTotal > limits.maxTotalSize) {
            stream.destroy();
            throw new PackageRejected('Invalid package: uncompressed size exceeds the content limit');
          }
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

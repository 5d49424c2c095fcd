// Where H5P keeps its files. Stored files are keys of the file store (lib/files: ${DATA_DIR}/h5p or an S3 bucket):
// content/<contentId>/…, libraries/<Machine.Name-1.2>/…, temp/<userId>/…, custom/… (CSS overrides served at
// /h5p/custom/*). Install-time assets (core, editor, standalone player) and scratch space are local folders.
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { assertPrefix, UnsafeKeyError } from '@/lib/files/store';

/** `content/<id>/`-style prefix for one path segment. */
const folder = (kind: string, name: string) => {
  if (name.includes('/')) throw new UnsafeKeyError(name);
  return assertPrefix(`${kind}/${name}/`);
};

export const h5pRoot = () => path.join(config().dataDir, 'h5p');
/** Local scratch space (packages being unpacked, uploads being received): beside the local store, so files move in by rename. */
export const scratchRoot = () => path.join(h5pRoot(), 'imports');

/** The store prefix of a content item's files (`content/<id>/`); refuses an id that is not one path segment. */
export const contentPrefix = (contentId: string) => folder('content', contentId);
export const LIBRARIES_PREFIX = 'libraries/';
export const libraryPrefix = (uberName: string) => folder('libraries', uberName);
export const TEMP_PREFIX = 'temp/';
export const CUSTOM_PREFIX = 'custom/';

export const coreDir = () => path.join(config().h5p.assetsDir, 'core');
export const standaloneDir = () => path.join(config().h5p.assetsDir, 'standalone');
/** the editor files: H5P_EDITOR_DIR when set, else the copy installed by scripts/setup-h5p.mjs */
export const editorDir = () => config().h5p.editorDir ?? path.join(config().h5p.assetsDir, 'editor');
export const editorAvailable = () => fs.existsSync(path.join(editorDir(), 'scripts', 'h5peditor.js'));
export const coreAvailable = () => fs.existsSync(path.join(coreDir(), 'js', 'jquery.js'));

export class UnsafePathError extends Error {
  constructor(p: string) {
    super(`unsafe path: ${p}`);
    this.name = 'UnsafePathError';
  }
}

/** True for a relative path without `..`, absolute parts, backslashes or NUL. */
export function isSafeRelativePath(rel: string): boolean {
  if (!rel || rel.includes('\0') || rel.includes('\\')) return false;
  if (rel.startsWith('/') || /^[a-zA-Z]:/.test(rel)) return false;
  return rel.split('/').every((seg) => seg !== '..' && seg !== '.');
}

/** Joins `rel` under `root`, refusing anything that would leave it. */
export function safeJoin(root: string, ...parts: string[]): string {
  const rel = parts.join('/');
  if (!isSafeRelativePath(rel.replace(/\/+$/, ''))) throw new UnsafePathError(rel);
  const full = path.resolve(root, rel);
  const base = path.resolve(root);
  if (full !== base && !full.startsWith(base + path.sep)) throw new UnsafePathError(rel);
  return full;
}

// Where H5P keeps its files. The layout is shared with other features (the marketplace clone copies
// content/<id>/ directories): ${DATA_DIR}/h5p/{content/<contentId>,libraries,temp}.
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';

export const h5pRoot = () => path.join(config().dataDir, 'h5p');
export const contentRoot = () => path.join(h5pRoot(), 'content');
export const librariesRoot = () => path.join(h5pRoot(), 'libraries');
export const tempRoot = () => path.join(h5pRoot(), 'temp');
/** custom CSS overrides served at /h5p/custom/* */
export const customRoot = () => path.join(h5pRoot(), 'custom');
export const contentDir = (contentId: string) => safeJoin(contentRoot(), contentId);

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

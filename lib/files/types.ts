// The file store's interface, errors and key rules (lib/files/store.ts picks the implementation).
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  mtime: Date;
  /** a strong validator, quoted (`"…"`) */
  etag: string;
}

export interface ListedFile {
  /** the key below the listed prefix */
  name: string;
  size: number;
}

/** A byte range, both ends included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** The file's path on this machine for the local store (sendfile, rename); null for a remote store. */
  localPath(key: string): string | null;
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes (or a range of them); throws FileMissingError when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole file in memory, or null when it does not exist. For small files (JSON, library.json). */
  readBuffer(key: string): Promise<Buffer | null>;
  /** Stores the body under `key`, replacing what was there; a reader never sees half a file. Returns the size. */
  write(key: string, body: Readable | Buffer | string): Promise<number>;
  /** Stores the local file `file` under `key`; with `move` the local file is gone afterwards (a rename when it can). */
  putFile(key: string, file: string, opts?: { move?: boolean }): Promise<number>;
  /** Copies within the store; false when `from` does not exist. */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes the file (nothing when it is absent). */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file below `prefix` (which ends with `/`), with names relative to it, sorted. */
  list(prefix: string): Promise<ListedFile[]>;
  /** The names of the folders directly below `prefix` (which ends with `/`). */
  listFolders(prefix: string): Promise<string[]>;
}

export class FileMissingError extends Error {
  constructor(readonly key: string) {
    super(`no such file: ${key}`);
    this.name = 'FileMissingError';
  }
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe file key: ${key}`);
    this.name = 'UnsafeKeyError';
  }
}

/** True for a relative path without `..`, `.`, empty segments, absolute parts, backslashes or NUL. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 1024 || key.includes('\0') || key.includes('\\')) return false;
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) return false;
  return key.split('/').every((seg) => seg !== '..' && seg !== '.' && seg !== '');
}

export function assertKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}

/** A folder prefix: a safe key followed by `/`. */
export function assertPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isSafeKey(prefix.slice(0, -1))) throw new UnsafeKeyError(prefix);
  return prefix;
}

/** Joins key parts with `/`, refusing any part that would escape (`..`, absolute, backslash). */
export function joinKey(...parts: string[]): string {
  return assertKey(parts.filter((p) => p !== '').join('/'));
}

/** Total bytes below a prefix (0 when nothing is there). */
export async function prefixSize(store: FileStore, prefix: string): Promise<number> {
  return (await store.list(prefix)).reduce((a, f) => a + f.size, 0);
}

/** Size of a file in bytes, 0 when absent. */
export async function keySize(store: FileStore, key: string): Promise<number> {
  return (await store.stat(key))?.size ?? 0;
}


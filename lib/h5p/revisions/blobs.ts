// The revisions' file store: every file of every revision by its SHA-256, stored once under
// revisions/blobs/<2 hex>/<sha256> in the file store (lib/files: the local disk or S3) and shared by all revisions
// and items. Blobs are only ever written whole and never changed; the hourly sweep (sweep.ts) removes those no
// revision names any more.
import { createHash } from 'node:crypto';
import { fileStore, type FileStore } from '@/lib/files/store';

export const BLOBS_PREFIX = 'revisions/blobs/';
const SHA = /^[0-9a-f]{64}$/;

/** The store key of a blob; refuses anything that is not a lowercase SHA-256. */
export function blobKey(sha256: string): string {
  if (!SHA.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `${BLOBS_PREFIX}${sha256.slice(0, 2)}/${sha256}`;
}

/** The SHA-256 of a stored file (streamed). */
export async function hashStored(key: string, store: FileStore = fileStore()): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of await store.read(key)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Makes sure the blob of `sha256` exists, copying it from `sourceKey` when it does not (written once). */
export async function ensureBlob(sha256: string, sourceKey: string, store: FileStore = fileStore()): Promise<void> {
  const key = blobKey(sha256);
  if (await store.stat(key)) return;
  if (!(await store.copy(sourceKey, key))) throw new Error(`revision file vanished while it was recorded: ${sourceKey}`);
}

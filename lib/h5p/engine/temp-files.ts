// Temporary files (editor uploads and media uploads) live per user under temp/<userId>/ in the file store.
// /h5p/temp/<file> is served without login and finds the owner's folder through an index in the cache (written
// when the file is saved), so serving it needs no scan.
import { cache } from '@/lib/cache';
import { fileStore, isSafeKey } from '@/lib/files/store';
import { TEMP_PREFIX } from './paths';

const indexKey = (rel: string) => `h5p:temp:${rel}`;
const INDEX_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Remembers which user folder holds `rel`. */
export async function indexTempFile(rel: string, userId: string): Promise<void> {
  await cache().set(indexKey(rel), userId, INDEX_TTL_MS).catch(() => undefined);
}

export async function forgetTempFile(rel: string): Promise<void> {
  await cache().del(indexKey(rel)).catch(() => undefined);
}

/** The store key of a temporary file by its path below the user folder, or null. */
export async function findTempFile(rel: string): Promise<string | null> {
  if (rel.endsWith('.metadata') || !isSafeKey(rel)) return null;
  const owner = await cache().get(indexKey(rel)).catch(() => null);
  if (!owner || owner.includes('/')) return null;
  const key = `${TEMP_PREFIX}${owner}/${rel}`;
  return isSafeKey(key) && (await fileStore().stat(key)) ? key : null;
}

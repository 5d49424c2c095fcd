// Temporary files (editor uploads and media uploads) live per user under ${DATA_DIR}/h5p/temp/<userId>/.
// /h5p/temp/<file> is served without login and searches all users' folders (spec "Static routes").
import fsp from 'node:fs/promises';
import path from 'node:path';
import { cache } from '@/lib/cache';
import { safeJoin, tempRoot } from './paths';

const indexKey = (rel: string) => `h5p:temp:${rel}`;

/** Remembers which user folder holds `rel`, so serving it needs no directory scan. */
export async function indexTempFile(rel: string, userId: string): Promise<void> {
  await cache().set(indexKey(rel), userId, 7 * 24 * 60 * 60 * 1000).catch(() => undefined);
}

async function isFile(p: string) {
  try {
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
}

/** The absolute path of a temporary file by its path below the user folder, or null. */
export async function findTempFile(rel: string): Promise<string | null> {
  if (rel.endsWith('.metadata')) return null;
  const owner = await cache().get(indexKey(rel)).catch(() => null);
  if (owner) {
    try {
      const p = safeJoin(tempRoot(), owner, rel);
      if (await isFile(p)) return p;
    } catch {
      /* fall through */
    }
  }
  let users: string[];
  try {
    users = await fsp.readdir(tempRoot());
  } catch {
    return null;
  }
  for (const u of users) {
    try {
      const p = safeJoin(tempRoot(), u, rel);
      if (await isFile(p)) {
        await indexTempFile(rel, u);
        return p;
      }
    } catch {
      return null;
    }
  }
  return null;
}

export const tempFileDir = (p: string) => path.dirname(p);

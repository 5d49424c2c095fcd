// The hourly sweep of revision blobs (issue 27 item 3): blobs no revision names any more (their revisions pruned,
// or their item deleted with its revisions) are removed. A blob younger than the grace period is left alone: a save
// may have stored it and not yet committed the revision that names it. With several instances the cache lock lets
// one of them sweep per period, as the temporary-file clean-up does (lib/h5p/engine/temp-cleanup.ts).
import { randomUUID } from 'node:crypto';
import { cache } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import { BLOBS_PREFIX } from './blobs';

export const BLOB_SWEEP_EVERY_MS = 60 * 60 * 1000;
export const BLOB_GRACE_MS = 60 * 60 * 1000;
const LOCK_KEY = 'h5p:revision-blob-sweep';

/** Every blob hash some revision names. */
async function referencedBlobs(): Promise<Set<string>> {
  const rows = await db().$queryRaw<{ sha: string }[]>`
    SELECT DISTINCT f->>'sha256' AS sha
    FROM content_revisions r, jsonb_array_elements(CASE WHEN jsonb_typeof(r.files) = 'array' THEN r.files ELSE '[]'::jsonb END) f`;
  return new Set(rows.map((r) => r.sha));
}

/**
 * Removes unreferenced blobs older than `graceMs`; null when another instance holds this period's lock (`force`
 * skips the lock: tests, scripts). Returns how many were removed.
 */
export async function sweepRevisionBlobs(opts: { now?: number; graceMs?: number; force?: boolean } = {}): Promise<{ removed: number; kept: number } | null> {
  if (!opts.force && !(await cache().setIfAbsent(LOCK_KEY, randomUUID(), BLOB_SWEEP_EVERY_MS - 60_000))) return null;
  const now = opts.now ?? Date.now();
  const grace = opts.graceMs ?? BLOB_GRACE_MS;
  const store = fileStore();
  const listed = await store.list(BLOBS_PREFIX);
  if (!listed.length) return { removed: 0, kept: 0 };
  const used = await referencedBlobs();
  let removed = 0;
  for (const f of listed) {
    const sha = f.name.split('/').pop() ?? '';
    if (used.has(sha)) continue;
    const key = `${BLOBS_PREFIX}${f.name}`;
    const st = await store.stat(key);
    if (!st || now - st.mtime.getTime() < grace) continue;
    // named again since the list was read (a save reusing it): kept
    if ((await referencedBlobs()).has(sha)) continue;
    await store.delete(key);
    removed++;
  }
  return { removed, kept: listed.length - removed };
}

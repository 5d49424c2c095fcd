// Start-up sweep of what a dead instance left half-written (issue 22, item 6): content files stored under a
// pending_contents record that was never committed (create-owned.ts), scratch folders of imports and partial
// files under DATA_DIR/h5p/imports, and multipart upload folders (`lumen-upload-*`, multipart.ts) in the system's
// temporary folder. Only what is older than ABANDONED_UPLOAD_AGE_MS (default REQUEST_TIMEOUT_MS) is touched: a
// request of a live instance is never that old. Records are claimed by deleting them (DELETE … RETURNING), so with
// several instances starting together each item's files are removed once; the commit of a slow request that finds
// its record gone fails instead of making visible content whose files were removed.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import { log } from '@/lib/log';
import { UPLOAD_DIR_PREFIX } from '@/lib/net/multipart';
import { contentPrefix, scratchRoot } from '@/lib/h5p/engine/paths';

export interface SweepResult {
  /** uncommitted content items whose files were removed */
  contents: number;
  /** entries removed under DATA_DIR/h5p/imports */
  scratch: number;
  /** upload folders removed from the temporary folder */
  uploads: number;
}

/** Removes the entries of `dir` (those `match` accepts) last changed before `before`; how many. */
async function removeOlderThan(dir: string, before: number, match: (name: string) => boolean = () => true): Promise<number> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    if (!match(e.name)) continue;
    const p = path.join(dir, e.name);
    const st = await fsp.lstat(p).catch(() => null);
    if (!st || st.mtimeMs > before) continue;
    await fsp.rm(p, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export async function sweepAbandoned(now = Date.now()): Promise<SweepResult> {
  const before = now - config().abandonedUploadAgeMs;
  const claimed = await db().$queryRaw<{ content_id: string }[]>`
    DELETE FROM pending_contents WHERE created_at <= ${new Date(before)} RETURNING content_id`;
  const store = fileStore();
  let contents = 0;
  for (const { content_id: id } of claimed) {
    // a committed item deletes its record in the commit: a row here would be a bug, never swept
    if (await db().h5pContent.findUnique({ where: { id }, select: { id: true } })) continue;
    await store.deletePrefix(contentPrefix(id));
    contents++;
  }
  const scratch = await removeOlderThan(scratchRoot(), before);
  const uploads = await removeOlderThan(os.tmpdir(), before, (n) => n.startsWith(UPLOAD_DIR_PREFIX));
  return { contents, scratch, uploads };
}

/** The start-up sweep: logged, never fatal (what it leaves is retried at the next start). */
export async function sweepAtStartup(): Promise<void> {
  try {
    const r = await sweepAbandoned();
    if (r.contents || r.scratch || r.uploads) log.info(r, 'removed what interrupted imports, copies and uploads left');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'start-up sweep of abandoned uploads failed');
  }
}

// Expired temporary files (editor uploads, media uploads; each carries its expiry in a .metadata file) are
// removed once an hour, and so are revision blobs no revision names (lib/h5p/revisions/sweep.ts). With several instances the cache lock lets one of them do it per period.
import { randomUUID } from 'node:crypto';
import { cache } from '@/lib/cache';
import { log } from '@/lib/log';

export const TEMP_CLEANUP_EVERY_MS = 60 * 60 * 1000;
const LOCK_KEY = 'h5p:temp-cleanup';

/** Deletes expired temporary files now; returns false when another instance holds this period's lock. */
export async function cleanTemporaryFiles(): Promise<boolean> {
  if (!(await cache().setIfAbsent(LOCK_KEY, randomUUID(), TEMP_CLEANUP_EVERY_MS - 60_000))) return false;
  // loaded here, not at start-up: the H5P server's modules are not needed to answer the first requests
  const { h5p } = await import('./server');
  const { editor } = await h5p();
  await editor.temporaryFileManager.cleanUp();
  return true;
}

const g = globalThis as unknown as { __lumenTempCleanup?: NodeJS.Timeout };

export function scheduleTemporaryFileCleanup(): void {
  if (g.__lumenTempCleanup) return;
  const run = (): void => {
    cleanTemporaryFiles()
      .then((ran) => ran && log.info('expired temporary files removed'))
      .catch((err) => log.warn({ err: (err as Error).message }, 'temporary file clean-up failed'));
    // and the revision blobs no revision names any more (lib/h5p/revisions/sweep.ts; its own lock per period)
    import('@/lib/h5p/revisions/sweep')
      .then(({ sweepRevisionBlobs }) => sweepRevisionBlobs())
      .then((r) => r?.removed && log.info(r, 'unreferenced revision blobs removed'))
      .catch((err) => log.warn({ err: (err as Error).message }, 'revision blob sweep failed'));
  };
  g.__lumenTempCleanup = setInterval(run, TEMP_CLEANUP_EVERY_MS);
  g.__lumenTempCleanup.unref();
  setTimeout(run, 30_000).unref(); // and once shortly after start
}

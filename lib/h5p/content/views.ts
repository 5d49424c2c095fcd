// View counts (H5P rule 5), batched: a play adds to an in-process tally, written a moment later for every item
// played meanwhile in one statement — a classroom opening the same item costs one write, not thirty, and the
// play itself never waits for it. Pending counts are written on shutdown too (flushViews).
import { db } from '@/lib/db/client';
import { log } from '@/lib/log';
import { addShutdownHook } from '@/server/globals.mjs';

/** how long plays are gathered before they are written */
export const VIEW_FLUSH_MS = 250;

interface Tally {
  pending: Map<string, number>;
  timer?: NodeJS.Timeout;
  writing?: Promise<void>;
}

const g = globalThis as unknown as { __lumenViews?: Tally };
function tally(): Tally {
  if (!g.__lumenViews) {
    g.__lumenViews = { pending: new Map() };
    // the front server (server/start.mjs) runs these on SIGTERM: pending counts are written before exit
    addShutdownHook(() => flushViews());
  }
  return g.__lumenViews;
}

/** Counts a view of the item without making the caller wait for it. */
export function recordView(contentId: string): void {
  const t = tally();
  t.pending.set(contentId, (t.pending.get(contentId) ?? 0) + 1);
  if (!t.timer) {
    t.timer = setTimeout(() => void flushViews(), VIEW_FLUSH_MS);
    t.timer.unref();
  }
}

/** Writes the pending counts now (one statement). */
export async function flushViews(): Promise<void> {
  const t = tally();
  clearTimeout(t.timer);
  t.timer = undefined;
  await t.writing;
  if (!t.pending.size) return;
  const batch = t.pending;
  t.pending = new Map();
  const ids = [...batch.keys()];
  const counts = ids.map((id) => batch.get(id) ?? 0);
  t.writing = db()
    .$executeRaw`UPDATE content_ownership c SET view_count = c.view_count + v.n, updated_at = now()
      FROM unnest(${ids}::text[], ${counts}::int[]) AS v(id, n) WHERE c.content_id = v.id`
    .then(() => undefined)
    .catch((err: unknown) => log.warn({ err, items: ids.length }, 'view counts not written'))
    .finally(() => {
      t.writing = undefined;
    });
  await t.writing;
}

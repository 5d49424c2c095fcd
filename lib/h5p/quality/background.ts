// Quality scores without waiting: after content is created, updated, imported, cloned or duplicated, and for list
// items that have none yet, the rule-based critic's report is generated in the background (after the response,
// a few at a time, bounded queue) and cached. A background report is written only when none exists and the
// content has not changed since it was read, so a stale report never overwrites a newer one. When an AI critic
// is configured, GET /h5p/content/:id/quality replaces a background report with the critic's (store.ts).
import { db, Prisma } from '@/lib/db/client';
import { log } from '@/lib/log';
import { ruleBasedReport } from './rules';

const CONCURRENCY = 2;
const MAX_QUEUED = 1_000;

const queued = new Set<string>();
const again = new Set<string>();
const queue: string[] = [];
let running = 0;
let idle: (() => void)[] = [];

/** Generates and caches the rule-based report of one content item unless it has one. */
export async function generateBackgroundReport(contentId: string): Promise<boolean> {
  const row = await db().h5pContent.findUnique({
    where: { id: contentId },
    select: { title: true, mainLibrary: true, parameters: true, updatedAt: true, quality: { select: { contentId: true } } },
  });
  if (!row || row.quality) return false;
  const report = { ...ruleBasedReport(row.mainLibrary, row.title, row.parameters), background: true };
  const inserted = await db().$executeRaw`
    INSERT INTO content_quality_reports (content_id, overall_score, blooms_level, accessibility_score, report, generated_at)
    SELECT ${contentId}, ${report.overallScore}, ${report.bloomsLevel}, ${report.accessibilityScore}, ${JSON.stringify(report)}::jsonb, now()
     WHERE EXISTS (SELECT 1 FROM h5p_contents WHERE id = ${contentId} AND updated_at = ${row.updatedAt})
    ON CONFLICT (content_id) DO NOTHING`;
  return inserted > 0;
}

function pump(): void {
  while (running < CONCURRENCY && queue.length) {
    const id = queue.shift()!;
    running++;
    setImmediate(() => {
      generateBackgroundReport(id)
        .catch((err: unknown) => {
          if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2003')) log.warn({ err, contentId: id }, 'background quality report failed');
        })
        .finally(() => {
          running--;
          queued.delete(id);
          if (again.delete(id)) scheduleQualityReport(id);
          pump();
          if (!running && !queue.length) {
            const waiters = idle;
            idle = [];
            for (const w of waiters) w();
          }
        });
    });
  }
}

/** Queues the background report of a content item (never throws, never waits). */
export function scheduleQualityReport(contentId: string): void {
  if (queued.has(contentId)) {
    // already queued or running: a change since it read the content asks for one more pass
    again.add(contentId);
    return;
  }
  if (queue.length >= MAX_QUEUED) return; // the list asks again for whatever is still missing
  queued.add(contentId);
  queue.push(contentId);
  pump();
}

/** Resolves when the queue is empty (the benchmark and scripts wait for it). */
export function qualityQueueIdle(): Promise<void> {
  if (!running && !queue.length) return Promise.resolve();
  return new Promise((resolve) => idle.push(resolve));
}

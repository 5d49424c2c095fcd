// The upgrade jobs' runner (issue 28 item 1): every instance looks for work every few seconds — a queued job, or a
// running one whose lease lapsed (its instance died) — and runs it under a lease it renews before every batch. Only
// the database is touched until a job is claimed: the sandbox, the H5P engine and the revision code load then
// (run.ts), so an idle instance pays nothing for the feature at start-up.
import { randomUUID } from 'node:crypto';
import { db, Prisma } from '@/lib/db/client';
import { log } from '@/lib/log';

type JobRow = Prisma.ContentUpgradeJobGetPayload<object>;

/** How long a lease lasts without renewal (run.ts renews it every few seconds while items run). */
const LEASE_SECONDS = 60;
export const BATCH = 20;
const POLL_MS = 5_000;

const g = globalThis as unknown as { __lumenUpgrades?: { timer: NodeJS.Timeout | null; running: boolean; again: boolean; owner: string } };
const state = (g.__lumenUpgrades ??= {
  timer: null,
  running: false,
  again: false,
  owner: `${process.pid}-${randomUUID().slice(0, 8)}`,
});

/** Looks for work now (after a job was created here) instead of at the next poll. */
export function kickUpgrades(): void {
  if (state.running) {
    state.again = true;
    return;
  }
  void runAvailable();
}

/** Starts this instance's poll for upgrade jobs (at start-up): it takes queued jobs and those whose lease lapsed. */
export function startUpgradeRunner(): void {
  if (state.timer) return;
  state.timer = setInterval(() => kickUpgrades(), POLL_MS);
  state.timer.unref();
  kickUpgrades();
}

/** Stops the poll (tests, shutdown). */
export function stopUpgradeRunner(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

async function runAvailable(): Promise<void> {
  state.running = true;
  try {
    do {
      state.again = false;
      for (;;) {
        const job = await claim();
        if (!job) break;
        await (await import('./run')).runJob(job).catch(async (err: unknown) => {
          log.error({ err, jobId: job.id }, 'content upgrade job failed');
          await db()
            .$executeRaw`UPDATE content_upgrade_jobs SET status = 'failed', detail = ${String((err as Error)?.message ?? err).slice(0, 500)},
              finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
            WHERE id = ${job.id}::uuid AND lease_owner = ${state.owner}`;
        });
      }
    } while (state.again);
  } catch (err) {
    log.warn({ err }, 'content upgrade runner: could not look for jobs');
  } finally {
    state.running = false;
  }
}

/** Takes the oldest job that is queued, or running with a lapsed lease (its instance died). */
async function claim(): Promise<JobRow | null> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    UPDATE content_upgrade_jobs SET status = 'running', lease_owner = ${state.owner}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id = (SELECT id FROM content_upgrade_jobs
                WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now()) AND NOT cancel_requested
                ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (!rows[0]) {
    // a running job asked to stop whose instance died: ended here
    await db()
      .$executeRaw`UPDATE content_upgrade_jobs SET status = 'cancelled', finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
      WHERE status = 'running' AND cancel_requested AND (lease_until IS NULL OR lease_until < now())`;
    return null;
  }
  return db().contentUpgradeJob.findUnique({ where: { id: rows[0].id } });
}

/** Renews the lease; false when it was lost (another instance took over) or the job was asked to stop. */
export async function renew(jobId: string): Promise<'ok' | 'lost' | 'cancel'> {
  const rows = await db().$queryRaw<{ cancel_requested: boolean }[]>`
    UPDATE content_upgrade_jobs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id = ${jobId}::uuid AND lease_owner = ${state.owner} AND status = 'running' RETURNING cancel_requested`;
  if (!rows[0]) return 'lost';
  return rows[0].cancel_requested ? 'cancel' : 'ok';
}

export async function finish(jobId: string, status: 'completed' | 'cancelled', detail: string | null = null): Promise<void> {
  await db().$executeRaw`UPDATE content_upgrade_jobs SET
      status = CASE WHEN ${status} = 'cancelled' THEN 'cancelled' WHEN failed > 0 THEN 'completed_with_errors' ELSE 'completed' END,
      detail = COALESCE(${detail}, detail), finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
    WHERE id = ${jobId}::uuid AND lease_owner = ${state.owner}`;
}

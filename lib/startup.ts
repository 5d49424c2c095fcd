// Start-up of a server process (called from instrumentation.ts before any request is served): validates
// the configuration — a bad value stops the process with a message naming the variable — and applies
// pending database migrations, serialised across instances by an advisory lock; a moment later (afterStart) it
// sweeps what an instance that died mid-request left behind (lib/h5p/content/sweep.ts) and starts the workers.
import { config, ConfigError, databaseUrl } from '@/lib/config';
import { cache } from '@/lib/cache';
import { migrate } from '@/lib/db/migrate';
import { startDbWatch } from '@/lib/db/watch';
import { registerFrontFiles } from '@/lib/h5p/engine/front-files';
import { registerFastLane } from '@/lib/http/fast-lane';
import { log } from '@/lib/log';

const MIGRATION_WAIT_MS = 60_000;
/** how long connection failures are retried every 50 ms, without a warning, before every 2 s */
const QUICK_RETRY_MS = 5_000;
/** how long after start-up the work no request waits for begins (afterStart) */
const AFTER_START_MS = 1_000;

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

export async function startup(): Promise<void> {
  let url: string;
  try {
    config();
    url = databaseUrl();
  } catch (err) {
    if (err instanceof ConfigError) stop(err.message);
    throw err;
  }
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await migrate(url, undefined, (m) => log.info(m));
      log.info({ applied: r.applied.length, total: r.total }, 'database schema up to date');
      break;
    } catch (err) {
      const msg = (err as Error).message;
      if (/^(Migration .* failed|A previous migration failed)/.test(msg)) stop(`Database migration failed: ${msg}`);
      const waited = Date.now() - started;
      if (waited > MIGRATION_WAIT_MS) stop(`Database unreachable at start-up: ${msg}`);
      // the embedded database boots alongside the app (server/start.mjs): poll briskly at first
      const quiet = waited < QUICK_RETRY_MS;
      if (!quiet) log.warn({ attempt, err: msg }, 'database not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, quiet ? 50 : 2_000));
    }
  }
  cache(); // connect to Redis (or warn about the in-process fallback) before the first request
  startDbWatch(); // changes announced by the database reach the in-process caches
  registerFrontFiles(); // the front server serves static H5P files from here on
  registerFastLane(); // …and answers the hottest routes without the Next.js pipeline
  // the rest serves no request: it runs once the first answers are out (docs/performance.md, "Start-up on the
  // embedded defaults")
  setTimeout(() => void afterStart(), AFTER_START_MS).unref();
}

/**
 * Start-up work no request waits for, a moment after the process is ready: the sweep of what a dead instance left
 * half-written (it removes only what is older than any live request could be, so requests may run alongside; it is
 * also the first use of Prisma's query compiler, which would otherwise delay the first answer), the hourly clean-up
 * of temporary H5P files, and the outbox workers. Modules of features that are not configured are not loaded.
 */
async function afterStart(): Promise<void> {
  try {
    await (await import('@/lib/h5p/content/sweep')).sweepAtStartup();
    (await import('@/lib/h5p/engine/temp-cleanup')).scheduleTemporaryFileCleanup();
    // statements out to XAPI_LRS_URL: the forwarder's module only when one is set
    if (config().xapiLrs) (await import('@/lib/results/lrs')).startLrsForwarder();
    (await import('@/lib/lti/passback')).startGradePassback(); // LTI learners' grades out to their platforms
    // mass content upgrades (issue 28 item 1): queued jobs, and those an instance that died left with a lapsed lease
    (await import('@/lib/h5p/upgrade/runner')).startUpgradeRunner();
    // long AI generations (pg-boss): the jobs module (pg-boss, the page and PDF readers, the generators) only when a
    // provider is configured — without one it is ~10 MiB of heap and a few hundred ms of start-up for nothing
    if (config().ai.apiUrl) await (await import('@/lib/ai/jobs')).startAiJobs();
  } catch (err) {
    log.error({ err: (err as Error).message }, 'start-up work after the first answers failed');
  }
}

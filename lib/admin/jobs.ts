// Long admin work (installing the essential content types, syncing every curriculum framework) as a job: it runs
// in the background on the instance that started it, one at a time per kind, and its progress — how many steps,
// which one runs now, the result of each — lives in the shared cache, so any instance answers "how far is it" and
// a page reloaded mid-way picks it up again. A job whose instance died stops reporting; after STALE_MS without
// progress it reads as interrupted and the next one may start.
import { randomUUID } from 'node:crypto';
import { cache } from '@/lib/cache';
import { z } from 'zod';
import { AppError, errorOf } from '@/lib/errors';
import { log } from '@/lib/log';

export const JOB_KINDS = ['install-essentials', 'curriculum-sync'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = 'running' | 'completed' | 'interrupted';

export const jobStepSchema = z.object({
  name: z.string(),
  success: z.boolean(),
  error: z.string().optional(),
  /** a short account of what the step did (e.g. "3 libraries") */
  detail: z.string().optional(),
});
export type JobStep = z.infer<typeof jobStepSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(['running', 'completed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** the local user id of who started it */
  startedBy: z.string().optional(),
  total: z.number().int(),
  done: z.number().int(),
  /** the step running now */
  current: z.string().optional(),
  results: z.array(jobStepSchema),
  /** when the job last reported progress */
  heartbeatAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** A step may take this long at most before its job reads as interrupted (every hub and service call is bounded). */
export const STALE_MS = 10 * 60_000;
/** A finished job's report is kept this long. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

export const JOB_BUSY: Record<JobKind, string> = {
  'install-essentials': 'An installation of the essential content types is already running',
  'curriculum-sync': 'A curriculum sync is already running',
};

/** 409 while a job of the kind runs. */
export const JOB_ERR = {
  'install-essentials': errorOf(409, JOB_BUSY['install-essentials']),
  'curriculum-sync': errorOf(409, JOB_BUSY['curriculum-sync']),
} as const;

/** The text a failed step shows: the error's message, with the reason when it carries one (an upstream failure). */
function stepError(err: unknown): string {
  if (!(err instanceof AppError)) return 'Failed';
  const reason = err.extra?.reason;
  return typeof reason === 'string' && reason ? `${err.message}: ${reason}` : err.message;
}

const reportKey = (kind: JobKind) => `admin:job:${kind}`;
const lockKey = (kind: JobKind) => `admin:job:${kind}:lock`;

async function save(job: Job): Promise<void> {
  await cache().set(reportKey(job.kind), JSON.stringify(job), KEEP_MS);
}

/** The latest job of a kind (running or finished), or null when none ran in the last week. */
export async function latestJob(kind: JobKind): Promise<Job | null> {
  const raw = await cache().get(reportKey(kind));
  if (!raw) return null;
  let job: Job;
  try {
    job = JSON.parse(raw) as Job;
  } catch {
    return null;
  }
  if (job.state === 'running' && Date.now() - Date.parse(job.heartbeatAt) > STALE_MS) job = { ...job, state: 'interrupted', current: undefined };
  return job;
}

export interface JobPlan {
  /** the names of the steps, in order (known before the first runs) */
  steps: string[];
  run: (name: string) => Promise<Omit<JobStep, 'name'>>;
}

/**
 * Starts a job unless one of its kind is running (409 with JOB_BUSY). `prepare` runs first, inside the job (a hub
 * refresh, the framework list) and names the steps; a step that throws is recorded as failed and the job goes on.
 * Resolves with the job as started; `finished` settles when it has run to the end (tests and callers that wait).
 */
export async function startJob(kind: JobKind, startedBy: string | undefined, prepare: () => Promise<JobPlan>): Promise<{ job: Job; finished: Promise<Job> }> {
  const token = randomUUID();
  if (!(await cache().setIfAbsent(lockKey(kind), token, STALE_MS))) {
    // the lock outlives an instance that died mid-step only until STALE_MS; until then the job is running
    throw new AppError(409, JOB_BUSY[kind]);
  }
  const now = new Date().toISOString();
  let job: Job = { id: randomUUID(), kind, state: 'running', startedAt: now, startedBy, total: 0, done: 0, results: [], heartbeatAt: now };
  await save(job);
  const report = async (patch: Partial<Job>) => {
    job = { ...job, ...patch, heartbeatAt: new Date().toISOString() };
    await save(job).catch((err: unknown) => log.warn({ err, kind }, 'could not save the job report'));
    // a step is running: the lock lasts as long as a step may take from now
    await cache().set(lockKey(kind), token, STALE_MS).catch(() => undefined);
  };
  const finished = (async () => {
    try {
      const plan = await prepare();
      await report({ total: plan.steps.length });
      for (const name of plan.steps) {
        await report({ current: name });
        let step: JobStep;
        try {
          step = { name, ...(await plan.run(name)) };
        } catch (err) {
          step = { name, success: false, error: stepError(err) };
          if (!(err instanceof AppError)) log.error({ err, kind, step: name }, 'admin job step failed');
        }
        await report({ done: job.done + 1, results: [...job.results, step], current: undefined });
      }
      await report({ state: 'completed', finishedAt: new Date().toISOString(), current: undefined });
    } catch (err) {
      // the preparation failed as a whole (hub or service unreachable): one failed step says why
      const error = stepError(err);
      if (!(err instanceof AppError)) log.error({ err, kind }, 'admin job failed');
      await report({ state: 'completed', finishedAt: new Date().toISOString(), current: undefined, results: [...job.results, { name: 'prepare', success: false, error }] });
    } finally {
      if ((await cache().get(lockKey(kind)).catch(() => null)) === token) await cache().del(lockKey(kind)).catch(() => undefined);
    }
    return job;
  })();
  return { job, finished };
}

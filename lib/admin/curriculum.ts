// The admin's curriculum page (issue 10 item 6): whether the central service is configured and answers, the
// local frameworks with their size and last sync, the sync history, one framework synced now, and "sync all"
// (the framework list, then each active framework's hierarchy) as a job that reports each framework.
// Calls to the central service carry the admin's own provider token (bearer, or the one the session holds).
import { z } from 'zod';
import { config } from '@/lib/config';
import { checkHealth } from '@/lib/curriculum';
import { syncLogView } from '@/lib/curriculum';
import { FRAMEWORK_NOT_FOUND, syncFramework, syncFrameworks } from '@/lib/curriculum';
import { db } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import { jobSchema, latestJob, startJob } from './jobs';
import { audit } from '@/lib/log';

/** The step of a sync-all job that refreshes the framework list itself. */
export const FRAMEWORK_LIST_STEP = 'frameworks';

/** One entry of the sync history (lib/curriculum syncLogView). */
const syncLogEntrySchema = z.object({
  id: z.number().int(),
  framework_code: z.string().nullable(),
  sync_type: z.string(),
  status: z.string(),
  items_synced: z.number().int(),
  error_message: z.string().nullable(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
});

export const curriculumOverviewSchema = z.object({
  configured: z.boolean(),
  service: z.object({ connected: z.boolean(), error: z.string().optional() }),
  frameworks: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      isActive: z.boolean(),
      subjects: z.number().int(),
      objectives: z.number().int(),
      lastSync: z.object({ status: z.string(), at: z.string() }).nullable(),
    }),
  ),
  history: z.array(syncLogEntrySchema),
  job: jobSchema.nullable(),
});
export type CurriculumOverview = z.infer<typeof curriculumOverviewSchema>;

/** One framework synced now: what it stored, and the items that failed. */
export const syncFrameworkResultSchema = z.object({
  stages: z.number().int(),
  grades: z.number().int(),
  subjects: z.number().int(),
  units: z.number().int(),
  topics: z.number().int(),
  objectives: z.number().int(),
  errors: z.array(z.object({ entity: z.string(), code: z.string(), error: z.string() })),
});

export const CURRICULUM_NOT_CONFIGURED = 'Curriculum service is not configured';
/** The sync route's own errors (the 409 of a framework already syncing names the framework: see the route's description). */
export const ADMIN_CURRICULUM_ERR = { notConfigured: errorOf(503, CURRICULUM_NOT_CONFIGURED), frameworkNotFound: errorOf(404, FRAMEWORK_NOT_FOUND) } as const;

const HISTORY = 20;

export async function curriculumOverview(token: string | undefined): Promise<CurriculumOverview> {
  const configured = Boolean(config().curriculumServiceUrl);
  const [service, frameworks, subjects, objectives, lastSyncs, history, job] = await Promise.all([
    configured ? checkHealth(token) : Promise.resolve({ connected: false as const, error: 'Curriculum service is not configured (CURRICULUM_SERVICE_URL)' }),
    db().curriculumFramework.findMany({ orderBy: [{ isActive: 'desc' }, { name: 'asc' }], take: 200, select: { code: true, name: true, isActive: true } }),
    db().curriculumSubject.groupBy({ by: ['frameworkCode'], _count: { _all: true } }),
    db().curriculumObjective.groupBy({ by: ['frameworkCode'], _count: { _all: true } }),
    db().$queryRaw<{ framework_code: string; status: string; started_at: Date }[]>`
      SELECT DISTINCT ON (framework_code) framework_code, status, started_at
      FROM curriculum_sync_log WHERE framework_code IS NOT NULL
      ORDER BY framework_code, started_at DESC`,
    db().curriculumSyncLog.findMany({ orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: HISTORY }),
    latestJob('curriculum-sync'),
  ]);
  const count = (rows: { frameworkCode: string; _count: { _all: number } }[]) => new Map(rows.map((r) => [r.frameworkCode, r._count._all]));
  const subjectCounts = count(subjects);
  const objectiveCounts = count(objectives);
  const last = new Map(lastSyncs.map((r) => [r.framework_code, { status: r.status, at: r.started_at.toISOString() }]));
  return {
    configured,
    service: service.connected ? { connected: true } : { connected: false, error: service.error },
    frameworks: frameworks.map((f) => ({
      ...f,
      subjects: subjectCounts.get(f.code) ?? 0,
      objectives: objectiveCounts.get(f.code) ?? 0,
      lastSync: last.get(f.code) ?? null,
    })),
    history: history.map(syncLogView),
    job,
  };
}

export const syncBody = z.object({
  /** one framework's code; absent: all of them, as a job */
  framework: z.string().trim().min(1, 'framework must not be empty').max(100, 'framework must be at most 100 characters').optional(),
});

const notConfigured = () => AppError.of(ADMIN_CURRICULUM_ERR.notConfigured);

/** One framework and its hierarchy, now (the spec's sync of one framework, audited). */
export async function adminSyncFramework(actorId: string | undefined, code: string, token: string | undefined) {
  if (!config().curriculumServiceUrl) throw notConfigured();
  const result = await syncFramework(code, token);
  audit(actorId, 'sync curriculum framework', { framework: code, errors: result.errors.length });
  return result;
}

const summary = (r: { stages: number; grades: number; subjects: number; units: number; topics: number; objectives: number }) =>
  `${r.stages} stages, ${r.grades} grades, ${r.subjects} subjects, ${r.units} units, ${r.topics} topics, ${r.objectives} objectives`;

/** Every framework: the list first, then each active framework's hierarchy, one step each (409 while one runs). */
export async function startSyncAllJob(actorId: string | undefined, token: string | undefined) {
  if (!config().curriculumServiceUrl) throw notConfigured();
  const { job, finished } = await startJob('curriculum-sync', actorId, async () => {
    const list = await syncFrameworks(token);
    const active = await db().curriculumFramework.findMany({ where: { isActive: true }, orderBy: { name: 'asc' }, select: { code: true } });
    return {
      steps: [FRAMEWORK_LIST_STEP, ...active.map((f) => f.code)],
      run: async (name) => {
        if (name === FRAMEWORK_LIST_STEP) {
          return list.errors.length
            ? { success: false, error: `${list.errors.length} item(s) failed`, detail: `${list.synced} frameworks` }
            : { success: true, detail: `${list.synced} frameworks` };
        }
        const r = await syncFramework(name, token);
        return r.errors.length ? { success: false, error: `${r.errors.length} item(s) failed`, detail: summary(r) } : { success: true, detail: summary(r) };
      },
    };
  });
  audit(actorId, 'sync all curriculum frameworks', { jobId: job.id });
  return { job, finished };
}

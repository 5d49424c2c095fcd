// The admin's curriculum page (issue 10 item 6): whether the central service is configured and answers, the
// local frameworks with their size and last sync, the sync history, one framework synced now, and "sync all"
// (the framework list, then each active framework's hierarchy) as a job that reports each framework.
// Calls to the central service carry the admin's own provider token (bearer, or the one the session holds).
import { z } from 'zod';
import { config } from '@/lib/config';
import { checkHealth } from '@/lib/curriculum';
import { syncLogView } from '@/lib/curriculum';
import { syncFramework, syncFrameworks } from '@/lib/curriculum';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { latestJob, startJob, type Job } from './jobs';
import { audit } from '@/lib/log';

/** The step of a sync-all job that refreshes the framework list itself. */
export const FRAMEWORK_LIST_STEP = 'frameworks';

export interface CurriculumOverview {
  configured: boolean;
  service: { connected: boolean; error?: string };
  frameworks: {
    code: string;
    name: string;
    isActive: boolean;
    subjects: number;
    objectives: number;
    lastSync: { status: string; at: string } | null;
  }[];
  history: ReturnType<typeof syncLogView>[];
  job: Job | null;
}

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

const notConfigured = () => new AppError(503, 'Curriculum service is not configured');

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

import { z } from 'zod';
import { ADMIN_CURRICULUM_ERR, adminSyncFramework, startSyncAllJob, syncBody, syncFrameworkResultSchema } from '@/lib/admin/curriculum';
import { JOB_ERR, jobSchema, latestJob } from '@/lib/admin/jobs';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { SYNC_ERR } from '@/lib/curriculum/sync';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const maxDuration = 600;

// GET: the latest sync-all job (running or finished), with each framework's result
export const GET = route(
  {
    action: 'load sync progress',
    summary: "The latest sync of all frameworks, with each framework's result (admin)",
    description: 'data is the job (null when none ran).',
    tags: ['Admin'],
    response: jobSchema.nullable(),
    errors: [ADMIN_ERRORS.admin],
  },
  async ({ principal }) => {
    assertAdmin(principal);
    return reply(await latestJob('curriculum-sync'));
  },
);

// POST {framework}: that framework synced now (200 with its counts); POST {}: every framework, as a job (202)
export const POST = route(
  {
    action: 'sync curriculum',
    body: syncBody,
    summary: 'With framework: sync that framework now (200, its counts). Without: sync the list and every active framework in the background (202, a job) (admin; audited)',
    description: 'data: stages, grades, subjects, units, topics, objectives, errors — or the job.',
    tags: ['Admin'],
    response: z.union([syncFrameworkResultSchema, jobSchema]),
    message: true,
    errors: [ADMIN_ERRORS.admin, ADMIN_CURRICULUM_ERR.frameworkNotFound, JOB_ERR['curriculum-sync'], SYNC_ERR.frameworkBusy, ADMIN_CURRICULUM_ERR.notConfigured],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const token = callerToken(ctx);
    if (ctx.body.framework) {
      const code = ctx.body.framework;
      const result = await adminSyncFramework(ctx.user?.id, code, token);
      const message = result.errors.length ? `Synced framework ${code} with ${result.errors.length} errors` : `Synced framework ${code}`;
      return reply(result, { message });
    }
    const { job } = await startSyncAllJob(ctx.user?.id, token);
    return reply(job, { status: 202, message: 'Sync of all frameworks started' });
  },
);

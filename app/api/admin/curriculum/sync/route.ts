import { adminSyncFramework, startSyncAllJob, syncBody } from '@/lib/admin/curriculum';
import { latestJob } from '@/lib/admin/jobs';
import { assertAdmin } from '@/lib/admin/manage';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const maxDuration = 600;

// GET: the latest sync-all job (running or finished), with each framework's result
export const GET = route({ action: 'load sync progress' }, async ({ principal }) => {
  assertAdmin(principal);
  return reply(await latestJob('curriculum-sync'));
});

// POST {framework}: that framework synced now (200 with its counts); POST {}: every framework, as a job (202)
export const POST = route({ action: 'sync curriculum', body: syncBody }, async (ctx) => {
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
});

import { startEssentialsJob } from '@/lib/admin/content-types';
import { latestJob } from '@/lib/admin/jobs';
import { assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// GET: the latest install of the essential content types (running or finished), with each library's result
export const GET = route({ action: 'load installation progress' }, async ({ principal }) => {
  assertAdmin(principal);
  return reply(await latestJob('install-essentials'));
});

// POST: starts it in the background (202; 409 while one runs); GET follows its progress (audited)
export const POST = route({ action: 'install essential content types' }, async ({ principal, user }) => {
  assertAdmin(principal);
  const { job } = await startEssentialsJob(principal!, user?.id);
  return reply(job, { status: 202, message: 'Installation of the essential content types started' });
});

import { startEssentialsJob } from '@/lib/admin/content-types';
import { JOB_ERR, jobSchema, latestJob } from '@/lib/admin/jobs';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const contract = { tags: ['Admin'] };

// GET: the latest install of the essential content types (running or finished), with each library's result
export const GET = route(
  {
    ...contract,
    action: 'load installation progress',
    summary: "The latest install of the essential content types, with each library's result (admin)",
    description: 'data is the job (null when none ran).',
    response: jobSchema.nullable(),
    errors: [ADMIN_ERRORS.admin],
  },
  async ({ principal }) => {
    assertAdmin(principal);
    return reply(await latestJob('install-essentials'));
  },
);

// POST: starts it in the background (202; 409 while one runs); GET follows its progress (audited)
export const POST = route(
  {
    ...contract,
    action: 'install essential content types',
    summary: 'Start installing the essential content types in the background; follow it with GET (admin; audited)',
    status: 202,
    response: jobSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, JOB_ERR['install-essentials']],
  },
  async ({ principal, user }) => {
    assertAdmin(principal);
    const { job } = await startEssentialsJob(principal!, user?.id);
    return reply(job, { status: 202, message: 'Installation of the essential content types started' });
  },
);

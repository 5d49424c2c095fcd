import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { isSuperAdmin } from '@/lib/auth/roles';
import { reply, requireUser, route } from '@/lib/http/route';
import { jobView, upgradeJobOf, upgradeJobSchema, UPGRADE_ERRORS } from '@/lib/h5p/upgrade';

export const dynamic = 'force-dynamic';

const params = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });

// One upgrade job: its status and progress (the admin page polls it).
export const GET = route(
  {
    action: 'get content upgrade',
    params,
    summary: 'One upgrade job: status (queued, running, completed, completed_with_errors, cancelled, failed) and counts (admin)',
    tags: ['Admin'],
    response: upgradeJobSchema,
    errors: [ADMIN_ERRORS.admin, UPGRADE_ERRORS.scope, UPGRADE_ERRORS.notFound],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    return reply(jobView(await upgradeJobOf(requireUser(ctx), isSuperAdmin(ctx.principal), ctx.params.jobId)));
  },
);

import { curriculumOverview, curriculumOverviewSchema } from '@/lib/admin/curriculum';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// GET /api/admin/curriculum: the central service's status, the local frameworks, the sync history, the sync-all job
export const GET = route(
  {
    action: 'load curriculum overview',
    summary: 'The curriculum service status, the local frameworks with size and last sync, the sync history, the latest sync-all job (admin)',
    tags: ['Admin'],
    response: curriculumOverviewSchema,
    errors: [ADMIN_ERRORS.admin],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    return reply(await curriculumOverview(callerToken(ctx)));
  },
);

import { curriculumOverview } from '@/lib/admin/curriculum';
import { assertAdmin } from '@/lib/admin/manage';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// GET /api/admin/curriculum: the central service's status, the local frameworks, the sync history, the sync-all job
export const GET = route({ action: 'load curriculum overview' }, async (ctx) => {
  assertAdmin(ctx.principal);
  return reply(await curriculumOverview(callerToken(ctx)));
});

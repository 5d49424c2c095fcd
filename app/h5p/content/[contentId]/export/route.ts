import { exportResponse } from '@/lib/h5p/export';
import { actorOf } from '@/lib/h5p/permissions';
import { contentIdParams } from '@/lib/h5p/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'export content', auth: 'teacher', params: contentIdParams }, async (ctx) =>
  exportResponse(ctx.params.contentId, actorOf(ctx.principal!)),
);

import { exportResponse } from '@/lib/h5p/export/h5p';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { contentIdParams } from '@/lib/h5p/http/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'export content', auth: 'teacher', params: contentIdParams }, async (ctx) =>
  exportResponse(ctx.params.contentId, actorOf(ctx.principal!)),
);

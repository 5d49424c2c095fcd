import { getQualityReport } from '@/lib/h5p/quality/store';
import { contentIdParams } from '@/lib/h5p/request';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get quality report', auth: 'user', params: contentIdParams }, async (ctx) =>
  reply(await getQualityReport(ctx.params.contentId)),
);

import { assertCanRead, readerOf } from '@/lib/h5p/content/access';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { getQualityReport, qualityResultSchema } from '@/lib/h5p/quality/store';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get quality report', auth: 'user', params: contentIdParams, tags: ['H5P content'], summary: 'Quality report of content', response: qualityResultSchema, errors: [CONTENT_ERRORS.notFound] },
  async (ctx) => {
    await assertCanRead(readerOf(ctx.principal, ctx.user), ctx.params.contentId);
    return reply(await getQualityReport(ctx.params.contentId));
  },
);

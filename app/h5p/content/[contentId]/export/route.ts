import { exportResponse } from '@/lib/h5p/export/h5p';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'export content',
    auth: 'teacher',
    params: contentIdParams,
    tags: ['H5P content'],
    summary: 'Export as an .h5p package',
    response: { kind: 'file', description: 'the .h5p package (attachment <title>.h5p)', contentType: 'application/zip' },
    errors: [CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound],
  },
  async (ctx) => exportResponse(ctx.params.contentId, ctx.caller),
);

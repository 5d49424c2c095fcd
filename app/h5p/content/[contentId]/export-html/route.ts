import { z } from 'zod';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { HTML_EXPORT_ERRORS, htmlExportResponse } from '@/lib/h5p/export/html';
import { contentIdParams } from '@/lib/h5p/http/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const query = z.object({ language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'language must be a language code like en or de-CH').optional() }).loose();

// The content as one self-contained HTML file that plays offline (scripts, styles and media inlined).
export const GET = route(
  {
    action: 'export offline HTML',
    auth: 'teacher',
    params: contentIdParams,
    query,
    tags: ['H5P content'],
    summary: 'Export as one self-contained HTML file that plays offline (from a USB stick or an intranet, without the service)',
    description: 'Scripts, styles and media are inlined; content whose files exceed 40 MB (video) is refused with 413 — export it as .h5p or SCORM.',
    response: { kind: 'file', description: 'the HTML file (attachment <title>.html)', contentType: 'text/html' },
    errors: [HTML_EXPORT_ERRORS.tooLarge, CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound],
  },
  async (ctx) => htmlExportResponse(ctx.params.contentId, ctx.caller, ctx.query.language),
);

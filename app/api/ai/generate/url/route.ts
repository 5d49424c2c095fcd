import { AI_ERR } from '@/lib/ai/errors';
import { generatedFromUrlSchema, generateFromUrl, urlBody } from '@/lib/ai/generate';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Generate one item from a web page (feature url-to-h5p; one AI credit): fetched with the SSRF guard, main text extracted.
export const POST = route(
  {
    action: 'generate content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'url-to-h5p',
    body: urlBody,
    summary: 'Generate one item from a web page (url-to-h5p; one AI credit): fetched server-side with the SSRF guard, main text extracted',
    tags: ['AI'],
    status: 201,
    response: generatedFromUrlSchema,
    message: true,
    errors: [AI_ERR.urlRefused, AI_ERR.pageUnreachable, AI_ERR.pageTooShort, AI_ERR.limit, AI_ERR.invalid, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const result = await generateFromUrl(requireUser(ctx), ctx.caller, ctx.body);
    return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
  },
);

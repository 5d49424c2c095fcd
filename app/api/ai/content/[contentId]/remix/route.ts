import { remix, remixBody } from '@/lib/ai/content-ops';
import { AI_ERR } from '@/lib/ai/errors';
import { generatedSchema } from '@/lib/ai/generate';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// An item remade as another content type (feature content-remixer; one AI credit).
export const POST = route(
  {
    action: 'remix content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'content-remixer',
    params: contentIdParams,
    body: remixBody,
    summary: 'An item remade as another content type (content-remixer; one AI credit)',
    tags: ['AI'],
    status: 201,
    response: generatedSchema,
    message: true,
    errors: [AI_ERR.contentNotFound, AI_ERR.limit, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const result = await remix(ctx.principal, requireUser(ctx), ctx.caller, ctx.params.contentId, ctx.body);
    return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
  },
);

import { differentiate, differentiateBody } from '@/lib/ai/content-ops';
import { AI_ERR } from '@/lib/ai/errors';
import { generatedSchema } from '@/lib/ai/generate';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// An easier, harder or reading-level variant of an item, of the same type (feature differentiation; one AI credit).
export const POST = route(
  {
    action: 'differentiate content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'differentiation',
    params: contentIdParams,
    body: differentiateBody,
    summary: 'An easier, harder or reading-level variant of an item (differentiation; one AI credit)',
    tags: ['AI'],
    status: 201,
    response: generatedSchema,
    message: true,
    errors: [AI_ERR.contentNotFound, AI_ERR.typeNotGenerable, AI_ERR.limit, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const result = await differentiate(ctx.principal, requireUser(ctx), ctx.caller, ctx.params.contentId, ctx.body);
    return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
  },
);

import { critique, critiqueBody, critiqueSchema } from '@/lib/ai/content-ops';
import { AI_ERR } from '@/lib/ai/errors';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Bloom's critique of an item with rewrite suggestions (feature blooms-critique; one AI credit).
export const POST = route(
  {
    action: 'critique content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'blooms-critique',
    params: contentIdParams,
    body: critiqueBody,
    summary: 'Bloom\'s critique of an item with rewrite suggestions (blooms-critique; one AI credit)',
    tags: ['AI'],
    response: critiqueSchema,
    errors: [AI_ERR.contentNotFound, AI_ERR.limit, AI_ERR.invalid, AI_ERR.notConfigured],
  },
  async (ctx) => reply(await critique(ctx.principal, requireUser(ctx), ctx.params.contentId, ctx.body)),
);

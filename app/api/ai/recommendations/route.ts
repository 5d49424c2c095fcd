import { AI_ERR } from '@/lib/ai/errors';
import { recommend, recommendationsSchema, recommendBody } from '@/lib/ai/recommend';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Public items that fill a collection's Bloom's gaps or match an objective, ranked with reasons (feature
// ai-recommendation; one AI credit when there is something to rank).
export const POST = route(
  {
    action: 'recommend content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'ai-recommendation',
    body: recommendBody,
    summary: 'Public items that fill a collection\'s Bloom\'s gaps or match an objective, ranked with reasons (ai-recommendation; one AI credit when there is something to rank)',
    tags: ['AI'],
    response: recommendationsSchema,
    errors: [AI_ERR.collectionNotFound, AI_ERR.notConfigured],
  },
  async (ctx) => reply(await recommend(requireUser(ctx), ctx.body)),
);

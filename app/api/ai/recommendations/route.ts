import { recommend, recommendBody } from '@/lib/ai/recommend';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Public items that fill a collection's Bloom's gaps or match an objective, ranked with reasons (feature
// ai-recommendation; one AI credit when there is something to rank).
export const POST = route({ action: 'recommend content', auth: 'teacher', tier: 'AI', feature: 'ai-recommendation', body: recommendBody }, async (ctx) =>
  reply(await recommend(requireUser(ctx), ctx.body)),
);

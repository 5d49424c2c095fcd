import { critique, critiqueBody } from '@/lib/ai/content-ops';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Bloom's critique of an item with rewrite suggestions (feature blooms-critique; one AI credit).
export const POST = route({ action: 'critique content', auth: 'teacher', tier: 'AI', feature: 'blooms-critique', params: contentIdParams, body: critiqueBody }, async (ctx) =>
  reply(await critique(ctx.principal, requireUser(ctx), ctx.params.contentId, ctx.body)),
);

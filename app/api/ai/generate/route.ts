import { generateBody, generateFromTopic } from '@/lib/ai/generate';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { bearerQueryToken } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Generate one item from a topic or pasted text (every plan; one AI credit): saved as the caller's private
// content, or (save: false) returned as a draft to review.
export const POST = route({ action: 'generate content', auth: 'teacher', tier: 'AI', body: generateBody }, async (ctx) => {
  const result = await generateFromTopic(requireUser(ctx), actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.body);
  return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
});

import { reply, requireUser, route } from '@/lib/http/route';
import { cloneContent } from '@/lib/marketplace/clone';
import { cloneBody, cloneParams } from '@/lib/marketplace/schemas';

export const POST = route({ action: 'clone content', auth: 'teacher', params: cloneParams, body: cloneBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await cloneContent(ctx.params.contentId, user.id, { title: ctx.body.title }), { status: 201, message: 'Content cloned' });
});

import { reply, requireUser, route } from '@/lib/http/route';
import { cloneContent } from '@/lib/marketplace/clone';
import { cloneParams } from '@/lib/marketplace/schemas';

export const POST = route({ action: 'clone content', auth: 'teacher', params: cloneParams }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await cloneContent(ctx.params.contentId, user.id), { status: 201, message: 'Content cloned' });
});

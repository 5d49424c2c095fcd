import { reply, requireUser, route } from '@/lib/http/route';
import { idParams, reorderBody } from '@/lib/collections/schemas';
import { reorderItems } from '@/lib/collections/service';

export const PATCH = route({ action: 'reorder items', auth: 'teacher', params: idParams, body: reorderBody }, async (ctx) => {
  const user = requireUser(ctx);
  await reorderItems(ctx.params.id, user.id, ctx.body);
  return reply(undefined, { message: 'Items reordered' });
});

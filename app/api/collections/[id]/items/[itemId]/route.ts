import { reply, requireUser, route } from '@/lib/http/route';
import { itemParams } from '@/lib/collections/schemas';
import { removeItem } from '@/lib/collections/service';

export const DELETE = route({ action: 'remove item from collection', auth: 'teacher', params: itemParams }, async (ctx) => {
  const user = requireUser(ctx);
  await removeItem(ctx.params.id, user.id, ctx.params.itemId);
  return reply(undefined, { message: 'Item removed from collection' });
});

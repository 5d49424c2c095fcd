import { USER_ERR } from '@/lib/auth/users';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { itemParams } from '@/lib/collections/schemas';
import { COLLECTION_ERR, removeItem } from '@/lib/collections/service';

export const DELETE = route(
  {
    action: 'remove item from collection',
    auth: 'teacher',
    params: itemParams,
    summary: 'Remove an item from a collection (owner)',
    tags: ['Collections'],
    response: NO_DATA,
    message: true,
    errors: [USER_ERR.notFound, COLLECTION_ERR.notFound, COLLECTION_ERR.notOwner, COLLECTION_ERR.itemNotFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    await removeItem(ctx.params.id, user.id, ctx.params.itemId);
    return reply(undefined, { message: 'Item removed from collection' });
  },
);

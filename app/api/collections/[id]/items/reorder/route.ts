import { USER_ERR } from '@/lib/auth/users';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { idParams, reorderBody } from '@/lib/collections/schemas';
import { COLLECTION_ERR, reorderItems } from '@/lib/collections/service';

export const PATCH = route(
  {
    action: 'reorder items',
    auth: 'teacher',
    params: idParams,
    body: reorderBody,
    summary: 'Reorder the items of a collection (owner)',
    tags: ['Collections'],
    response: NO_DATA,
    message: true,
    errors: [USER_ERR.notFound, COLLECTION_ERR.notFound, COLLECTION_ERR.notOwner, COLLECTION_ERR.itemNotFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    await reorderItems(ctx.params.id, user.id, ctx.body);
    return reply(undefined, { message: 'Items reordered' });
  },
);

import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { readerOf } from '@/lib/h5p/content/access';
import { reply, requireUser, route } from '@/lib/http/route';
import { addItemsBody, idParams } from '@/lib/collections/schemas';
import { addItems, COLLECTION_ERR, itemViewSchema } from '@/lib/collections/service';

export const POST = route(
  {
    action: 'add item to collection',
    auth: 'teacher',
    params: idParams,
    body: addItemsBody,
    summary: 'Add content to a collection (owner)',
    description:
      'contentId adds one item (409 when it is already there); contentIds adds a batch and skips duplicates. data: the item, or an array of items for contentIds.',
    tags: ['Collections'],
    status: 201,
    response: z.union([itemViewSchema, z.array(itemViewSchema)]),
    errors: [COLLECTION_ERR.noContent, USER_ERR.notFound, COLLECTION_ERR.notFound, COLLECTION_ERR.notOwner, COLLECTION_ERR.notAccessible, COLLECTION_ERR.itemExists],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await addItems(ctx.params.id, readerOf(ctx.principal, user), ctx.body), { status: 201 });
  },
);

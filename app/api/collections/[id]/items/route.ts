import { readerOf } from '@/lib/h5p/content/access';
import { reply, requireUser, route } from '@/lib/http/route';
import { addItemsBody, idParams } from '@/lib/collections/schemas';
import { addItems } from '@/lib/collections/service';

export const POST = route({ action: 'add item to collection', auth: 'teacher', params: idParams, body: addItemsBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await addItems(ctx.params.id, readerOf(ctx.principal, user), ctx.body), { status: 201 });
});

import { readerOf } from '@/lib/h5p/content/access';
import { reply, requireUser, route } from '@/lib/http/route';
import { idParams, updateBody } from '@/lib/collections/schemas';
import { collectionDetail, deleteCollection, updateCollection } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get collection detail', auth: 'user', params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await collectionDetail(ctx.params.id, readerOf(ctx.principal, user)));
});

export const PATCH = route({ action: 'update collection', auth: 'teacher', params: idParams, body: updateBody }, async (ctx) => {
  const user = requireUser(ctx);
  await updateCollection(ctx.params.id, user.id, ctx.body);
  return reply(undefined, { message: 'Collection updated' });
});

export const DELETE = route({ action: 'delete collection', auth: 'teacher', params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  await deleteCollection(ctx.params.id, user.id);
  return reply(undefined, { message: 'Collection deleted' });
});

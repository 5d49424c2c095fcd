import { reply, requireUser, route } from '@/lib/http/route';
import { createBody, listQuery } from '@/lib/collections/schemas';
import { createCollection, listCollections } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

export const POST = route({ action: 'create collection', auth: 'teacher', body: createBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await createCollection(user.id, ctx.body), { status: 201 });
});

export const GET = route({ action: 'list collections', auth: 'user', query: listQuery }, async (ctx) => {
  const user = requireUser(ctx);
  const { data, total } = await listCollections(user.id, ctx.query.offset, ctx.query.limit);
  return reply(data, { extra: { total } });
});

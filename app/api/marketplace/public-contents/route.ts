import { reply, requireUser, route } from '@/lib/http/route';
import { listQuery } from '@/lib/marketplace/schemas';
import { listPublic } from '@/lib/marketplace/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'list public contents', auth: 'user', query: listQuery }, async (ctx) => {
  const user = requireUser(ctx);
  const { data, total, nextCursor } = await listPublic(user.id, ctx.query);
  // nextCursor only when another page follows (a last page keeps the spec's envelope exactly)
  return reply(data, { extra: nextCursor ? { total, nextCursor } : { total } });
});

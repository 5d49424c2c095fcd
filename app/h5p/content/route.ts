import { createContent } from '@/lib/h5p/content/content';
import { listContents, listContentsQuery } from '@/lib/h5p/content/content-list';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { anyBody, bearerQueryToken } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'list content', auth: 'teacher', query: listContentsQuery }, async (ctx) => {
  const user = requireUser(ctx);
  const { data, total, nextCursor } = await listContents(user.id, ctx.query);
  // nextCursor only when another page follows (a last or unpaged list keeps the spec's envelope exactly)
  return reply(data, { extra: nextCursor ? { total, nextCursor } : { total } });
});

export const POST = route({ action: 'create content', auth: 'teacher', body: anyBody }, async (ctx) => {
  const user = requireUser(ctx);
  const data = await createContent(user, actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.body);
  return reply(data, { status: 201, message: 'Content created successfully' });
});

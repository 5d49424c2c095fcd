import { deleteContent, getContentInfo, updateContent } from '@/lib/h5p/content/content';
import { readerOf } from '@/lib/h5p/content/access';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { anyBody, bearerQueryToken, contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get content', auth: 'user', params: contentIdParams }, async (ctx) =>
  reply(await getContentInfo(ctx.params.contentId, readerOf(ctx.principal, ctx.user))),
);

export const PUT = route({ action: 'update content', auth: 'teacher', params: contentIdParams, body: anyBody }, async (ctx) => {
  const user = requireUser(ctx);
  const data = await updateContent(user, actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.params.contentId, ctx.body);
  return reply(data, { message: 'Content updated successfully' });
});

export const DELETE = route({ action: 'delete content', auth: 'teacher', params: contentIdParams }, async (ctx) => {
  const user = requireUser(ctx);
  await deleteContent(user, ctx.params.contentId);
  return reply(undefined, { message: 'Content deleted successfully' });
});

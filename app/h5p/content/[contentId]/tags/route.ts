import { contentIdParams } from '@/lib/h5p/http/request';
import { setContentTags, setTagsBody } from '@/lib/h5p/content/tags';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const PUT = route({ action: 'update tags', auth: 'teacher', params: contentIdParams, body: setTagsBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await setContentTags(user.id, ctx.params.contentId, ctx.body.tags), { message: 'Tags updated' });
});

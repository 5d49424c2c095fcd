import { editorModel } from '@/lib/h5p/content/content';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'load content for editing', auth: 'teacher', params: contentIdParams, query: languageQuery }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await editorModel(actorOf(ctx.principal!, bearerQueryToken(ctx.url), user), ctx.query.language, ctx.params.contentId, user));
});

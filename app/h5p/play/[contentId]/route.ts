import { playerModel } from '@/lib/h5p/content';
import { scopeContentFiles } from '@/lib/h5p/embed';
import { playerActor } from '@/lib/h5p/ajax';
import { actorOf } from '@/lib/h5p/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/request';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery }, async (ctx) => {
  const token = bearerQueryToken(ctx.url);
  // an embed token plays for an anonymous viewer (their own saved state, ?learner=), never as its author
  const model = await playerModel(ctx.params.contentId, playerActor(ctx.principal, ctx.url, actorOf(ctx.principal!, token)), ctx.query.language);
  // a content token's player fetches the item's files through the token-checked route
  if (ctx.principal?.kind === 'embed') scopeContentFiles(model.integration, ctx.params.contentId, token);
  return reply(model);
});

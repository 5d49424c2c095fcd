import { playerModel } from '@/lib/h5p/content';
import { actorOf } from '@/lib/h5p/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/request';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery }, async (ctx) =>
  reply(await playerModel(ctx.params.contentId, actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.query.language)),
);

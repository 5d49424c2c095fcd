import { embedHtml } from '@/lib/h5p/embed';
import { actorOf } from '@/lib/h5p/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery }, async (ctx) => {
  const html = await embedHtml(ctx.params.contentId, actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.query.language);
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' } });
});

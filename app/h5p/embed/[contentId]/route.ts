import { embedHtml, PLAYER_CSP } from '@/lib/h5p/embed';
import { actorOf } from '@/lib/h5p/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/request';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** What a rate-limited player page shows inside its frame (with 429 and Retry-After), never the JSON error. */
const BUSY_MESSAGE = 'This activity is busy right now. Please try again in a few minutes.';
const BUSY_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Activity busy</title>
<style>
html, body { margin: 0; padding: 0; background: transparent; }
p { font: 16px/1.5 system-ui, sans-serif; margin: 12px; padding: 12px 16px; border-radius: 8px; background: #fff7e6; color: #7a4b00; }
</style>
</head>
<body>
<p role="alert">${BUSY_MESSAGE}</p>
</body>
</html>`;

// the player page: content runs here, sandboxed into an opaque origin by its CSP (lib/h5p/embed.ts)
export const GET = route(
  { action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery, limitedPage: BUSY_PAGE },
  async (ctx) => {
    const html = await embedHtml(ctx.params.contentId, actorOf(ctx.principal!, bearerQueryToken(ctx.url)), ctx.query.language);
    return new Response(html, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'Content-Security-Policy': PLAYER_CSP },
    });
  },
);

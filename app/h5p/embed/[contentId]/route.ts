import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { busyPageHtml, embedHtml } from '@/lib/h5p/player/embed';
import { anonymousViewer, playerActor } from '@/lib/h5p/http/ajax';
import { contentIdParams } from '@/lib/h5p/http/request';
import { fastRoute, type RequestHead } from '@/lib/http/route';
import { recordRoute, routeOptionsOf } from '@/lib/http/route-registry';
import { localeOf } from '@/lib/i18n/translate';
import { CONTENT_ORIGIN_HEADER } from '@/lib/h5p/player/csp';
import { contentSnapshot } from '@/lib/h5p/content/content-cache';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { resolveTenantById } from '@/lib/tenant/resolve';

export const dynamic = 'force-dynamic';

/**
 * The frame's language: the workspace's player frame names the user's (?language=); an embed snippet on another
 * site names none, and the viewer's browser decides (Accept-Language).
 */
const embedQuery = z
  .object({
    language: z.string().regex(/^[a-zA-Z-]{2,10}$/).optional(),
    /** an anonymous viewer's id, kept by the embedding page (h5p-resizer.js) */
    learner: z.uuid({ message: 'must be a UUID' }).optional(),
  })
  .loose();

const languageOf = (req: RequestHead) => localeOf(new URL(req.url).searchParams.get('language'), req.headers.get('accept-language'));

// the player page: content runs here, sandboxed into an opaque origin by its CSP, whose scripts are bound to the
// page's fresh nonce (lib/h5p/player/embed.ts); other answers here (errors, the busy page) run no script at all
// (server/header-policy.mjs PLAYER_PATH_CSP)
const play = fastRoute(
  // the English busy page; a limited viewer gets it in their language below
  {
    action: 'play content',
    auth: 'user',
    embed: true,
    params: contentIdParams,
    query: embedQuery,
    limitedPage: busyPageHtml('en'),
    tags: ['H5P content'],
    summary: 'The player page (for an iframe)',
    description: 'The page that plays the content, sandboxed by its Content-Security-Policy; an embed snippet frames it with ?token=.',
    response: { kind: 'html', description: 'the player page', contentType: 'text/html' },
    errors: [CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const locale = localeOf(ctx.query.language, ctx.req.headers.get('accept-language'));
    // an author's embed snippet plays for anonymous viewers: each records their own attempts
    const anonymous = ctx.principal?.kind === 'embed' && ctx.principal.tokenUse === 'embed';
    // the viewer the embedding page names (?learner=): the page opens with their own saved state
    const viewer = anonymousViewer(ctx.principal, ctx.url);
    const actor = playerActor(ctx.principal, ctx.url, ctx.caller);
    // on the content origin (the front server marks its requests) the page keeps its own origin; on the app's host
    // it stays opaque (server/content-origin.mjs)
    const sameOrigin = ctx.req.headers.get(CONTENT_ORIGIN_HEADER) === '1';
    // the content host is no tenant's: the page wears the brand of its content's owner's tenant
    const tenant = sameOrigin ? await resolveTenantById((await contentSnapshot(ctx.params.contentId))?.facts.ownerTenantId) : ctx.tenant;
    const { html, csp } = await embedHtml(
      ctx.params.contentId,
      actor,
      ctx.query.language ?? locale,
      locale,
      tenant?.brandConfig,
      { anonymous, preview: ctx.principal?.kind === 'embed' && ctx.principal.tokenUse === 'preview', ...(viewer?.startsWith('anon:') ? { learner: viewer.slice(5) } : {}) },
      { sameOrigin },
    );
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'Content-Security-Policy': csp, Vary: 'Accept-Encoding' };
    // the one part of a view that is never cached (this viewer's token, identity and state): sent compressed, a
    // few KB instead of tens (issue 26 item 2; its static parts are cached, lib/h5p/player/embed.ts)
    if (/\bgzip\b/.test(ctx.req.headers.get('accept-encoding') ?? '')) {
      return new Response(gzipSync(html, { level: 6 }), { headers: { ...headers, 'Content-Encoding': 'gzip' } });
    }
    return new Response(html, { headers });
  },
);

/** What a rate-limited player page shows inside its frame (with 429 and Retry-After), in the viewer's language. */
export async function GET(req: RequestHead, context: { params: Promise<Record<string, string>> }): Promise<Response> {
  const res = await play(req, context);
  if (res.status !== 429 || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
  const locale = languageOf(req);
  if (locale === 'en') return res;
  return new Response(busyPageHtml(locale), { status: 429, headers: res.headers });
}
// the API document reads the route's options from the handler it is given
recordRoute(GET, routeOptionsOf(play)!);

import { CONTENT_ERRORS, playerModelJson, playerModelSchema } from '@/lib/h5p/content/content';
import { playerActor } from '@/lib/h5p/http/ajax';
import { contentIdParams, languageQuery } from '@/lib/h5p/http/request';
import { fastRoute, replyJson, type RequestHead } from '@/lib/http/route';
import { recordRoute, routeOptionsOf } from '@/lib/http/route-registry';
import { ltiPlayerPage } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'], summary: 'Player model of content', response: playerModelSchema, errors: [CONTENT_ERRORS.notFound] };

const model = fastRoute({ action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery, ...contract }, async (ctx) => {
  // an embed token plays for an anonymous viewer (their own saved state, ?learner=), never as its author; the
  // model is the item's ready template with this viewer's parts filled in (lib/h5p/content/play-template.ts)
  const json = await playerModelJson(ctx.params.contentId, playerActor(ctx.principal, ctx.url, ctx.caller), ctx.query.language, {
    countView: !(ctx.principal?.kind === 'embed' && ctx.principal.tokenUse === 'preview'),
  });
  return replyJson(json);
});

// An LTI resource link's target ({app_url}/h5p/play/<id>, what deep linking names): the launch redirects here with
// its launch token (?lti_launch=), and the LMS's frame gets the player page for that launch (lib/lti/flows.ts).
const ltiPage = fastRoute({ action: 'play content', auth: 'none', tier: 'LTI', params: contentIdParams, response: { kind: 'html', description: 'the player page of an LTI launch' } }, async (ctx) => {
  const language = ctx.url.searchParams.get('language');
  return ltiPlayerPage(ctx.url.searchParams.get('lti_launch'), ctx.params.contentId, ctx.tenant?.brandConfig, language && /^[a-zA-Z-]{2,10}$/.test(language) ? language : undefined);
});

// not async: the handler's own promise is the answer (one promise less on the busiest route)
export function GET(req: RequestHead, context: { params: Promise<Record<string, string>>; ready?: Record<string, string> }): Promise<Response> {
  return new URL(req.url).searchParams.has('lti_launch') ? ltiPage(req, context) : model(req, context);
}
// the API document reads the route's options from the handler it is given
recordRoute(GET, routeOptionsOf(model)!);

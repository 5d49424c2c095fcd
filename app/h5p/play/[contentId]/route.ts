import { CONTENT_ERRORS, playerModelJson, playerModelJsonNow, playerModelSchema } from '@/lib/h5p/content/content';
import { playerActor } from '@/lib/h5p/http/ajax';
import { contentIdParams, languageQuery } from '@/lib/h5p/http/request';
import { fastRoute, replyJson, type FastHandler, type RequestHead, type RouteContext } from '@/lib/http/route';
import { recordRoute, routeOptionsOf } from '@/lib/http/route-registry';
import { ltiPlayerPage } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

const contract = { tags: ['H5P content'], summary: 'Player model of content', response: playerModelSchema, errors: [CONTENT_ERRORS.notFound] };

// an embed token plays for an anonymous viewer (their own saved state, ?learner=), never as its author; the model
// is the item's ready template with this viewer's parts filled in (lib/h5p/content/play-template.ts)
type ModelCtx = Pick<RouteContext<{ contentId: string }, { language: string }, undefined, RequestHead>, 'params' | 'query' | 'principal' | 'url' | 'caller'>;
const modelArgs = (ctx: ModelCtx) =>
  [ctx.params.contentId, playerActor(ctx.principal, ctx.url, ctx.caller), ctx.query.language, { countView: !(ctx.principal?.kind === 'embed' && ctx.principal.tokenUse === 'preview') }] as const;

const model = fastRoute(
  { action: 'play content', auth: 'user', embed: true, params: contentIdParams, query: languageQuery, ...contract },
  async (ctx) => replyJson(await playerModelJson(...modelArgs(ctx))),
  // without a promise when the item's template, the engine and the viewer's states are in memory
  (ctx) => {
    const json = playerModelJsonNow(...modelArgs(ctx));
    return json && replyJson(json);
  },
);

// An LTI resource link's target ({app_url}/h5p/play/<id>, what deep linking names): the launch redirects here with
// its launch token (?lti_launch=), and the LMS's frame gets the player page for that launch (lib/lti/flows.ts).
const ltiPage = fastRoute({ action: 'play content', auth: 'none', tier: 'LTI', params: contentIdParams, response: { kind: 'html', description: 'the player page of an LTI launch' } }, async (ctx) => {
  const language = ctx.url.searchParams.get('language');
  return ltiPlayerPage(ctx.url.searchParams.get('lti_launch'), ctx.params.contentId, ctx.tenant?.brandConfig, language && /^[a-zA-Z-]{2,10}$/.test(language) ? language : undefined);
});

/** an LTI launch's redirect (?lti_launch=): parsed only when the address names it at all */
const isLtiLaunch = (url: string) => url.includes('lti_launch') && new URL(url).searchParams.has('lti_launch');

// not async: the handler's own promise is the answer (one promise less on the busiest route)
export function GET(req: RequestHead, context: { params: Promise<Record<string, string>>; ready?: Record<string, string> }): Promise<Response> {
  return isLtiLaunch(req.url) ? ltiPage(req, context) : model(req, context);
}
// the fast lane's call without a promise (lib/http/route.ts, handleNow): the player model only
(GET as FastHandler).now = (req, params) => (isLtiLaunch(req.url) ? undefined : model.now!(req, params));
// the API document reads the route's options from the handler it is given
recordRoute(GET, routeOptionsOf(model)!);

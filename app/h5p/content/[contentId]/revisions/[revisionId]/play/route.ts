import { CONTENT_ERRORS, playerModelSchema } from '@/lib/h5p/content/content';
import { languageQuery } from '@/lib/h5p/http/request';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { revisionParams, revisionPlayerModel } from '@/lib/h5p/revisions/service';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// A revision in the player (issue 27 item 3): the player model rendered with the revision's parameters, built for
// this request only (the item's play template cache is left alone).
export const GET = route(
  {
    action: 'play revision',
    auth: 'user',
    params: revisionParams,
    query: languageQuery,
    tags: ['H5P content'],
    summary: 'Player model of a revision (owner, tenant admin, super admin)',
    response: playerModelSchema,
    errors: [CONTENT_ERRORS.notFound, REVISION_ERRORS.notFound],
  },
  async (ctx) => reply(await revisionPlayerModel(ctx.caller, ctx.params.contentId, ctx.params.revisionId, ctx.query.language)),
);

import { readerOf } from '@/lib/h5p/content/access';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { getRevision, revisionParams, revisionSchema } from '@/lib/h5p/revisions/service';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// One revision: its parameters, metadata and files by content hash (issue 27 item 3).
export const GET = route(
  {
    action: 'get revision',
    auth: 'user',
    params: revisionParams,
    tags: ['H5P content'],
    summary: 'One revision of an item: parameters, metadata, files (owner, tenant admin, super admin)',
    response: revisionSchema,
    errors: [REVISION_ERRORS.contentNotFound, REVISION_ERRORS.notFound],
  },
  async (ctx) => reply(await getRevision(readerOf(ctx.principal, ctx.user), ctx.params.contentId, ctx.params.revisionId)),
);

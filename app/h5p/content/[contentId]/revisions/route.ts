import { z } from 'zod';
import { readerOf } from '@/lib/h5p/content/access';
import { contentIdParams } from '@/lib/h5p/http/request';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { listRevisions, listRevisionsQuery, revisionSummarySchema } from '@/lib/h5p/revisions/service';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The item's revisions, newest first (issue 27 item 3): its owner, an admin of the owner's tenant, a super admin.
export const GET = route(
  {
    action: 'list revisions',
    auth: 'user',
    params: contentIdParams,
    query: listRevisionsQuery,
    tags: ['H5P content'],
    summary: "The item's revisions, newest first (owner, tenant admin, super admin)",
    description: 'Every save keeps a revision: who, when, kind (create, edit, restore, ai, upgrade, import) and note. `?before=<number>` pages on (nextBefore).',
    response: z.array(revisionSummarySchema),
    extra: { total: z.number().int(), nextBefore: z.number().int().nullable() },
    errors: [REVISION_ERRORS.contentNotFound],
  },
  async (ctx) => {
    const { data, total, nextBefore } = await listRevisions(readerOf(ctx.principal, ctx.user), ctx.params.contentId, ctx.query);
    return reply(data, { extra: { total, nextBefore } });
  },
);

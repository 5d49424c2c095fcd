import { readerOf } from '@/lib/h5p/content/access';
import { contentIdParams } from '@/lib/h5p/http/request';
import { REVISION_ERRORS } from '@/lib/h5p/revisions/http';
import { compare, compareQuery, comparisonSchema } from '@/lib/h5p/revisions/service';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Two revisions compared (issue 27 item 3): each change with its JSON path, kind, values and a sentence in words.
export const GET = route(
  {
    action: 'compare revisions',
    auth: 'user',
    params: contentIdParams,
    query: compareQuery,
    tags: ['H5P content'],
    summary: 'Two revisions of an item compared (owner, tenant admin, super admin)',
    description: 'The changes from `from` to `to`: path (JSON path), kind (added, removed, changed), before, after, text (e.g. "Question text changed", "Answer 3 added") and, for changed text, a word-level diff.',
    response: comparisonSchema,
    errors: [REVISION_ERRORS.contentNotFound, REVISION_ERRORS.notFound],
  },
  async (ctx) => reply(await compare(readerOf(ctx.principal, ctx.user), ctx.params.contentId, ctx.query.from, ctx.query.to)),
);

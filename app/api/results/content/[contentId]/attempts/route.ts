import { z } from 'zod';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';
import { assertResultsAccess, attemptRowSchema, contentAttempts, resultsReader } from '@/lib/results/analytics';
import { ATTEMPT_CSV_HEADER, attemptCsvRow, CSV_NOTE, csvResponse, pageOf, rangeOf, RESULTS_ERR, RESULTS_PAGE_EXTRA, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// Every attempt at one content item, newest first (limit/offset; ?format=csv: all of them).
export const GET = route(
  {
    action: 'list content attempts',
    auth: 'user',
    feature: 'analytics-dashboard',
    params: contentIdParams,
    query: resultsQuery,
    summary: 'Attempts at one content item, newest first (limit, offset; ?format=csv: all)',
    description: CSV_NOTE,
    tags: ['Results'],
    response: z.array(attemptRowSchema),
    extra: RESULTS_PAGE_EXTRA,
    errors: [RESULTS_ERR.contentNotFound],
  },
  async (ctx) => {
    const reader = await resultsReader(ctx.principal, ctx.user);
    await assertResultsAccess(reader, ctx.params.contentId);
    const { rows, total } = await contentAttempts(ctx.params.contentId, rangeOf(ctx.query), pageOf(ctx.query));
    if (ctx.query.format === 'csv') return csvResponse(`results-${ctx.params.contentId}-attempts`, ATTEMPT_CSV_HEADER, rows.map(attemptCsvRow));
    return reply(rows, { extra: { total, limit: ctx.query.limit, offset: ctx.query.offset } });
  },
);

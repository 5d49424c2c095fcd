import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { attemptRowSchema, learnerAttempts, resultsReader } from '@/lib/results/analytics';
import { ATTEMPT_CSV_HEADER, attemptCsvRow, CSV_NOTE, csvResponse, learnerKeyParams, pageOf, rangeOf, RESULTS_PAGE_EXTRA, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// One learner's attempts at the caller's content (an admin: at the content of their tenant), newest first.
export const GET = route(
  {
    action: 'read learner results',
    auth: 'user',
    feature: 'analytics-dashboard',
    params: learnerKeyParams,
    query: resultsQuery,
    summary: "One learner's attempts at the caller's content (an admin: their tenant's), newest first (?format=csv)",
    description: CSV_NOTE,
    tags: ['Results'],
    response: z.array(attemptRowSchema),
    extra: RESULTS_PAGE_EXTRA,
  },
  async (ctx) => {
    const reader = await resultsReader(ctx.principal, ctx.user);
    const { rows, total } = await learnerAttempts(reader, ctx.params.learnerKey, rangeOf(ctx.query), pageOf(ctx.query));
    if (ctx.query.format === 'csv') return csvResponse(`results-learner-${ctx.params.learnerKey}`, ATTEMPT_CSV_HEADER, rows.map(attemptCsvRow));
    return reply(rows, { extra: { total, limit: ctx.query.limit, offset: ctx.query.offset } });
  },
);

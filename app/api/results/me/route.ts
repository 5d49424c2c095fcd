import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { attemptRowSchema, myAttempts } from '@/lib/results/analytics';
import { ATTEMPT_CSV_HEADER, attemptCsvRow, CSV_NOTE, csvResponse, pageOf, rangeOf, RESULTS_PAGE_EXTRA, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// The signed-in learner's own attempts, newest first (every plan).
export const GET = route(
  {
    action: 'read my results',
    auth: 'user',
    query: resultsQuery,
    summary: "The signed-in learner's own attempts, newest first (?format=csv)",
    description: CSV_NOTE,
    tags: ['Results'],
    response: z.array(attemptRowSchema),
    extra: RESULTS_PAGE_EXTRA,
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { rows, total } = await myAttempts(user.id, rangeOf(ctx.query), pageOf(ctx.query));
    if (ctx.query.format === 'csv') return csvResponse('my-results', ATTEMPT_CSV_HEADER, rows.map(attemptCsvRow));
    return reply(rows, { extra: { total, limit: ctx.query.limit, offset: ctx.query.offset } });
  },
);

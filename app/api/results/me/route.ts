import { reply, requireUser, route } from '@/lib/http/route';
import { myAttempts } from '@/lib/results/analytics';
import { ATTEMPT_CSV_HEADER, attemptCsvRow, csvResponse, pageOf, rangeOf, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// The signed-in learner's own attempts, newest first (every plan).
export const GET = route({ action: 'read my results', auth: 'user', query: resultsQuery }, async (ctx) => {
  const user = requireUser(ctx);
  const { rows, total } = await myAttempts(user.id, rangeOf(ctx.query), pageOf(ctx.query));
  if (ctx.query.format === 'csv') return csvResponse('my-results', ATTEMPT_CSV_HEADER, rows.map(attemptCsvRow));
  return reply(rows, { extra: { total, limit: ctx.query.limit, offset: ctx.query.offset } });
});

import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { collectionGrid, collectionGridSchema, resultsReader } from '@/lib/results/analytics';
import { CSV_NOTE, csvResponse, pageOf, pct, rangeOf, RESULTS_ERR, RESULTS_PAGE_EXTRA, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.uuid({ message: 'must be a collection id' }) });

// A collection's learner × item grid of best scores and completion (limit/offset over learners; ?format=csv).
export const GET = route(
  {
    action: 'read collection results',
    auth: 'user',
    feature: 'analytics-dashboard',
    params,
    query: resultsQuery,
    summary: "A collection's learner × item grid of best scores and completion (limit, offset over learners; ?format=csv)",
    description: CSV_NOTE,
    tags: ['Results'],
    response: collectionGridSchema,
    extra: RESULTS_PAGE_EXTRA,
    errors: [RESULTS_ERR.collectionNotFound],
  },
  async (ctx) => {
    const reader = await resultsReader(ctx.principal, ctx.user);
    const grid = await collectionGrid(reader, ctx.params.id, rangeOf(ctx.query), pageOf(ctx.query));
    if (ctx.query.format === 'csv') {
      return csvResponse(
        `results-collection-${ctx.params.id}`,
        ['learner', 'learner_name', ...grid.items.flatMap((i) => [`${i.title} (best %)`, `${i.title} (completed)`])],
        grid.learners.map((l) => [l.key, l.name, ...l.cells.flatMap((c) => [c ? pct(c.bestScore) : null, c ? c.completed : null])]),
      );
    }
    return reply(grid, { extra: { total: grid.totalLearners, limit: ctx.query.limit, offset: ctx.query.offset } });
  },
);

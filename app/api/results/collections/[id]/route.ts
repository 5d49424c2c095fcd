import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { collectionGrid, resultsReader } from '@/lib/results/analytics';
import { csvResponse, pageOf, pct, rangeOf, resultsQuery } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

const params = z.object({ id: z.uuid({ message: 'must be a collection id' }) });

// A collection's learner × item grid of best scores and completion (limit/offset over learners; ?format=csv).
export const GET = route(
  { action: 'read collection results', auth: 'user', feature: 'analytics-dashboard', params, query: resultsQuery },
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

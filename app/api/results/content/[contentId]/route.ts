import { db } from '@/lib/db/client';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';
import { assertResultsAccess, contentSummary, itemAnalysis, resultsReader } from '@/lib/results/analytics';
import { contentResultsQuery, csvResponse, pct, rangeOf } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// The results of one content item: summary, score histogram, time spent and item analysis (?format=csv: the items;
// ?attempts=first|all: item analysis over each learner's first answers, the default, or every answer).
export const GET = route(
  { action: 'read content results', auth: 'user', feature: 'analytics-dashboard', params: contentIdParams, query: contentResultsQuery },
  async (ctx) => {
    const reader = await resultsReader(ctx.principal, ctx.user);
    await assertResultsAccess(reader, ctx.params.contentId);
    const range = rangeOf(ctx.query);
    if (ctx.query.format === 'csv') {
      const items = await itemAnalysis(ctx.params.contentId, range, ctx.query.attempts);
      return csvResponse(
        `results-${ctx.params.contentId}-items-${ctx.query.attempts}`,
        ['item', 'question', 'interaction', 'answers', 'correct', 'share_correct_percent', 'average_score_percent', 'common_wrong_answers'],
        items.map((i) => [i.itemId, i.name, i.interactionType, i.answers, i.correct, pct(i.shareCorrect), pct(i.averageScore), i.commonWrongAnswers.map((w) => `${w.response} (${w.count})`).join(' | ')]),
      );
    }
    const [content, summary, items] = await Promise.all([
      db().h5pContent.findUnique({ where: { id: ctx.params.contentId }, select: { id: true, title: true, mainLibrary: true } }),
      contentSummary(ctx.params.contentId, range),
      itemAnalysis(ctx.params.contentId, range, ctx.query.attempts),
    ]);
    return reply({ content, summary, items });
  },
);

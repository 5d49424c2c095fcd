import { z } from 'zod';
import { db } from '@/lib/db/client';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';
import { assertResultsAccess, contentSummary, contentSummarySchema, itemAnalysis, itemRowSchema, resultsReader } from '@/lib/results/analytics';
import { contentResultsQuery, csvResponse, pct, rangeOf, RESULTS_ERR } from '@/lib/results/http';

const contentResultsSchema = z.object({
  content: z.object({ id: z.string(), title: z.string(), mainLibrary: z.string() }).nullable(),
  summary: contentSummarySchema,
  items: z.array(itemRowSchema),
});

export const dynamic = 'force-dynamic';

// The results of one content item: summary, score histogram, time spent and item analysis (?format=csv: the items;
// ?attempts=first|all: item analysis over each learner's first answers, the default, or every answer).
export const GET = route(
  {
    action: 'read content results',
    auth: 'user',
    feature: 'analytics-dashboard',
    params: contentIdParams,
    query: contentResultsQuery,
    summary:
      "Results of one content item: summary, score histogram, time spent, item analysis (owner, or an admin of the owner's tenant); ?format=csv: the item analysis",
    description:
      "Only attempts count: a play is an attempt from the learner's first interaction (answered, interacted, progressed, completed …); a play with none is a view, and the owner's own plays are previews — both are counted apart (summary.views, summary.previews) and left out of every other number. ?attempts=first (the default) bases item analysis on each learner's first answer to each question, ?attempts=all on every answer (retries too). A question is named in its own words; an answer without a success flag is correct when it has the full score. With ?format=csv the answer is a CSV download (text/csv) of the item analysis instead of the envelope.",
    tags: ['Results'],
    response: contentResultsSchema,
    errors: [RESULTS_ERR.attemptsInvalid, RESULTS_ERR.contentNotFound],
  },
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

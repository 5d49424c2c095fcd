import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { fastRoute, reply } from '@/lib/http/route';
import { INTAKE_ERRORS, intakeResultSchema, learnerOf, recordStatements } from '@/lib/results/intake';
import { batchSchema } from '@/lib/results/statements';

export const dynamic = 'force-dynamic';

// A player's xAPI statements (issue 11): batched by the player page (lib/h5p/player/embed.ts), with its content token in
// ?token= and the JSON as text/plain, so the sandboxed page's post needs no CORS preflight. Answered by the front
// server's fast lane (lib/http/fast-lane.ts) and written by group commit (lib/results/intake.ts, issue 26 item 3).
export const POST = fastRoute(
  {
    action: 'record statements',
    auth: 'user',
    embed: true,
    params: contentIdParams,
    body: batchSchema,
    tags: ['Results'],
    summary: 'Record a batch of xAPI statements from a player (content token in ?token=; JSON sent as text/plain so the sandboxed player needs no preflight)',
    description:
      'At most 50 statements of at most 32 KB each; every statement must be about this content. A player token records for its viewer, an embed token for the anonymous viewer named in learner.id. Statement ids make a repeated batch a no-op (200, duplicates counted); 201 when anything new was stored.',
    status: 201,
    response: intakeResultSchema,
    errors: [INTAKE_ERRORS.anonymousNeedsId, INTAKE_ERRORS.notThisContent, CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const learner = await learnerOf(ctx.principal, ctx.user, ctx.params.contentId, ctx.body.learner);
    const result = await recordStatements(ctx.params.contentId, learner, ctx.body);
    return reply(result, { status: result.stored ? 201 : 200 });
  },
);

import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, route } from '@/lib/http/route';
import { learnerOf, recordStatements } from '@/lib/results/intake';
import { batchSchema } from '@/lib/results/statements';

export const dynamic = 'force-dynamic';

// A player's xAPI statements (issue 11): batched by the player page (lib/h5p/player/embed.ts), with its content token in
// ?token= and the JSON as text/plain, so the sandboxed page's post needs no CORS preflight.
export const POST = route(
  { action: 'record statements', auth: 'user', embed: true, params: contentIdParams, body: batchSchema },
  async (ctx) => {
    const learner = await learnerOf(ctx.principal, ctx.user, ctx.params.contentId, ctx.body.learner);
    const result = await recordStatements(ctx.params.contentId, learner, ctx.body);
    return reply(result, { status: result.stored ? 201 : 200 });
  },
);

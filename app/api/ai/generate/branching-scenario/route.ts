import { AI_ERR } from '@/lib/ai/errors';
import { branchingBody, generateBranching, generatedSchema } from '@/lib/ai/generate';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// A Branching Scenario from a topic or text (feature branching-scenario; one AI credit): decision steps whose options
// continue or end the scenario, each with feedback and a score.
export const POST = route(
  {
    action: 'generate content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'branching-scenario',
    body: branchingBody,
    summary: 'A Branching Scenario from a topic or text (branching-scenario; one AI credit): questionCount decision steps (1–10) whose options continue or end it, with feedback and scores',
    tags: ['AI'],
    status: 201,
    response: generatedSchema,
    message: true,
    errors: [AI_ERR.typeNotInstalled, AI_ERR.semanticsMismatch, AI_ERR.limit, AI_ERR.invalid, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const result = await generateBranching(requireUser(ctx), ctx.caller, ctx.body);
    return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
  },
);

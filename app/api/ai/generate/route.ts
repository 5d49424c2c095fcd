import { AI_ERR } from '@/lib/ai/errors';
import { generateBody, generatedSchema, generateFromTopic } from '@/lib/ai/generate';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Generate one item from a topic or pasted text (every plan; one AI credit): saved as the caller's private
// content, or (save: false) returned as a draft to review.
export const POST = route(
  {
    action: 'generate content',
    auth: 'teacher',
    tier: 'AI',
    body: generateBody,
    summary: 'Generate one item from a topic or pasted text (every plan; one AI credit, given back on failure): saved as private content, or a draft (save: false)',
    tags: ['AI'],
    status: 201,
    response: generatedSchema,
    message: true,
    errors: [AI_ERR.typeNotInstalled, AI_ERR.limit, AI_ERR.contentQuota, AI_ERR.invalid, AI_ERR.unavailable, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const result = await generateFromTopic(requireUser(ctx), ctx.caller, ctx.body);
    return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
  },
);

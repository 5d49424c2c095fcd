import { AI_ERR } from '@/lib/ai/errors';
import { bulkBody, jobViewSchema, submitBulk } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Bulk generation (feature bulk-generation): up to 50 items in one job, each item one AI credit when it runs.
export const POST = route(
  {
    action: 'start bulk generation',
    auth: 'teacher',
    tier: 'AI',
    feature: 'bulk-generation',
    body: bulkBody,
    summary: 'Bulk generation as a job: up to 50 items (bulk-generation; one AI credit per item as it runs; stops when credits run out)',
    tags: ['AI'],
    status: 202,
    response: jobViewSchema,
    message: true,
    errors: [AI_ERR.notConfigured],
  },
  async (ctx) => reply(await submitBulk(requireUser(ctx), ctx.body), { status: 202, message: 'Job queued' }),
);

import { bulkBody, submitBulk } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Bulk generation (feature bulk-generation): up to 50 items in one job, each item one AI credit when it runs.
export const POST = route({ action: 'start bulk generation', auth: 'teacher', tier: 'AI', feature: 'bulk-generation', body: bulkBody }, async (ctx) =>
  reply(await submitBulk(requireUser(ctx), ctx.body), { status: 202, message: 'Job queued' }),
);

import { z } from 'zod';
import { assertAiConfigured } from '@/lib/ai/client';
import { cancelJob, jobOf, jobView, jobViewSchema } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const params = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });

// One of the caller's jobs: status, progress, the items made so far (the API tier: pages poll it; 503 without a provider).
export const GET = route({ action: 'get AI job', auth: 'teacher', params, response: jobViewSchema }, async (ctx) => {
  assertAiConfigured();
  return reply(jobView(await jobOf(requireUser(ctx), ctx.params.jobId)));
});

// Stops a job between items (a queued one at once); what was made stays.
export const DELETE = route({ action: 'cancel AI job', auth: 'teacher', params }, async (ctx) => {
  assertAiConfigured();
  return reply(await cancelJob(requireUser(ctx), ctx.params.jobId), { message: 'Job stopping' });
});

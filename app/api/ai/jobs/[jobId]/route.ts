import { z } from 'zod';
import { assertAiConfigured } from '@/lib/ai/client';
import { AI_ERR } from '@/lib/ai/errors';
import { cancelJob, jobOf, jobView, jobViewSchema } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const params = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });
const opts = { auth: 'teacher', params, response: jobViewSchema, errors: [AI_ERR.jobNotFound, AI_ERR.notConfigured] } as const;

// One of the caller's jobs: status, progress, the items made so far (the API tier: pages poll it; 503 without a provider).
export const GET = route(
  { ...opts, tags: ['AI'], action: 'get AI job', summary: 'One job: status (queued, running, completed, completed_with_errors, stopped_no_credits, cancelled), progress and the items made' },
  async (ctx) => {
    assertAiConfigured();
    return reply(jobView(await jobOf(requireUser(ctx), ctx.params.jobId)));
  },
);

// Stops a job between items (a queued one at once); what was made stays.
export const DELETE = route(
  { ...opts, tags: ['AI'], action: 'cancel AI job', summary: 'Stop a job: the items not started yet are skipped; what was made stays', message: true },
  async (ctx) => {
    assertAiConfigured();
    return reply(await cancelJob(requireUser(ctx), ctx.params.jobId), { message: 'Job stopping' });
  },
);

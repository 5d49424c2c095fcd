import { assertAiConfigured } from '@/lib/ai/client';
import { listJobs } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The caller's AI jobs, newest first (50). Reading jobs is in the API tier, not the AI tier: a page follows a job by
// asking for it every second or two. Without a provider: 503 like every AI route.
export const GET = route({ action: 'list AI jobs', auth: 'teacher' }, async (ctx) => {
  assertAiConfigured();
  return reply(await listJobs(requireUser(ctx)));
});

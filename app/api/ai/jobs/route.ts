import { z } from 'zod';
import { assertAiConfigured } from '@/lib/ai/client';
import { AI_ERR } from '@/lib/ai/errors';
import { jobViewSchema, listJobs } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The caller's AI jobs, newest first (50). Reading jobs is in the API tier, not the AI tier: a page follows a job by
// asking for it every second or two. Without a provider: 503 like every AI route.
export const GET = route(
  {
    action: 'list AI jobs',
    auth: 'teacher',
    summary: 'The caller\'s AI jobs, newest first (the API rate tier: pages poll jobs)',
    tags: ['AI'],
    response: z.array(jobViewSchema),
    errors: [AI_ERR.notConfigured],
  },
  async (ctx) => {
    assertAiConfigured();
    return reply(await listJobs(requireUser(ctx)));
  },
);

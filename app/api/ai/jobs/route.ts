import { listJobs } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The caller's AI jobs, newest first (50).
export const GET = route({ action: 'list AI jobs', auth: 'teacher' }, async (ctx) => reply(await listJobs(requireUser(ctx))));

import { AI_ERR } from '@/lib/ai/errors';
import { jobViewSchema, lessonBundleBody, submitLessonBundle } from '@/lib/ai/jobs';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// A lesson bundle (feature lesson-bundle): 3 to 6 items for one objective across Bloom's levels, gathered in a new
// collection; a job (one AI credit per item as it runs).
export const POST = route(
  {
    action: 'start a lesson bundle',
    auth: 'teacher',
    tier: 'AI',
    feature: 'lesson-bundle',
    body: lessonBundleBody,
    summary: 'A lesson bundle as a job: 3 to 6 items for one objective across Bloom\'s levels, gathered in a new collection (lesson-bundle; one AI credit per item)',
    description: 'The job\'s output.collectionId is the collection once it ends.',
    tags: ['AI'],
    status: 202,
    response: jobViewSchema,
    message: true,
    errors: [AI_ERR.notConfigured],
  },
  async (ctx) => reply(await submitLessonBundle(requireUser(ctx), ctx.body), { status: 202, message: 'Job queued' }),
);

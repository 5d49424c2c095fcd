import { z } from 'zod';
import { reply, requireUser, route } from '@/lib/http/route';
import { courseView, courseViewSchema } from '@/lib/lti/courses';
import { LTI_ERR } from '@/lib/lti/errors';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const dynamic = 'force-dynamic';

const params = z.object({ platformId: z.uuid({ message: 'must be a UUID' }), contextId: z.string().min(1).max(255) });

// One course: its roster with each learner's results for the content launched there.
export const GET = route({ feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'get course', params, summary: 'One course: its roster with each learner\'s results and passback state', tags: ['LTI'], response: courseViewSchema, errors: [LTI_ERR.courseNotFound] }, async (ctx) =>
  reply(await courseView({ user: requireUser(ctx), principal: ctx.principal }, ctx.params.platformId, ctx.params.contextId)),
);

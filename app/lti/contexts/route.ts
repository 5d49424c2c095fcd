import { reply, requireUser, route } from '@/lib/http/route';
import { listContexts } from '@/lib/lti/courses';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const dynamic = 'force-dynamic';

// The courses (LTI contexts) of the caller's platforms.
export const GET = route({ feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'list courses', summary: 'The courses (LTI contexts) of the caller\'s platforms', description: 'data: platformId, platformName, contextId, title, label, lastLaunchAt, hasRoster', tags: ['LTI'] }, async (ctx) =>
  reply(await listContexts({ user: requireUser(ctx), principal: ctx.principal })),
);

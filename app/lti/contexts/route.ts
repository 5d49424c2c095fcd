import { reply, requireUser, route } from '@/lib/http/route';
import { z } from 'zod';
import { contextRowSchema, listContexts } from '@/lib/lti/courses';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const dynamic = 'force-dynamic';

// The courses (LTI contexts) of the caller's platforms.
export const GET = route({ feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'list courses', summary: 'The courses (LTI contexts) of the caller\'s platforms', tags: ['LTI'], response: z.array(contextRowSchema) }, async (ctx) =>
  reply(await listContexts({ user: requireUser(ctx), principal: ctx.principal })),
);

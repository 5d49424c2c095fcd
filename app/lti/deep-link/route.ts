import { reply, requireUser, route } from '@/lib/http/route';
import { deepLinkBody, deepLinkJwt } from '@/lib/lti/deep-link';
import { z } from 'zod';
import { LTI_ERR } from '@/lib/lti/errors';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const dynamic = 'force-dynamic';

// A deep-linking response JWT for chosen content (spec "Deep link body"; RS256, 5 minutes).
export const POST = route({ feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'create deep link', body: deepLinkBody, summary: 'A deep-linking response JWT (RS256, 5 minutes) for the chosen content (only content the caller may read)', tags: ['LTI'], response: z.object({ jwt: z.string() }), errors: [LTI_ERR.notAccessible, LTI_ERR.platformUnusable] }, async (ctx) =>
  reply({ jwt: await deepLinkJwt({ user: requireUser(ctx), principal: ctx.principal }, ctx.body) }),
);

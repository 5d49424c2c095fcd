import { reply, requireUser, route } from '@/lib/http/route';
import { deepLinkBody, deepLinkJwt } from '@/lib/lti/deep-link';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';

export const dynamic = 'force-dynamic';

// A deep-linking response JWT for chosen content (spec "Deep link body"; RS256, 5 minutes).
export const POST = route({ feature: 'lti-integration', unauthorizedText: LTI_UNAUTHORIZED, action: 'create deep link', body: deepLinkBody }, async (ctx) =>
  reply({ jwt: await deepLinkJwt({ user: requireUser(ctx), principal: ctx.principal }, ctx.body) }),
);

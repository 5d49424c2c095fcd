import { reply, requireUser, route } from '@/lib/http/route';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { platformFor } from '@/lib/lti/platforms';
import { listMembers, serviceQuery } from '@/lib/lti/services';

export const dynamic = 'force-dynamic';

export const GET = route({ feature: 'lti-nrps', unauthorizedText: LTI_UNAUTHORIZED, action: 'fetch members', query: serviceQuery }, async (ctx) => {
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, ctx.query.platformId);
  return reply(await listMembers(p, ctx.query.contextId));
});

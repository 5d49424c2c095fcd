import { reply, requireUser, route } from '@/lib/http/route';
import { LTI_ERR } from '@/lib/lti/errors';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { platformFor } from '@/lib/lti/platforms';
import { listMembers, membersSchema, serviceQuery } from '@/lib/lti/services';

export const dynamic = 'force-dynamic';

export const GET = route({ feature: 'lti-nrps', unauthorizedText: LTI_UNAUTHORIZED, action: 'fetch members', query: serviceQuery, summary: 'A course\'s roster (NRPS, every page up to 50)', tags: ['LTI'], response: membersSchema, errors: [LTI_ERR.platformUnusable, LTI_ERR.nrpsMissing, LTI_ERR.fetchMembers, LTI_ERR.tokenRequest] }, async (ctx) => {
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, ctx.query.platformId);
  return reply(await listMembers(p, ctx.query.contextId));
});

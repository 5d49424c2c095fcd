import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';
import { LTI_ERR } from '@/lib/lti/errors';
import { LTI_UNAUTHORIZED } from '@/lib/lti/http';
import { platformFor } from '@/lib/lti/platforms';
import { publishScore, scoreBody } from '@/lib/lti/services';

export const dynamic = 'force-dynamic';

export const POST = route({ feature: 'lti-ags', unauthorizedText: LTI_UNAUTHORIZED, action: 'publish score', body: scoreBody, summary: 'Publish a score (Completed, FullyGraded)', tags: ['LTI'], response: NO_DATA, message: true, errors: [LTI_ERR.platformUnusable, LTI_ERR.agsMissing, LTI_ERR.publishScore, LTI_ERR.tokenRequest] }, async (ctx) => {
  const { platformId, lineItemUrl, ...score } = ctx.body;
  const p = await platformFor({ user: requireUser(ctx), principal: ctx.principal }, platformId);
  await publishScore(p, lineItemUrl, score);
  return reply(undefined, { message: 'Score published successfully' });
});

import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { reviewWriteLimit } from '@/lib/marketplace/http';
import { cloneParams } from '@/lib/marketplace/schemas';
import { REVIEW_ERRORS, reportBody, reportContent, reportResultSchema } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

// Report a public item, or one of its reviews (reviewId), to the moderators.
export const POST = route(
  {
    action: 'report content',
    auth: 'user',
    params: cloneParams,
    body: reportBody,
    summary: 'Report a public item or one of its reviews (reason and text) to the moderation queue',
    tags: ['Marketplace'],
    status: 201,
    response: reportResultSchema,
    message: true,
    errors: [USER_ERR.notFound, REVIEW_ERRORS.notPublic, REVIEW_ERRORS.reviewNotFound, REVIEW_ERRORS.tooMany],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await reportContent(user, ctx.params.contentId, ctx.body, reviewWriteLimit(user.id)), { status: 201, message: 'Thank you: a moderator will look at it' });
  },
);

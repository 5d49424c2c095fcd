import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { reviewWriteLimit } from '@/lib/marketplace/http';
import { replyBody, replyToReview, REVIEW_ERRORS, reviewParams, reviewSchema } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

// The item author's one answer to a review of their item.
export const POST = route(
  {
    action: 'answer review',
    auth: 'teacher',
    params: reviewParams,
    body: replyBody,
    summary: "The item author's answer to a review (once per review)",
    tags: ['Marketplace'],
    status: 201,
    response: reviewSchema,
    errors: [USER_ERR.notFound, REVIEW_ERRORS.notAuthor, REVIEW_ERRORS.reviewNotFound, REVIEW_ERRORS.answered, REVIEW_ERRORS.notPublic, REVIEW_ERRORS.tooMany],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await replyToReview(user, ctx.params.contentId, ctx.params.reviewId, ctx.body.body, reviewWriteLimit(user.id)), { status: 201 });
  },
);

import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { reviewWriteLimit } from '@/lib/marketplace/http';
import { cloneParams } from '@/lib/marketplace/schemas';
import { deleteReview, REVIEW_ERRORS, reviewBody, reviewSchema, saveReview } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

// The caller's own review of a public item: written or changed (one per teacher per item), or removed.
export const PUT = route(
  {
    action: 'save review',
    auth: 'teacher',
    params: cloneParams,
    body: reviewBody,
    summary: 'Rate a public item 1–5 with an optional plain-text review (creates 201 or changes 200 the caller’s one review)',
    description: 'Only a teacher who has used the item (played it or put it in a collection) or cloned it, and not its author. At most 20 reviews, answers and reports an hour.',
    tags: ['Marketplace'],
    response: reviewSchema,
    errors: [USER_ERR.notFound, REVIEW_ERRORS.ownContent, REVIEW_ERRORS.notUsed, REVIEW_ERRORS.notPublic, REVIEW_ERRORS.tooMany],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { review, created } = await saveReview(user, ctx.params.contentId, ctx.body, reviewWriteLimit(user.id));
    return reply(review, { status: created ? 201 : 200 });
  },
);

export const DELETE = route(
  {
    action: 'delete review',
    auth: 'teacher',
    params: cloneParams,
    summary: "Remove the caller's review of a public item",
    tags: ['Marketplace'],
    response: z.object({ contentId: z.string() }),
    message: true,
    errors: [USER_ERR.notFound, REVIEW_ERRORS.noReview, REVIEW_ERRORS.notPublic],
  },
  async (ctx) => {
    await deleteReview(requireUser(ctx), ctx.params.contentId);
    return reply({ contentId: ctx.params.contentId }, { message: 'Review removed' });
  },
);

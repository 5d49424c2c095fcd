import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { cloneParams } from '@/lib/marketplace/schemas';
import { listReviews, REVIEW_ERRORS, reviewListQuery, reviewsPageSchema } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

// The reviews of a public item: its rating, the caller's own review and whether they may write one, newest first.
export const GET = route(
  {
    action: 'list reviews',
    auth: 'user',
    params: cloneParams,
    query: reviewListQuery,
    summary: "A public item's rating and reviews, newest first, with the caller's own review",
    tags: ['Marketplace'],
    response: reviewsPageSchema,
    errors: [USER_ERR.notFound, REVIEW_ERRORS.notPublic],
  },
  async (ctx) => reply(await listReviews(ctx.params.contentId, requireUser(ctx), ctx.query)),
);

// Ratings and reviews of public items, and reports for moderation (issue 28 item 4; the spec names "a review
// resource with ratings from 1 to 5").
// - A teacher who has used the item (played it, added it to a collection) or cloned it may rate it 1–5 and write a
//   short plain-text review: one per teacher per item, editable, removable. The author may not review their own.
// - The item's author may answer a review once.
// - The item's rating (count, sum and the Bayesian score the marketplace sorts by, lib/marketplace/rating.ts) is
//   written on its ownership row in the same transaction as every change of its visible reviews.
// - Anyone signed in may report an item or a review (reason and text). Reports go to the moderation queue of the
//   item owner's tenant admins and of super admins; "hide" takes an item out of the marketplace at once (it becomes
//   private and its owner cannot publish it again until a moderator restores it) or hides a review.
// - Writes (review, answer, report) are limited per user: REVIEW_WRITES_PER_HOUR.
import { z } from 'zod';
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { db, Prisma } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError, errorOf } from '@/lib/errors';
import { forgetContent } from '@/lib/h5p';
import { PRIOR_MEAN, PRIOR_VOTES, RATING_MAX, RATING_MIN, ratingOf, ratingSummarySchema } from './rating';
import { CONTENT_NOT_PUBLIC } from './schemas';

export const REVIEW_WRITES_PER_HOUR = 20;
export const REPORT_REASONS = ['spam', 'inappropriate', 'copyright', 'incorrect', 'other'] as const;

export const REVIEW_ERR = {
  notPublic: CONTENT_NOT_PUBLIC,
  ownContent: 'You cannot review your own content',
  notUsed: 'Only teachers who have used or cloned this item can review it',
  noReview: 'You have not reviewed this item',
  reviewNotFound: 'Review not found',
  notAuthor: 'Only the author of this item can answer its reviews',
  answered: 'This review has already been answered',
  tooMany: `Too many reviews, answers and reports: at most ${REVIEW_WRITES_PER_HOUR} an hour`,
  reportNotFound: 'Report not found',
} as const;

export const REVIEW_ERRORS = {
  notPublic: errorOf(404, REVIEW_ERR.notPublic),
  ownContent: errorOf(403, REVIEW_ERR.ownContent),
  notUsed: errorOf(403, REVIEW_ERR.notUsed),
  noReview: errorOf(404, REVIEW_ERR.noReview),
  reviewNotFound: errorOf(404, REVIEW_ERR.reviewNotFound),
  notAuthor: errorOf(403, REVIEW_ERR.notAuthor),
  answered: errorOf(409, REVIEW_ERR.answered),
  tooMany: errorOf(429, REVIEW_ERR.tooMany),
  reportNotFound: errorOf(404, REVIEW_ERR.reportNotFound),
} as const;

/** Plain text: no markup (a tag, a comment, an entity), no control characters other than line breaks and tabs. */
const plainText = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, `must be at most ${max} characters`)
        .refine((s) => !/<[a-z!/?]/i.test(s) && !/&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(s), 'must be plain text (no markup)')
        .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'control characters are not allowed'),
    );

export const reviewBody = z.object({
  rating: z
    .number({ message: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
    .int(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`),
  body: plainText(2000).default(''),
});
export const replyBody = z.object({ body: plainText(2000).pipe(z.string().min(1, 'must not be empty')) });
export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  text: plainText(1000).default(''),
  reviewId: z.uuid({ message: 'reviewId must be a UUID' }).optional(),
});
export const reviewListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  before: z.uuid({ message: 'before must be a UUID' }).optional(),
});
export const reviewParams = z.object({ contentId: z.string().min(1).max(100), reviewId: z.uuid({ message: 'reviewId must be a UUID' }) });

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  authorName: z.string().describe('the reviewer (Anonymous when they have no name)'),
  mine: z.boolean(),
  reply: z.string().nullable().describe("the item author's answer"),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsPageSchema = z.object({
  rating: ratingSummarySchema,
  mine: reviewSchema.nullable().describe("the caller's own review"),
  canReview: z.boolean().describe('whether the caller may rate this item (used or cloned it, not its author)'),
  isAuthor: z.boolean().describe('whether the caller is the item author (who may answer reviews)'),
  reviews: z.array(reviewSchema).describe('visible reviews, newest first'),
  nextCursor: z.string().nullable(),
});
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

type Row = { id: string; userId: string; rating: number; body: string; reply: string | null; repliedAt: Date | null; createdAt: Date; updatedAt: Date; user: { name: string } };
const REVIEW_SELECT = { id: true, userId: true, rating: true, body: true, reply: true, repliedAt: true, createdAt: true, updatedAt: true, user: { select: { name: true } } } as const;
const view = (r: Row, viewerId: string): Review => ({
  id: r.id,
  rating: r.rating,
  body: r.body,
  authorName: r.user.name?.trim() || 'Anonymous',
  mine: r.userId === viewerId,
  reply: r.reply,
  repliedAt: r.repliedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The public item's owner (404 Content not found or not public otherwise). */
async function publicOwner(contentId: string): Promise<{ userId: string; ratingCount: number; ratingSum: number }> {
  const o = await db().contentOwnership.findFirst({ where: { contentId, visibility: 'public', content: { isNot: null } }, select: { userId: true, ratingCount: true, ratingSum: true } });
  if (!o) throw new AppError(404, REVIEW_ERR.notPublic);
  return o;
}

/** Whether the user has used (played, put in a collection) or cloned the item. */
async function hasUsed(userId: string, contentId: string): Promise<boolean> {
  const [r] = await db().$queryRaw<{ used: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM content_clones WHERE source_content_id = ${contentId} AND user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM collection_items i JOIN collections c ON c.id = i.collection_id WHERE i.content_id = ${contentId} AND c.user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM learning_attempts a WHERE a.content_id = ${contentId} AND a.user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM h5p_finished_data f WHERE f.content_id = ${contentId} AND f.user_id = ${userId}) AS used`;
  return !!r?.used;
}

/** The per-user write limit, given by the HTTP adapter (lib/marketplace/http.ts): the HTTP layer's window counter. */
export type WriteLimit = () => Promise<void>;

/** Recounts the item's visible ratings onto its ownership row (in the caller's transaction). */
async function recount(tx: Prisma.TransactionClient, contentId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE content_ownership o SET rating_count = s.n, rating_sum = s.total,
           rating_score = (${PRIOR_VOTES}::float8 * ${PRIOR_MEAN}::float8 + s.total) / (${PRIOR_VOTES}::float8 + s.n)
      FROM (SELECT count(*)::int AS n, coalesce(sum(rating), 0)::int AS total FROM content_reviews WHERE content_id = ${contentId} AND hidden_at IS NULL) s
     WHERE o.content_id = ${contentId}`;
}

export async function listReviews(contentId: string, viewer: User, q: z.infer<typeof reviewListQuery>): Promise<ReviewsPage> {
  const owner = await publicOwner(contentId);
  const where: Prisma.ContentReviewWhereInput = { contentId, hiddenAt: null };
  if (q.before) {
    const at = await db().contentReview.findFirst({ where: { id: q.before, contentId }, select: { createdAt: true, id: true } });
    if (at) where.OR = [{ createdAt: { lt: at.createdAt } }, { createdAt: at.createdAt, id: { lt: at.id } }];
  }
  const isAuthor = owner.userId === viewer.id;
  const [rows, mine, used] = await Promise.all([
    db().contentReview.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: q.limit + 1, select: REVIEW_SELECT }),
    db().contentReview.findFirst({ where: { contentId, userId: viewer.id }, select: REVIEW_SELECT }),
    isAuthor ? Promise.resolve(false) : hasUsed(viewer.id, contentId),
  ]);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return {
    rating: ratingOf(owner.ratingCount, owner.ratingSum),
    mine: mine ? view(mine, viewer.id) : null,
    canReview: !isAuthor && (used || !!mine),
    isAuthor,
    reviews: page.map((r) => view(r, viewer.id)),
    nextCursor: more ? (page.at(-1)?.id ?? null) : null,
  };
}

/** PUT: the caller's review, created (201) or changed (200). */
export async function saveReview(user: User, contentId: string, input: z.infer<typeof reviewBody>, limitWrites: WriteLimit): Promise<{ review: Review; created: boolean }> {
  const owner = await publicOwner(contentId);
  if (owner.userId === user.id) throw new AppError(403, REVIEW_ERR.ownContent);
  const existing = await db().contentReview.findUnique({ where: { contentId_userId: { contentId, userId: user.id } }, select: { id: true } });
  if (!existing && !(await hasUsed(user.id, contentId))) throw new AppError(403, REVIEW_ERR.notUsed);
  await limitWrites();
  const row = await db().$transaction(async (tx) => {
    const saved = await tx.contentReview.upsert({
      where: { contentId_userId: { contentId, userId: user.id } },
      create: { contentId, userId: user.id, rating: input.rating, body: input.body },
      update: { rating: input.rating, body: input.body },
      select: REVIEW_SELECT,
    });
    await recount(tx, contentId);
    return saved;
  });
  return { review: view(row, user.id), created: !existing };
}

export async function deleteReview(user: User, contentId: string): Promise<void> {
  await publicOwner(contentId);
  await db().$transaction(async (tx) => {
    const { count } = await tx.contentReview.deleteMany({ where: { contentId, userId: user.id } });
    if (!count) throw new AppError(404, REVIEW_ERR.noReview);
    await recount(tx, contentId);
  });
}

/** The item author's one answer to a review. */
export async function replyToReview(user: User, contentId: string, reviewId: string, body: string, limitWrites: WriteLimit): Promise<Review> {
  const owner = await publicOwner(contentId);
  if (owner.userId !== user.id) throw new AppError(403, REVIEW_ERR.notAuthor);
  await limitWrites();
  // conditional: two answers at once, only one is kept
  const { count } = await db().contentReview.updateMany({ where: { id: reviewId, contentId, hiddenAt: null, reply: null }, data: { reply: body, repliedAt: new Date() } });
  const row = await db().contentReview.findFirst({ where: { id: reviewId, contentId, hiddenAt: null }, select: REVIEW_SELECT });
  if (!row) throw new AppError(404, REVIEW_ERR.reviewNotFound);
  if (!count) throw new AppError(409, REVIEW_ERR.answered);
  return view(row, user.id);
}

export const reportResultSchema = z.object({ id: z.string(), status: z.literal('open') });

export async function reportContent(user: User, contentId: string, input: z.infer<typeof reportBody>, limitWrites: WriteLimit): Promise<{ id: string; status: 'open' }> {
  const owner = await db().contentOwnership.findFirst({ where: { contentId, visibility: 'public' }, select: { user: { select: { tenantId: true } } } });
  if (!owner) throw new AppError(404, REVIEW_ERR.notPublic);
  if (input.reviewId && !(await db().contentReview.findFirst({ where: { id: input.reviewId, contentId, hiddenAt: null }, select: { id: true } }))) {
    throw new AppError(404, REVIEW_ERR.reviewNotFound);
  }
  await limitWrites();
  const r = await db().contentReport.create({
    data: { contentId, reviewId: input.reviewId ?? null, reporterId: user.id, tenantId: owner.user.tenantId, reason: input.reason, text: input.text },
    select: { id: true },
  });
  return { id: r.id, status: 'open' };
}

// ---------------------------------------------------------------- moderation

export const moderationQuery = z.object({ status: z.enum(['open', 'hidden', 'dismissed']).default('open'), limit: z.coerce.number().int().min(1).max(100).default(50) });
export const moderationAction = z.object({ action: z.enum(['hide', 'dismiss', 'restore'], { message: 'action must be hide, dismiss or restore' }) });

export const reportSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  contentTitle: z.string(),
  contentHidden: z.boolean(),
  review: z.object({ id: z.string(), rating: z.number().int(), body: z.string(), authorName: z.string(), hidden: z.boolean() }).nullable(),
  reason: z.string(),
  text: z.string(),
  status: z.string(),
  reporterEmail: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** Whose reports the caller moderates: a super admin every report; a tenant admin their own tenant's (never none). */
export function moderationScope(principal: Principal | null, user: Pick<User, 'tenantId'> | null): Prisma.ContentReportWhereInput {
  if (isSuperAdmin(principal)) return {};
  if (principal?.role !== 'admin' || !user?.tenantId) throw new AppError(403, 'Admin access required');
  return { tenantId: user.tenantId };
}

export async function listReports(scope: Prisma.ContentReportWhereInput, q: z.infer<typeof moderationQuery>): Promise<Report[]> {
  const rows = await db().contentReport.findMany({
    where: { ...scope, status: q.status },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit,
    select: {
      id: true,
      contentId: true,
      reason: true,
      text: true,
      status: true,
      createdAt: true,
      resolvedAt: true,
      reporter: { select: { email: true } },
      content: { select: { title: true, ownership: { select: { hiddenAt: true } } } },
      review: { select: { id: true, rating: true, body: true, hiddenAt: true, user: { select: { name: true } } } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    contentId: r.contentId,
    contentTitle: r.content.title,
    contentHidden: !!r.content.ownership?.hiddenAt,
    review: r.review ? { id: r.review.id, rating: r.review.rating, body: r.review.body, authorName: r.review.user.name?.trim() || 'Anonymous', hidden: !!r.review.hiddenAt } : null,
    reason: r.reason,
    text: r.text,
    status: r.status,
    reporterEmail: r.reporter.email,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}

/**
 * hide: the reported review is hidden (its rating no longer counts), or the reported item leaves the marketplace at
 * once (private, and its owner cannot publish it again); dismiss: nothing changes; restore: undoes a hide (the item
 * is public again). Every open report of the same target is resolved with it.
 */
export async function resolveReport(actor: User, scope: Prisma.ContentReportWhereInput, reportId: string, action: 'hide' | 'dismiss' | 'restore'): Promise<{ id: string; status: string }> {
  const report = await db().contentReport.findFirst({ where: { ...scope, id: reportId }, select: { id: true, contentId: true, reviewId: true } });
  if (!report) throw new AppError(404, REVIEW_ERR.reportNotFound);
  const status = action === 'hide' ? 'hidden' : action === 'restore' ? 'dismissed' : 'dismissed';
  const now = new Date();
  await db().$transaction(async (tx) => {
    if (report.reviewId) {
      if (action !== 'dismiss') {
        await tx.contentReview.update({ where: { id: report.reviewId }, data: { hiddenAt: action === 'hide' ? now : null } });
        await recount(tx, report.contentId);
      }
    } else if (action === 'hide') {
      await tx.contentOwnership.update({ where: { contentId: report.contentId }, data: { visibility: 'private', hiddenAt: now } });
    } else if (action === 'restore') {
      await tx.contentOwnership.updateMany({ where: { contentId: report.contentId, hiddenAt: { not: null } }, data: { visibility: 'public', hiddenAt: null } });
    }
    await tx.contentReport.updateMany({
      where: { contentId: report.contentId, reviewId: report.reviewId, ...(action === 'restore' ? { id: report.id } : { status: 'open' }) },
      data: { status, resolvedById: actor.id, resolvedAt: now },
    });
  });
  if (!report.reviewId && action !== 'dismiss') await forgetContent(report.contentId);
  return { id: report.id, status };
}

import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, requireUser, route } from '@/lib/http/route';
import { moderationAction, moderationScope, resolveReport, REVIEW_ERRORS } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

const params = z.object({ reportId: z.uuid({ message: 'reportId must be a UUID' }) });

// Decide a report: hide the item (out of the marketplace at once) or the review, dismiss it, or restore a hidden one.
export const POST = route(
  {
    action: 'resolve report',
    params,
    body: moderationAction,
    summary: 'Hide the reported item or review, dismiss the report, or restore what was hidden (admin of the item owner’s tenant, super admin)',
    tags: ['Admin'],
    response: z.object({ id: z.string(), status: z.string() }),
    errors: [ADMIN_ERRORS.admin, REVIEW_ERRORS.reportNotFound],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    return reply(await resolveReport(requireUser(ctx), moderationScope(ctx.principal, ctx.user), ctx.params.reportId, ctx.body.action));
  },
);

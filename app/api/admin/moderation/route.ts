import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { listReports, moderationQuery, moderationScope, reportSchema } from '@/lib/marketplace/reviews';

export const dynamic = 'force-dynamic';

// The moderation queue: reports of items and reviews, a tenant admin's own tenant's, a super admin's every one.
export const GET = route(
  {
    action: 'list reports',
    query: moderationQuery,
    summary: 'Reported marketplace items and reviews, newest first (admin: their tenant’s; super admin: all)',
    tags: ['Admin'],
    response: z.array(reportSchema),
    errors: [ADMIN_ERRORS.admin],
  },
  async ({ principal, user, query }) => {
    assertAdmin(principal);
    return reply(await listReports(moderationScope(principal, user), query));
  },
);

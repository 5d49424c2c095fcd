import { z } from 'zod';
import { ADMIN_ERRORS, assertSuperAdmin, planBody, setUserPlan, userPlanSchema } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

const params = z.object({ id: z.uuid({ message: 'id must be a user id' }) });

// PUT /api/admin/users/:id/plan {plan}: a support change of a user's plan (audited)
export const PUT = route(
  {
    action: 'change user plan',
    params,
    body: planBody,
    summary: "Change a user's plan for support (super_admin; audited)",
    tags: ['Admin'],
    response: userPlanSchema,
    errors: [ADMIN_ERRORS.admin, ADMIN_ERRORS.superAdmin, ADMIN_ERRORS.userNotFound],
  },
  async ({ principal, user, params: p, body }) => {
    assertSuperAdmin(principal);
    return reply(await setUserPlan(user?.id, p.id, body.plan));
  },
);

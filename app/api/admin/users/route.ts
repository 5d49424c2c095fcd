import { z } from 'zod';
import { ADMIN_ERRORS, adminUserSchema, assertSuperAdmin, searchUsers, userSearchQuery } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

// GET /api/admin/users?email=<prefix>: users by email with role-independent facts (plan, usage), for support
export const GET = route(
  {
    action: 'search users',
    query: userSearchQuery,
    summary: 'Find users by email prefix, with plan and usage (super_admin)',
    tags: ['Admin'],
    response: z.array(adminUserSchema),
    extra: { total: z.number().int() },
    errors: [ADMIN_ERRORS.admin, ADMIN_ERRORS.superAdmin],
  },
  async ({ principal, query }) => {
    assertSuperAdmin(principal);
    const { data, total } = await searchUsers(query);
    return reply(data, { extra: { total } });
  },
);

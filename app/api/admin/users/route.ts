import { assertSuperAdmin, searchUsers, userSearchQuery } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

// GET /api/admin/users?email=<prefix>: users by email with role-independent facts (plan, usage), for support
export const GET = route({ action: 'search users', query: userSearchQuery }, async ({ principal, query }) => {
  assertSuperAdmin(principal);
  const { data, total } = await searchUsers(query);
  return reply(data, { extra: { total } });
});

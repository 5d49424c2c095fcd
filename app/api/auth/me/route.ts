import { publicUser } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { planView } from '@/lib/plans/view';
import { usageOf } from '@/lib/plans/quota';

export const GET = route({ action: 'get current user' }, async (ctx) => {
  const user = requireUser(ctx);
  const usage = await usageOf(user);
  return reply({ user: publicUser(user), usage, planDetails: planView(user.plan) });
});

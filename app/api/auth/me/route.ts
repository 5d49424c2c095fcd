import { z } from 'zod';
import { publicUser, publicUserSchema, USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { planView, planViewSchema } from '@/lib/plans/view';
import { usageOf, usageSchema } from '@/lib/plans/quota';

export const GET = route(
  {
    action: 'get current user',
    summary: 'The current user, usage and plan',
    tags: ['Auth'],
    response: z.object({ user: publicUserSchema, usage: usageSchema, planDetails: planViewSchema }),
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const usage = await usageOf(user);
    return reply({ user: publicUser(user), usage, planDetails: planView(user.plan) });
  },
);

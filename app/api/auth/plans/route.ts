import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { allPlans, planViewSchema } from '@/lib/plans/view';

export const GET = route(
  { action: 'get plans', auth: 'none', summary: 'List the plans', tags: ['Auth'], response: z.array(planViewSchema) },
  async () => reply(allPlans()),
);

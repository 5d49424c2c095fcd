import { z } from 'zod';
import { createCheckout } from '@/lib/billing/checkout';
import { reply, requireUser, route } from '@/lib/http/route';
import { PAID_PLAN_IDS } from '@/lib/plans/plans';

const body = z.object({ planId: z.enum(PAID_PLAN_IDS, { message: 'planId must be pro or premium' }) });

export const POST = route({ action: 'create checkout session', body }, async (ctx) => reply(await createCheckout(requireUser(ctx), ctx.body.planId)));

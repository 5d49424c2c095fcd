import { z } from 'zod';
import { createCheckout } from '@/lib/billing/checkout';
import { reply, requireUser, route } from '@/lib/http/route';

const body = z.object({ planId: z.enum(['pro', 'premium'], { message: 'planId must be pro or premium' }) });

export const POST = route({ action: 'create checkout session', body }, async (ctx) => reply(await createCheckout(requireUser(ctx), ctx.body.planId)));

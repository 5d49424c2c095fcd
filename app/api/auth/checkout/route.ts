import { z } from 'zod';
import { createCheckout, paymentPageSchema } from '@/lib/billing/checkout';
import { BILLING_ERRORS } from '@/lib/billing/stripe';
import { reply, requireUser, route } from '@/lib/http/route';
import { PAID_PLAN_IDS } from '@/lib/plans/plans';

const body = z.object({ planId: z.enum(PAID_PLAN_IDS, { message: 'planId must be pro or premium' }) });

export const POST = route(
  {
    action: 'create checkout session',
    body,
    summary: 'Start a subscription checkout for a paid plan (pro or premium) at the payment provider',
    description:
      'Creates the payment customer when the user has none. The checkout session carries metadata[userId] and metadata[planId]; success and cancel return to /workspace?subscription=success|cancelled. data.url is the address of the payment page.',
    tags: ['Auth'],
    response: paymentPageSchema,
    errors: [BILLING_ERRORS.provider, BILLING_ERRORS.notConfigured],
  },
  async (ctx) => reply(await createCheckout(requireUser(ctx), ctx.body.planId)),
);

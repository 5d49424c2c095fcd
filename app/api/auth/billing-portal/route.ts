import { createPortal, paymentPageSchema } from '@/lib/billing/checkout';
import { BILLING_ERRORS } from '@/lib/billing/stripe';
import { reply, requireUser, route } from '@/lib/http/route';

export const POST = route(
  {
    action: 'create billing portal session',
    summary: "Open the payment provider's billing portal (plan changes, cancellation, invoices)",
    description: 'data.url is the address of the portal.',
    tags: ['Auth'],
    response: paymentPageSchema,
    errors: [BILLING_ERRORS.noAccount, BILLING_ERRORS.provider, BILLING_ERRORS.notConfigured],
  },
  async (ctx) => reply(await createPortal(requireUser(ctx))),
);

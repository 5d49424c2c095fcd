// POST /api/auth/webhook: payment-provider events, authenticated by their signature (lib/billing/webhook.ts).
import { z } from 'zod';
import { BILLING_ERRORS } from '@/lib/billing/stripe';
import { receiveWebhook } from '@/lib/billing/webhook';
import { NO_DATA, reply, route } from '@/lib/http/route';

export const POST = route(
  {
    action: 'process payment webhook',
    auth: 'none',
    rawBody: true,
    summary: 'Payment-provider events (Stripe), authenticated by the Stripe-Signature header over the raw body',
    description:
      'checkout.session.completed sets the plan and subscription from the metadata; customer.subscription.updated follows the price (free when canceled or unpaid); customer.subscription.deleted returns to free; invoice.payment_failed is logged. Each event is applied once; a repeated event answers duplicate: true.',
    tags: ['Auth'],
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'the raw event, as signed' } } } },
    response: NO_DATA,
    extra: { duplicate: z.literal(true).optional().describe('present (true) when the event was applied before') },
    errors: [BILLING_ERRORS.invalidSignature, BILLING_ERRORS.notConfigured],
  },
  async (ctx) => {
    const { duplicate } = await receiveWebhook(ctx.req);
    return reply(undefined, duplicate ? { extra: { duplicate: true } } : {});
  },
);

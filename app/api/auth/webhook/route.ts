// POST /api/auth/webhook: payment-provider events, authenticated by their signature (lib/billing/webhook.ts).
import { receiveWebhook } from '@/lib/billing/webhook';
import { reply, route } from '@/lib/http/route';

export const POST = route({ action: 'process payment webhook', auth: 'none', rawBody: true }, async (ctx) => {
  const { duplicate } = await receiveWebhook(ctx.req);
  return reply(undefined, duplicate ? { extra: { duplicate: true } } : {});
});

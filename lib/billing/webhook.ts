// The payment webhook (spec "Auth and billing" rule 4, "Inbound payment webhook events", "Plan of a user"): the
// signature (header Stripe-Signature) is verified on the raw body with the SDK, 300 s tolerance; then the event is
// applied exactly once, whatever happens:
// - the key webhook:<event_id> (24 hours) answers a repeated delivery without touching the database;
// - a payment_events row is written in the same transaction as the event's effect, so two concurrent deliveries
//   (the second waits on the first's row and then finds it), a redelivery after the key was lost (Redis flushed,
//   or a crash between the commit and setting the key) and a failure before the commit (nothing applied, the
//   provider retries) all end with the effect applied once. The key is set only after the commit.
import type Stripe from 'stripe';
import { forgetUser } from '@/lib/auth/users';
import { cache, keys } from '@/lib/cache';
import { config } from '@/lib/config';
import { db, type Prisma } from '@/lib/db/client';
import { readBodyText } from '@/lib/net/body';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { planOfPrice } from './checkout';
import { BILLING_ERR, SIGNATURE_TOLERANCE_S, webhookVerifier } from './stripe';

const DUPLICATE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Stripe's events are a few KiB; anything far larger is not one of them */
const MAX_EVENT_BYTES = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Tx = Prisma.TransactionClient;
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The user a subscription event is about: by the subscription id, else by the customer id. */
async function subscriber(tx: Tx, sub: Stripe.Subscription) {
  const select = { id: true } as const;
  return (
    (await tx.user.findFirst({ where: { stripeSubscriptionId: sub.id }, select })) ??
    (idOf(sub.customer) ? await tx.user.findFirst({ where: { stripeCustomerId: idOf(sub.customer)! }, select }) : null)
  );
}

/** Applies the event's effect in `tx`; returns the ids of the users it changed. */
async function apply(tx: Tx, event: Stripe.Event): Promise<string[]> {
  const ctx = { eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.metadata?.userId;
      const planId = session.metadata?.planId;
      if (!userId || !UUID.test(userId) || (planId !== 'pro' && planId !== 'premium')) {
        log.warn({ ...ctx, userId, planId }, 'checkout completed without a known user id and paid plan in its metadata: ignored');
        return [];
      }
      const changed = await tx.user.updateMany({ where: { id: userId }, data: { plan: planId, stripeSubscriptionId: idOf(session.subscription) } });
      if (!changed.count) log.warn({ ...ctx, userId }, 'checkout completed for an unknown user: ignored');
      return changed.count ? [userId] : [];
    }
    case 'customer.subscription.deleted': {
      const user = await subscriber(tx, event.data.object);
      if (!user) return [];
      await tx.user.update({ where: { id: user.id }, data: { plan: 'free', stripeSubscriptionId: null } });
      return [user.id];
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const user = await subscriber(tx, sub);
      if (!user) return [];
      if (sub.status === 'canceled' || sub.status === 'unpaid') {
        await tx.user.update({ where: { id: user.id }, data: { plan: 'free', stripeSubscriptionId: null } });
        return [user.id];
      }
      // a plan changed in the billing portal: the plan whose price the subscription now carries
      const plan = planOfPrice(sub.items?.data?.[0]?.price?.id);
      if (!plan) {
        log.warn({ ...ctx, userId: user.id, price: sub.items?.data?.[0]?.price?.id }, 'subscription updated to a price of no plan: plan unchanged');
        return [];
      }
      await tx.user.update({ where: { id: user.id }, data: { plan, stripeSubscriptionId: sub.id } });
      return [user.id];
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      log.warn({ ...ctx, customer: idOf(invoice.customer) }, 'a subscription payment failed (plan unchanged)');
      return [];
    }
    default:
      return []; // an event of no interest: acknowledged, nothing changes
  }
}

/** Verifies and applies one delivery; `duplicate` when the event was applied before. */
export async function receiveWebhook(req: Request): Promise<{ duplicate: boolean }> {
  const secret = config().payment.webhookSecret;
  if (!secret) throw new AppError(503, BILLING_ERR.notConfigured);
  const raw = await readBodyText(req, MAX_EVENT_BYTES);
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new AppError(400, BILLING_ERR.invalidSignature);
  let event: Stripe.Event;
  try {
    event = webhookVerifier().constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_S);
  } catch {
    throw new AppError(400, BILLING_ERR.invalidSignature);
  }
  if (typeof event?.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string' || !event.data?.object) {
    throw new AppError(400, 'Validation error: not a payment event (id, type and data.object are required)');
  }
  const key = keys.webhook(event.id);
  if (await cache().get(key).catch(() => null)) return { duplicate: true };

  const changed = await db().$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`INSERT INTO payment_events (id, type) VALUES (${event.id}, ${event.type.slice(0, 100)}) ON CONFLICT (id) DO NOTHING`;
    if (inserted === 0) return null; // applied before (or by a concurrent delivery that has just committed)
    return apply(tx, event);
  });
  await cache()
    .set(key, '1', DUPLICATE_MEMORY_MS)
    .catch((err) => log.warn({ err, eventId: event.id }, 'could not remember a payment event in the cache (the database still does)'));
  if (changed === null) return { duplicate: true };
  for (const id of changed) await forgetUser(id);
  if (changed.length) log.info({ eventId: event.id, type: event.type, users: changed }, 'payment event applied');
  return { duplicate: false };
}

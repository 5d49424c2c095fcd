// Checkout and the billing portal (spec "Auth and billing" rule 3). A user without a payment customer gets one
// (its id stored once: two concurrent checkouts of one user keep the first); the checkout session is in
// subscription mode with the price configured for the plan, and carries metadata[userId] and metadata[planId],
// which the checkout.session.completed webhook reads.
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { forgetUser } from '@/lib/auth/users';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { BILLING_ERR, payments, providerError } from './stripe';
import type { PAID_PLAN_IDS } from '@/lib/plans/plans';
import { z } from 'zod';

/** The address of the payment provider's page (checkout or billing portal). */
export const paymentPageSchema = z.object({ url: z.string() });

export type PaidPlan = (typeof PAID_PLAN_IDS)[number];

/** The price id of a paid plan (PAYMENT_PRO_PRICE_ID / PAYMENT_PREMIUM_PRICE_ID), or undefined. */
export function priceOf(plan: PaidPlan): string | undefined {
  const p = config().payment;
  return plan === 'pro' ? p.proPriceId : p.premiumPriceId;
}

/** The paid plan a price id stands for, or null. */
export function planOfPrice(priceId: string | null | undefined): PaidPlan | null {
  if (!priceId) return null;
  const p = config().payment;
  if (priceId === p.proPriceId) return 'pro';
  if (priceId === p.premiumPriceId) return 'premium';
  return null;
}

/** The user's payment customer id, created at the provider when they have none. */
async function customerOf(user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const stripe = payments();
  const customer = await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }).catch(providerError);
  // stored only when still unset: a concurrent checkout that stored one first wins, and that one is used
  const stored = await db().user.updateMany({ where: { id: user.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  await forgetUser(user.id);
  if (stored.count === 1) return customer.id;
  const current = await db().user.findUnique({ where: { id: user.id }, select: { stripeCustomerId: true } });
  if (!current?.stripeCustomerId) throw new AppError(404, 'User not found');
  log.info({ userId: user.id, unused: customer.id }, 'a concurrent checkout stored a payment customer first');
  return current.stripeCustomerId;
}

export async function createCheckout(user: User, planId: PaidPlan): Promise<{ url: string }> {
  const stripe = payments();
  const price = priceOf(planId);
  if (!price) throw new AppError(503, BILLING_ERR.notConfigured);
  const customer = await customerOf(user);
  const appUrl = config().appUrl;
  const session = await stripe.checkout.sessions
    .create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${appUrl}/workspace?subscription=success`,
      cancel_url: `${appUrl}/workspace?subscription=cancelled`,
      metadata: { userId: user.id, planId },
      subscription_data: { metadata: { userId: user.id, planId } },
    })
    .catch(providerError);
  if (!session.url) providerError(new Error('checkout session without url'));
  return { url: session.url };
}

export async function createPortal(user: User): Promise<{ url: string }> {
  const stripe = payments();
  if (!user.stripeCustomerId) throw new AppError(400, BILLING_ERR.noAccount);
  const session = await stripe.billingPortal.sessions
    .create({ customer: user.stripeCustomerId, return_url: `${config().appUrl}/settings` })
    .catch(providerError);
  return { url: session.url };
}

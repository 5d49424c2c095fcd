// Billing (issue 10 items 1, 2, 7): checkout, billing portal and the payment webhook, against the Stripe stand-in
// (tests/support/stripe-standin.ts) reached through PAYMENT_API_URL by the official SDK. Exact statuses and texts;
// signed, badly signed, tampered, stale, replayed and concurrently duplicated webhooks; the plan and quotas that
// follow.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cache } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { appEnv } from '../support/global-setup';
import { signedIn } from '../support/factories';
import { api, type CallOptions } from '../support/http';
import { PREMIUM_PRICE, PRO_PRICE, startStripeStandin, STRIPE_KEY, STRIPE_WEBHOOK_SECRET, type StripeStandin } from '../support/stripe-standin';

const NOT_CONFIGURED = { success: false, error: 'Payments are not configured' };
const APP_URL = 'http://app.lumen.test';

let stripe: StripeStandin;
let app: AppProcess;
const on = (method: string, p: string, opts: CallOptions = {}) => api(method, p, { ...opts, base: app.url });

const eventId = () => `evt_${randomBytes(10).toString('hex')}`;
function deliver(event: unknown, opts: { secret?: string; timestamp?: number; tamper?: (body: string) => string; noSignature?: boolean } = {}) {
  const { body, signature } = stripe.sign(event, opts);
  return on('POST', '/api/auth/webhook', {
    body: opts.tamper ? opts.tamper(body) : body,
    headers: { 'Content-Type': 'application/json', ...(opts.noSignature ? {} : { 'Stripe-Signature': signature }) },
  });
}
const completed = (userId: string, planId: string, subscription = `sub_${randomBytes(6).toString('hex')}`, id = eventId()) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: `cs_${id}`, object: 'checkout.session', mode: 'subscription', subscription, customer: null, metadata: { userId, planId } } },
});
const subscriptionEvent = (type: string, sub: { id: string; customer?: string; status?: string; price?: string }) => ({
  id: eventId(),
  object: 'event',
  type,
  data: {
    object: {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer ?? 'cus_unknown',
      status: sub.status ?? 'active',
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: sub.price ?? PRO_PRICE, object: 'price' } }] },
    },
  },
});
const planOf = async (id: string) => db().user.findUniqueOrThrow({ where: { id }, select: { plan: true, stripeSubscriptionId: true, stripeCustomerId: true } });

beforeAll(async () => {
  stripe = await startStripeStandin();
  app = await startApp({
    ...appEnv(inject('idpUrl')),
    PAYMENT_SECRET_KEY: STRIPE_KEY,
    PAYMENT_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    PAYMENT_PRO_PRICE_ID: PRO_PRICE,
    PAYMENT_PREMIUM_PRICE_ID: PREMIUM_PRICE,
    PAYMENT_API_URL: stripe.url,
  });
  stripe.webhookUrl = `${app.url}/api/auth/webhook`;
});
afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

describe('payments not configured (no PAYMENT_SECRET_KEY)', () => {
  it('checkout and the billing portal answer 503 Payments are not configured; the webhook too without its secret', async () => {
    const t = await signedIn(['teacher']);
    expect(await api('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } })).toMatchObject({ status: 503, body: NOT_CONFIGURED });
    expect(await api('POST', '/api/auth/billing-portal', { token: t.token })).toMatchObject({ status: 503, body: NOT_CONFIGURED });
    expect(await api('POST', '/api/auth/webhook', { body: '{}', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' } })).toMatchObject({ status: 503, body: NOT_CONFIGURED });
  });

  it('needs a signed-in user for checkout and the portal', async () => {
    expect((await api('POST', '/api/auth/checkout', { body: { planId: 'pro' } })).status).toBe(401);
    expect((await api('POST', '/api/auth/billing-portal')).status).toBe(401);
  });
});

describe('POST /api/auth/checkout', () => {
  it('creates the customer once, then a subscription checkout with the plan price, redirects and metadata', async () => {
    const t = await signedIn(['student']);
    const before = stripe.calls.length;
    const res = await on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { url: expect.stringMatching(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`)) } });
    const calls = stripe.calls.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    expect(calls[0]!.form).toMatchObject({ email: t.email, metadata: { userId: t.user.id } });
    const { stripeCustomerId } = await planOf(t.user.id);
    expect(stripeCustomerId).toMatch(/^cus_/);
    expect(calls[1]!.form).toMatchObject({
      mode: 'subscription',
      customer: stripeCustomerId,
      line_items: [{ price: PRO_PRICE, quantity: '1' }],
      success_url: `${APP_URL}/workspace?subscription=success`,
      cancel_url: `${APP_URL}/workspace?subscription=cancelled`,
      metadata: { userId: t.user.id, planId: 'pro' },
    });
    // a second checkout (premium) reuses the customer
    const again = await on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'premium' } });
    expect(again.status).toBe(200);
    const later = stripe.calls.slice(before + 2);
    expect(later.map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(later[0]!.form).toMatchObject({ customer: stripeCustomerId, line_items: [{ price: PREMIUM_PRICE }], metadata: { planId: 'premium' } });
  });

  it('keeps one customer when two checkouts of a new user race', async () => {
    const t = await signedIn(['teacher']);
    const res = await Promise.all([1, 2, 3].map(() => on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } })));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    const stored = (await planOf(t.user.id)).stripeCustomerId;
    const sessionCustomers = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions' && (c.form.metadata as Record<string, string>)?.userId === t.user.id).map((c) => c.form.customer);
    expect(new Set(sessionCustomers)).toEqual(new Set([stored]));
  });

  it.each([[{ planId: 'gold' }], [{ planId: 'free' }], [{}], [{ planId: 7 }]])('refuses %j with 400 Validation error', async (body) => {
    const t = await signedIn(['teacher']);
    const res = await on('POST', '/api/auth/checkout', { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/^Validation error: planId/);
  });

  it('answers 502 with a clear text when the payment provider refuses, and stores nothing', async () => {
    const t = await signedIn(['teacher']);
    stripe.failNext('/v1/customers', 400, 'invalid_request_error', 'Your account cannot currently make live charges.');
    const res = await on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error: 'The payment provider could not be reached. Please try again.' });
    expect((await planOf(t.user.id)).stripeCustomerId).toBeNull();
  });
});

describe('POST /api/auth/billing-portal', () => {
  it('answers 400 No billing account without a customer, else the portal address', async () => {
    const t = await signedIn(['teacher']);
    expect(await on('POST', '/api/auth/billing-portal', { token: t.token })).toMatchObject({ status: 400, body: { success: false, error: 'No billing account' } });
    await on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } });
    const res = await on('POST', '/api/auth/billing-portal', { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.calls.at(-1)!.form).toMatchObject({ customer: (await planOf(t.user.id)).stripeCustomerId, return_url: `${APP_URL}/settings` });
  });
});

describe('POST /api/auth/webhook', () => {
  it('applies checkout.session.completed: plan and subscription from the metadata; /me and the quotas follow at once', async () => {
    const t = await signedIn(['student']);
    expect(t.user.plan).toBe('free');
    const res = await deliver(completed(t.user.id, 'pro', 'sub_pro_1'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'pro', stripeSubscriptionId: 'sub_pro_1' });
    const me = await on('GET', '/api/auth/me', { token: t.token });
    expect(me.body.data.user.plan).toBe('pro');
    expect(me.body.data.planDetails.id).toBe('pro');
  });

  it('refuses a missing, wrong, tampered or stale signature with 400 Invalid signature and changes nothing', async () => {
    const t = await signedIn(['student']);
    const event = completed(t.user.id, 'premium');
    const invalid = { success: false, error: 'Invalid signature' };
    expect(await deliver(event, { noSignature: true })).toMatchObject({ status: 400, body: invalid });
    expect(await deliver(event, { secret: 'whsec_wrong' })).toMatchObject({ status: 400, body: invalid });
    expect(await deliver(event, { tamper: (b) => b.replace('"premium"', '"pro"') })).toMatchObject({ status: 400, body: invalid });
    expect(await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({ status: 400, body: invalid });
    expect((await on('POST', '/api/auth/webhook', { body: event, headers: { 'Stripe-Signature': 'garbage' } })).body).toEqual(invalid);
    expect((await planOf(t.user.id)).plan).toBe('free');
    expect(await db().paymentEvent.count({ where: { id: event.id } })).toBe(0);
    // the same event, properly signed, is still applied (nothing was remembered)
    expect((await deliver(event)).body).toEqual({ success: true });
    expect((await planOf(t.user.id)).plan).toBe('premium');
  });

  it('answers a replay with duplicate: true, also after the Redis key is gone', async () => {
    const t = await signedIn(['student']);
    const event = completed(t.user.id, 'pro');
    expect((await deliver(event)).body).toEqual({ success: true });
    expect(await cache().get(`webhook:${event.id}`)).not.toBeNull();
    expect(await deliver(event)).toMatchObject({ status: 200, body: { success: true, duplicate: true } });
    // the plan changes meanwhile; a redelivery after the key was lost must not apply the old event again
    await db().user.update({ where: { id: t.user.id }, data: { plan: 'free' } });
    await cache().del(`webhook:${event.id}`);
    expect(await deliver(event)).toMatchObject({ status: 200, body: { success: true, duplicate: true } });
    expect((await planOf(t.user.id)).plan).toBe('free');
    expect(await cache().get(`webhook:${event.id}`)).not.toBeNull();
  });

  it('applies an event once under 20 concurrent deliveries', async () => {
    const t = await signedIn(['student']);
    const event = completed(t.user.id, 'premium');
    const res = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(res.filter((r) => r.body.duplicate !== true)).toHaveLength(1);
    expect(res.filter((r) => r.body.duplicate === true)).toHaveLength(19);
    expect(await db().paymentEvent.count({ where: { id: event.id } })).toBe(1);
    expect((await planOf(t.user.id)).plan).toBe('premium');
  });

  it('moves the plan with customer.subscription.updated (portal change, canceled, unpaid) and ends it with .deleted', async () => {
    const t = await signedIn(['student']);
    await deliver(completed(t.user.id, 'pro', 'sub_life_1'));
    // a change of plan in the portal: the subscription now carries the premium price
    expect((await deliver(subscriptionEvent('customer.subscription.updated', { id: 'sub_life_1', price: PREMIUM_PRICE }))).body).toEqual({ success: true });
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'premium', stripeSubscriptionId: 'sub_life_1' });
    expect((await on('GET', '/api/auth/me', { token: t.token })).body.data.user.plan).toBe('premium');
    // a price of no plan changes nothing
    await deliver(subscriptionEvent('customer.subscription.updated', { id: 'sub_life_1', price: 'price_other' }));
    expect((await planOf(t.user.id)).plan).toBe('premium');
    // unpaid: free
    await deliver(subscriptionEvent('customer.subscription.updated', { id: 'sub_life_1', status: 'unpaid', price: PREMIUM_PRICE }));
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
    // again paid, then canceled
    await deliver(completed(t.user.id, 'pro', 'sub_life_2'));
    await deliver(subscriptionEvent('customer.subscription.updated', { id: 'sub_life_2', status: 'canceled' }));
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
    // deleted: free, subscription cleared
    await deliver(completed(t.user.id, 'premium', 'sub_life_3'));
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', { id: 'sub_life_3' }))).body).toEqual({ success: true });
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
    expect((await on('GET', '/api/auth/me', { token: t.token })).body.data.user.plan).toBe('free');
  });

  it('finds the user of a subscription event by the customer id when the subscription id is unknown', async () => {
    const t = await signedIn(['student']);
    await on('POST', '/api/auth/checkout', { token: t.token, body: { planId: 'pro' } });
    const customer = (await planOf(t.user.id)).stripeCustomerId!;
    await deliver(subscriptionEvent('customer.subscription.updated', { id: 'sub_not_stored', customer, price: PRO_PRICE }));
    expect(await planOf(t.user.id)).toMatchObject({ plan: 'pro', stripeSubscriptionId: 'sub_not_stored' });
    await deliver(subscriptionEvent('customer.subscription.deleted', { id: 'sub_other', customer }));
    expect((await planOf(t.user.id)).plan).toBe('free');
  });

  it('acknowledges invoice.payment_failed, unknown events and unknown users without a change', async () => {
    const t = await signedIn(['student']);
    await deliver(completed(t.user.id, 'pro', 'sub_fail_1'));
    const failed = { id: eventId(), object: 'event', type: 'invoice.payment_failed', data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_x', subscription: 'sub_fail_1' } } };
    expect(await deliver(failed)).toMatchObject({ status: 200, body: { success: true } });
    expect((await planOf(t.user.id)).plan).toBe('pro');
    expect((await deliver({ id: eventId(), object: 'event', type: 'customer.created', data: { object: { id: 'cus_new', object: 'customer' } } })).body).toEqual({ success: true });
    expect((await deliver(completed('00000000-0000-4000-8000-000000000000', 'pro'))).body).toEqual({ success: true });
    expect((await deliver(completed(t.user.id, 'enterprise'))).body).toEqual({ success: true });
    expect((await planOf(t.user.id)).plan).toBe('pro');
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', { id: 'sub_nobody', customer: 'cus_nobody' }))).body).toEqual({ success: true });
  });
});

// A Stripe-compatible stand-in over real HTTP (contract: external-services.md §2): the few calls the app makes —
// POST /v1/customers, /v1/checkout/sessions, /v1/billing_portal/sessions — with Stripe's form-encoded requests
// (bracket notation: metadata[userId], line_items[0][price]), its object shapes, its error envelope
// ({"error": {"type", "message", "param"}}) and Bearer secret-key auth. The app reaches it through PAYMENT_API_URL.
// For the browser test it also plays the hosted payment page: GET /pay/<session id> shows a "Pay" button whose
// POST delivers a signed checkout.session.completed event to the app's webhook and redirects to the success URL;
// GET /portal/<id> is the billing portal, whose "Cancel subscription" delivers customer.subscription.deleted.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_KEY = 'sk_test_standin_0123456789';
export const STRIPE_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
export const PRO_PRICE = 'price_pro_monthly';
export const PREMIUM_PRICE = 'price_premium_monthly';

type Form = Record<string, unknown>;

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((seg, i) => {
      if (i === path.length - 1) node[seg] = value;
      else {
        const nextIsIndex = /^\d+$/.test(path[i + 1]!);
        node[seg] ??= nextIsIndex ? [] : {};
        node = node[seg] as Record<string, unknown>;
      }
    });
  }
  return out;
}

export interface StripeCall {
  method: string;
  path: string;
  form: Form;
}

export interface StripeStandin {
  url: string;
  calls: StripeCall[];
  customers: Map<string, { id: string; email?: string; metadata: Record<string, string> }>;
  sessions: Map<string, Record<string, unknown>>;
  /** where GET /pay/… delivers checkout.session.completed (the app's /api/auth/webhook) */
  webhookUrl: string | undefined;
  /** the next call to this path answers with this status and Stripe error (once) */
  failNext(path: string, status: number, type: string, message: string): void;
  /** a signed delivery of `event` (JSON) to the webhook: the body and the Stripe-Signature header */
  sign(event: unknown, opts?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const stripe = new Stripe(STRIPE_KEY);

export async function startStripeStandin(port = 0): Promise<StripeStandin> {
  const calls: StripeCall[] = [];
  const customers: StripeStandin['customers'] = new Map();
  const sessions: StripeStandin['sessions'] = new Map();
  const failures = new Map<string, { status: number; type: string; message: string }>();
  const portals = new Map<string, { customer: string; return_url: string }>();
  /** the active subscription of each customer (made by the payment page) */
  const subscriptions = new Map<string, string>();
  const deliver = async (type: string, object: unknown) => {
    const event = { id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
    const { body, signature } = standin.sign(event);
    if (standin.webhookUrl) {
      await fetch(standin.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body });
    }
  };
  let base = '';

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, type: string, message: string, param?: string) =>
    send(res, status, { error: { type, message, ...(param ? { param } : {}) } });

  const standin: StripeStandin = {
    url: '',
    calls,
    customers,
    sessions,
    webhookUrl: undefined,
    failNext(path, status, type, message) {
      failures.set(path, { status, type, message });
    },
    sign(event, opts = {}) {
      const body = JSON.stringify(event);
      const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? STRIPE_WEBHOOK_SECRET, timestamp: opts.timestamp });
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://standin');

    // the hosted payment page of the browser test
    const pay = url.pathname.match(/^\/pay\/(cs_\w+)$/);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return void (res.writeHead(404), res.end('No such checkout session'));
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(
          `<!doctype html><html lang="en"><title>Pay</title><body><h1>Test payment</h1><p>${String((session.metadata as Record<string, string>)?.planId)}</p>` +
            `<form method="post"><button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Cancel</a></body></html>`,
        );
      }
      const subscription = id('sub');
      session.subscription = subscription;
      session.status = 'complete';
      session.payment_status = 'paid';
      if (typeof session.customer === 'string') subscriptions.set(session.customer, subscription);
      await deliver('checkout.session.completed', session);
      res.writeHead(303, { Location: String(session.success_url) });
      return void res.end();
    }
    const portal = url.pathname.match(/^\/portal\/(bps_\w+)$/);
    if (portal) {
      const p = portals.get(portal[1]!);
      if (!p) return void (res.writeHead(404), res.end('No such portal session'));
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(
          `<!doctype html><html lang="en"><title>Billing portal</title><body><h1>Billing portal</h1>` +
            `<form method="post"><button type="submit">Cancel subscription</button></form><a href="${p.return_url}">Return</a></body></html>`,
        );
      }
      const sub = subscriptions.get(p.customer);
      if (sub) {
        subscriptions.delete(p.customer);
        await deliver('customer.subscription.deleted', { id: sub, object: 'subscription', customer: p.customer, status: 'canceled', items: { object: 'list', data: [] } });
      }
      res.writeHead(303, { Location: p.return_url });
      return void res.end();
    }

    const form = req.method === 'POST' ? parseStripeForm(raw) : Object.fromEntries(url.searchParams);
    calls.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${STRIPE_KEY}`) {
      return error(res, 401, 'invalid_request_error', `Invalid API Key provided: ${String(req.headers.authorization ?? '').slice(7, 15)}****`);
    }
    const failure = failures.get(url.pathname);
    if (failure) {
      failures.delete(url.pathname);
      return error(res, failure.status, failure.type, failure.message);
    }
    const now = Math.floor(Date.now() / 1000);
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const c = { id: id('cus'), email: form.email as string | undefined, metadata: (form.metadata as Record<string, string>) ?? {} };
      customers.set(c.id, c);
      return send(res, 200, { object: 'customer', created: now, livemode: false, name: form.name ?? null, ...c });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      for (const p of ['success_url', 'mode']) if (!form[p]) return error(res, 400, 'invalid_request_error', `Missing required param: ${p}.`, p);
      if (form.customer && !customers.has(form.customer as string)) {
        return error(res, 400, 'invalid_request_error', `No such customer: '${form.customer as string}'`, 'customer');
      }
      const items = (form.line_items as { price?: string }[] | undefined) ?? [];
      for (const item of items) {
        if (item.price !== PRO_PRICE && item.price !== PREMIUM_PRICE) return error(res, 400, 'invalid_request_error', `No such price: '${String(item.price)}'`, 'line_items[0][price]');
      }
      const sid = id('cs_test');
      const session = {
        id: sid,
        object: 'checkout.session',
        created: now,
        livemode: false,
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        subscription: null,
        url: `${base}/pay/${sid}`,
      };
      sessions.set(sid, session);
      return send(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!form.customer) return error(res, 400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
      if (!customers.has(form.customer as string)) return error(res, 400, 'invalid_request_error', `No such customer: '${form.customer as string}'`, 'customer');
      const pid = id('bps');
      portals.set(pid, { customer: form.customer as string, return_url: (form.return_url as string) ?? base });
      return send(res, 200, { id: pid, object: 'billing_portal.session', created: now, livemode: false, customer: form.customer, return_url: form.return_url ?? null, url: `${base}/portal/${pid}` });
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => error(res, 500, 'api_error', err.message));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.url = base;
  return standin;
}

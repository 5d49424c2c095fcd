// The payment provider: Stripe, through the official `stripe` SDK. PAYMENT_API_URL (default Stripe's own API) sets
// the SDK's protocol, host and port, so tests and self-hosters can point it at a Stripe-compatible server.
// Without PAYMENT_SECRET_KEY payments are disabled: checkout and the portal answer 503 Payments are not configured.
import Stripe from 'stripe';
import { config } from '@/lib/config';
import { AppError, errorOf } from '@/lib/errors';
import { log } from '@/lib/log';

export const BILLING_ERR = {
  notConfigured: 'Payments are not configured',
  noAccount: 'No billing account',
  invalidSignature: 'Invalid signature',
  provider: 'The payment provider could not be reached. Please try again.',
} as const;

/** The billing routes' own errors (catalogue entries of the texts above). */
export const BILLING_ERRORS = {
  notConfigured: errorOf(503, BILLING_ERR.notConfigured),
  noAccount: errorOf(400, BILLING_ERR.noAccount),
  invalidSignature: errorOf(400, BILLING_ERR.invalidSignature),
  provider: errorOf(502, BILLING_ERR.provider),
} as const;

/** Webhook signatures older than this are refused (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_S = 300;

const g = globalThis as unknown as { __lumenStripe?: { key: string; client: Stripe } };

function client(secretKey: string): Stripe {
  if (g.__lumenStripe?.key === secretKey) return g.__lumenStripe.client;
  const api = config().payment.apiUrl ? new URL(config().payment.apiUrl!) : undefined;
  const stripe = new Stripe(secretKey, {
    ...(api
      ? {
          protocol: api.protocol === 'http:' ? 'http' : 'https',
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
        }
      : {}),
    timeout: 20_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Lumen Learn' },
  });
  g.__lumenStripe = { key: secretKey, client: stripe };
  return stripe;
}

/** The SDK client; 503 Payments are not configured without PAYMENT_SECRET_KEY. */
export function payments(): Stripe {
  const key = config().payment.secretKey;
  if (!key) throw new AppError(503, BILLING_ERR.notConfigured);
  return client(key);
}

export const paymentsEnabled = (): boolean => !!config().payment.secretKey;

/** The signature checker (it needs no API key: only the webhook signing secret). */
export function webhookVerifier(): Stripe['webhooks'] {
  return client(config().payment.secretKey ?? 'sk_webhooks_only').webhooks;
}

/** A failure of the provider's API (network, 5xx, refused request) as the app's 502, logged by the route. */
export function providerError(err: unknown): never {
  if (err instanceof AppError) throw err;
  const e = err as { type?: string; statusCode?: number; requestId?: string; message?: string };
  // the SDK's error names the request and the provider's message, never the key
  log.warn({ type: e?.type, status: e?.statusCode, providerRequestId: e?.requestId, message: e?.message }, 'payment provider call failed');
  throw new AppError(502, BILLING_ERR.provider);
}

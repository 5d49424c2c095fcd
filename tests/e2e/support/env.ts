// Settings shared by playwright.config.ts, scripts/e2e.mjs (via JSON) and the specs.
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3211);
/** the content origin's port (server/content-origin.mjs): E2E_CONTENT_PORT, else E2E_PORT + 100 (clear of 3211/3301-3305) */
const contentPort = Number(process.env.E2E_CONTENT_PORT ?? port + 100);
const dataDir = path.resolve(__dirname, '..', '..', '..', '.data', 'e2e');

export const E2E = {
  port,
  appUrl: `http://localhost:${port}`,
  contentPort,
  /** where content plays: the other loopback name, another site for the browser (the server's default) */
  contentUrl: `http://127.0.0.1:${contentPort}`,
  /** tenant subdomains of BASE_DOMAIN=localhost resolve to loopback in Chromium */
  tenantUrl: (slug: string) => `http://${slug}.localhost:${port}`,
  dataDir,
  databaseUrl: process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_e2e',
  redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  hubUrl: process.env.E2E_HUB_URL ?? `http://127.0.0.1:${port + 8}/v1`,
  /** the Stripe stand-in of tests/e2e/billing.spec.ts (started by the spec on this address) */
  stripeUrl: `http://127.0.0.1:${port + 9}`,
  /** the AI provider stand-in of tests/e2e/ai.spec.ts (started by the spec on this address; elsewhere nothing listens
   * there and the quality critic falls back to its rule-based report) */
  aiUrl: `http://127.0.0.1:${port + 10}/v1`,
  get serverEnv(): Record<string, string> {
    return {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      CONTENT_URL: '',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      BASE_DOMAIN: 'localhost',
      APP_URL: `http://localhost:${port}`,
      E2E_TEST_CODE: 'e2e',
      // the stand-in LMS of tests/e2e/lti.spec.ts runs on 127.0.0.1
      ALLOWED_PRIVATE_HOSTS: '127.0.0.1,localhost',
      LOG_LEVEL: 'warn',
      IDP_BASE_URL: '',
      IDP_CLIENT_SECRET: '',
      // the stand-in H5P Hub of tests/e2e/h5p-*.spec.ts (started by the spec on this address)
      H5P_HUB_URL: this.hubUrl,
      // payments through the Stripe stand-in (tests/support/stripe-standin.ts, its fixed test key and secrets)
      PAYMENT_SECRET_KEY: 'sk_test_standin_0123456789',
      PAYMENT_WEBHOOK_SECRET: 'whsec_standin_0123456789abcdef',
      PAYMENT_PRO_PRICE_ID: 'price_pro_monthly',
      PAYMENT_PREMIUM_PRICE_ID: 'price_premium_monthly',
      PAYMENT_API_URL: this.stripeUrl,
      // AI generation through the stand-in provider (tests/support/ai-standin.ts, its fixed key AI_KEY)
      AI_API_URL: this.aiUrl,
      AI_API_KEY: 'test-ai-key',
      AI_MODEL: 'test-model',
    };
  },
};

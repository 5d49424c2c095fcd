// Settings shared by playwright.config.ts, scripts/e2e.mjs (via JSON) and the specs.
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3211);
const dataDir = path.resolve(__dirname, '..', '..', '..', '.data', 'e2e');

export const E2E = {
  port,
  appUrl: `http://localhost:${port}`,
  /** tenant subdomains of BASE_DOMAIN=localhost resolve to loopback in Chromium */
  tenantUrl: (slug: string) => `http://${slug}.localhost:${port}`,
  dataDir,
  databaseUrl: process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_e2e',
  redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  get serverEnv(): Record<string, string> {
    return {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      BASE_DOMAIN: 'localhost',
      APP_URL: `http://localhost:${port}`,
      E2E_TEST_CODE: 'e2e',
      LOG_LEVEL: 'warn',
      IDP_BASE_URL: '',
      IDP_CLIENT_SECRET: '',
    };
  },
};

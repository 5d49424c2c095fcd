// End-to-end tier: Debian's Chromium driven by Playwright against the built app, started by
// server/start.mjs on real PostgreSQL and Redis with the embedded identity provider (the first README
// command's path). scripts/e2e.mjs prepares the database and data folder, then runs `playwright test`.
import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/support/env';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E.appUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --max-semi-space-size=8 server/start.mjs',
    url: `${E2E.appUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: E2E.serverEnv,
  },
});

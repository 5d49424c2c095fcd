// End-to-end tier: Debian's Chromium driven by Playwright against the built app, started by
// server/start.mjs on real PostgreSQL and Redis with the embedded identity provider (the first README
// command's path). scripts/e2e.mjs prepares the database and data folder, then runs `playwright test`.
import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/support/env';

const WALKS = [/a11y\.spec\.ts$/, /walkthrough-roles\.spec\.ts$/];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  // two at most: the specs run one at a time ("specs"); the two long walks through every page (axe, the roles'
  // walk-throughs: 9 of the tier's 22 minutes on 2 cores) run after them side by side ("walks")
  workers: 2,
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
  projects: [
    // the specs share one app, database and set of demo accounts, and many change what others read: one at a time
    { name: 'specs', testIgnore: WALKS, workers: 1 },
    // neither changes what the other reads (each seeds its own items; the first-run admin works in a school of its
    // own), and both fail on any error response or console error, so they run once nothing else changes what the
    // pages list: after the specs, the two files side by side
    { name: 'walks', testMatch: WALKS, dependencies: ['specs'], workers: 2 },
  ],
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

// `npm run docs:lighthouse`: Lighthouse accessibility and best-practices scores of the main pages (docs/lighthouse.md),
// run on Debian's Chromium against the built app exactly as the end-to-end tier runs it (scripts/e2e.mjs).
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testDir: 'scripts/lighthouse', testMatch: /.*\.audit\.ts$/, retries: 0, timeout: 900_000 });

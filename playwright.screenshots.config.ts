// `npm run docs:screenshots`: the README's screenshots of the main screens (docs/screenshots/*.png), taken in
// Chromium against the built app exactly as the end-to-end tier runs it (scripts/e2e.mjs prepares the stores).
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testDir: 'scripts/screenshots', testMatch: /.*\.shots\.ts$/, retries: 0 });

// `npm run corpus:report`: the per-type table of real content (docs/corpus.md), observed in Chromium against the
// built app exactly as the end-to-end tier runs it (scripts/e2e.mjs prepares the stores). See scripts/corpus/.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, testDir: 'scripts/corpus', testMatch: /.*\.report\.ts$/, retries: 0 });

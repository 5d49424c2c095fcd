import path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// One global setup (the root's: one built app server, one database, one Redis db, the stand-ins) for two projects run
// one after the other (sequence.groupOrder): the files that only touch their own users, tenants and content run two at
// a time; the files below change or count what every file shares, or measure time and memory, and run alone.
export const SERIAL_FILES = [
  // count every row of a table (or every file under DATA_DIR) before and after, so another file's content breaks them
  'h5p-content',
  'h5p-import-export',
  'h5p-safety-hostile',
  // install or remove content types (the libraries every file's content plays with) and count the installed ones
  'h5p-safety-types',
  'h5p-hub',
  'h5p-instances',
  // changes the service-wide list of hidden content types the editor's selector and the create page read
  'content-types-hidden',
  // looks for content folders without a row across all of DATA_DIR (another file's half-made content is one)
  'marketplace',
  // removes every LTI tool key of the shared database while it runs
  'lti',
  // switch the shared curriculum stand-in down, slow or refusing, and read its request log and the sync log
  'curriculum',
  'admin-tools',
  // counts each request's SQL and Redis round trips on warm caches: another file's library install or announced
  // change empties those caches mid-count
  'round-trips',
  // start an app with the AI provider on the shared database: its job workers take over another instance's stalled
  // AI job items (ai-generate's restart test left one to ai-media's app, which sent it to its own stand-in provider)
  'ai-generate',
  'ai-media',
  'h5p-media-quality-scorm',
  'stream-errors',
  // measure time, memory or a restart under load: another file's work on the same two cores skews them
  'classroom-load',
  'hardening-server',
  'scale-out',
  'crash-recovery',
  // kills an instance under a statement load (and counts the attempts of its content items)
  'intake-crash',
  // installs content types and runs upgrade hooks that spin and eat memory (issue 28 item 1)
  'content-upgrade',
].map((f) => `tests/integration/${f}.test.ts`);

const shared = {
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    setupFiles: ['tests/support/setup-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
} satisfies ViteUserConfig;

export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default'],
    projects: [
      {
        ...shared,
        test: { ...shared.test, name: 'parallel', include: ['tests/integration/**/*.test.ts'], exclude: SERIAL_FILES, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        ...shared,
        test: { ...shared.test, name: 'serial', include: SERIAL_FILES, fileParallelism: false, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});

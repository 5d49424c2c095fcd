#!/usr/bin/env node
// The container's entry point (Dockerfile). The image holds Next's standalone output (.next/standalone: the
// server files and only the node_modules they use) but not next.config.mjs and its build-time plugins, so Next
// is handed the configuration this build was made with — what the standalone server.js does — and then our own
// start-up runs as everywhere else: server/start.mjs → server/server.mjs (the HTTP server in front of Next).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// paths the app resolves from the working directory (prisma/migrations, .vendor/h5p) are the image's
process.chdir(root);
const distDir = process.env.NEXT_DIST_DIR || '.next';
const { config } = JSON.parse(readFileSync(path.join(root, distDir, 'required-server-files.json'), 'utf8'));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(config);
process.env.NODE_ENV ??= 'production';
await import('./start.mjs');

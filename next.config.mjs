import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

// the request's language and messages: lib/i18n/request.ts
const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native addons, worker threads or WASM are loaded by Node, not bundled.
  serverExternalPackages: ['@lumieducation/h5p-server', '@lumieducation/h5p-html-exporter', 'uglify-js', 'yauzl-promise', 'yazl', 'busboy', 'pino', 'ioredis', 'pg', '@prisma/adapter-pg', '@electric-sql/pglite', 'pg-boss', 'linkedom', '@mozilla/readability', 'unpdf'],
  poweredByHeader: false,
  // The build also writes .next/standalone: the server files and only the node_modules they use, which the
  // Dockerfile copies into the image (there server/docker-start.mjs hands Next this build's configuration and
  // runs server/start.mjs → server/server.mjs, our own HTTP server, as everywhere else). `npm start` and the
  // test tiers keep running the ordinary .next build through server/start.mjs; nothing else changes.
  output: 'standalone',
  // trace from this folder (not from a parent that happens to hold another lockfile): server.js sits at the
  // standalone root
  outputFileTracingRoot: path.dirname(fileURLToPath(import.meta.url)),
  // Each test tier / worktree may build into its own folder (NEXT_DIST_DIR); the default is .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Types are checked by `npm run typecheck` (tsc --noEmit) in the test command, not a second time here.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // routes load on their first request: Next's preload loads them all in one run of the event loop, which delayed
  // the first answer by seconds (docs/performance.md, "Start-up on the embedded defaults")
  experimental: { preloadEntriesOnStart: false },
  // Prisma's query compiler is read from its package's file when the client compiles it, not kept as an ES module's
  // 4.4 MB string twice over (lib/db/query-compiler-wasm.cjs); the file it reads goes into the standalone output
  turbopack: { resolveAlias: { '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs': './lib/db/query-compiler-wasm.cjs' } },
  outputFileTracingIncludes: { '/**': ['./node_modules/@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js'] },
  // No headers() here: every response's headers, also of the routes that skip proxy.ts, come from one policy
  // (server/header-policy.mjs) applied by the front server (server/server.mjs).
};

export default withNextIntl(nextConfig);

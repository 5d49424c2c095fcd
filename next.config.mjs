/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native addons, worker threads or WASM are loaded by Node, not bundled.
  serverExternalPackages: ['@lumieducation/h5p-server', 'yauzl-promise', 'yazl', 'busboy', 'pino', 'ioredis', 'pg', '@prisma/adapter-pg', '@electric-sql/pglite'],
  poweredByHeader: false,
  // Each test tier / worktree may build into its own folder (NEXT_DIST_DIR); the default is .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Types are checked by `npm run typecheck` (tsc --noEmit) in the test command, not a second time here.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
};

export default nextConfig;

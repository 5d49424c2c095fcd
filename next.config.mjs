/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native addons, worker threads or WASM are loaded by Node, not bundled.
  serverExternalPackages: ['@lumieducation/h5p-server', 'pino', 'ioredis', 'pg', '@prisma/adapter-pg', '@electric-sql/pglite'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The H5P library files and our own assets are served by route handlers, not by Next's static server.
  experimental: { serverActions: { bodySizeLimit: '10mb' } },
};

export default nextConfig;

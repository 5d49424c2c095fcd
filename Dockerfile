# syntax=docker/dockerfile:1
# Lumen Learn: one app instance per container. Written for `docker build .` / `docker compose up --build`, but NOT
# built on the machines this project is developed on (they cannot reach an image registry); the same layout (Next's
# standalone output + our own start-up scripts) was assembled and started there without Docker. See the README,
# "Running several instances (Docker)".

# Node 24 (LTS; Node 20 reached its end of life in April 2026). The app also runs on Node 20.19+ (package.json
# "engines"), which the development machines and CI use; the benches' figures are given for both
# (docs/performance.md, "Node 24").
ARG NODE_IMAGE=node:24-bookworm-slim

# --- dependencies: npm ci runs postinstall, which generates the Prisma client (lib/generated) and installs the
#     browser-side H5P files (scripts/setup-h5p.mjs → .vendor/h5p: the player core from npm, the editor from GitHub
#     at a pinned, checksummed commit; the editor is skipped with a note if GitHub cannot be reached)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
# postinstall also makes the embedded database's template (server/embedded/pglite-template.mjs)
COPY server ./server
RUN npm ci --no-audit --no-fund

# --- build: next build writes .next (as for `npm start`) and .next/standalone (output: 'standalone' in
#     next.config.mjs: the server files and only the node_modules they use)
FROM deps AS build
COPY . .
RUN npm run build

# --- runtime: the standalone output, the static files, the H5P assets, the migrations and our start-up scripts
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
COPY --from=build --chown=node:node /app/.vendor/h5p ./.vendor/h5p
# server/docker-start.mjs hands Next this build's configuration, then server/start.mjs → server/server.mjs (our
# HTTP server in front of Next) runs exactly as with `npm start`. server/ is the whole front server (every module it
# loads at run time, embedded/ included), so it is copied as a folder: a new module there cannot be left out.
COPY --from=build --chown=node:node /app/server ./server
# round-robin.mjs is compose.yaml's proxy (a developer/test tool kept in scripts/)
COPY --from=build --chown=node:node /app/scripts/round-robin.mjs ./scripts/
# the embedded database (PGlite), used only when DATABASE_URL is unset (`docker run` on its own)
COPY --from=build --chown=node:node /app/node_modules/@electric-sql ./node_modules/@electric-sql
# DATA_DIR: a volume shared by every instance (content and library files, the embedded IdP's keys)
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
# 3000: the app; 3001 (CONTENT_PORT): the content origin when it is reached by port (`docker run -p 3000:3000 -p 3001:3001`
# with no CONTENT_URL); behind a proxy that routes CONTENT_URL's name to 3000 only 3000 is needed
EXPOSE 3000 3001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the young generation capped by V8 itself (server/v8-memory.mjs)
CMD ["node", "--max-semi-space-size=8", "server/docker-start.mjs"]

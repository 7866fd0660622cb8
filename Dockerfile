# syntax=docker/dockerfile:1
# Smena in a container: the server (apps/server/dist/server.js) serving the built web app, with
# only the server's production dependencies. Data (PGlite) in the volume /data, or PostgreSQL
# through DATABASE_URL. See docs/operations.md, «Контейнер».
#
#   docker build -t smena .
#   podman build --format docker --network host \
#     --build-arg BASE_IMAGE=localhost/smena-base:24 -t smena .   # local base: scripts/container
#
# BASE_IMAGE: a Debian-based image with Node.js ≥ 20.19, npm and a `node` user (uid 1000), as the
# official one has. Behind a TLS-intercepting proxy, give npm its CA as a build secret (used by
# `npm ci` only, not kept in any layer): --secret id=npm_ca,src=/path/to/ca.pem
ARG BASE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, then the web app (apps/web/dist) and the server bundle. npm's cache
# is a cache mount shared by both npm ci (kept by the builder between builds, in no layer).
FROM ${BASE_IMAGE} AS build
LABEL smena.stage=build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/time/package.json packages/time/
COPY e2e/package.json e2e/
RUN --mount=type=cache,id=smena-npm,target=/root/.npm \
  --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies only: the bundle keeps npm packages external (PGlite's
# WASM files, argon2's binary, exceljs …); the workspaces' own packages are bundled into it.
FROM ${BASE_IMAGE} AS deps
LABEL smena.stage=deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/time/package.json packages/time/
COPY e2e/package.json e2e/
RUN --mount=type=cache,id=smena-npm,target=/root/.npm \
  --mount=type=secret,id=npm_ca \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --omit=dev --workspace @smena/server --no-audit --no-fund \
  && rm -rf node_modules/@smena

# 3. Run time: no compiler, no sources, no dev dependencies; files owned by root, read-only for
# the `node` user that runs the server.
FROM ${BASE_IMAGE}
LABEL smena.stage=run \
      org.opencontainers.image.title=smena \
      org.opencontainers.image.description="Smena: time and attendance, server and web app"
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# The server's own SIGTERM handling: not ready, drain, exit 0 (docs/operations.md, «Перезапуск»).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]

# Comped: one image for every API node (web app + /api/v1 on one port).
# Build: docker build -t comped .   Run several nodes: see compose.yaml and README "Running in production".
# The official Node image of the release package.json pins (devDependencies.node), Debian 13 slim;
# docs/decisions/015-node-24-lts.md reviews this file against that image's guidance.
ARG NODE_IMAGE=node:24.21.0-trixie-slim

# 1. Dependencies (cached while package*.json are unchanged).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. Build the web app and the server (plain JavaScript, apps/api/dist) once, then drop the
#    build-only packages: Vite, esbuild, tsx, TypeScript, and the `node` package (the image has its own).
FROM deps AS build
COPY . .
RUN node scripts/build.mjs --force \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e apps/web/node_modules/.vite

# 3. Runtime: no compilers, no TypeScript loader, no dev packages, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs, without npm in between (npm does not pass SIGTERM on to the server, which
# then could not drain): both builds are found current (their stamps are in the image), not rebuilt,
# and the compiled server replaces the shell (exec), so SIGTERM reaches it. Run it with an init
# (`docker run --init`, compose's `init: true`) so that a child process it starts is reaped.
# The young generation is capped at 16 MB per half (ADR 026).
CMD ["sh", "-c", "node scripts/build.mjs && exec node --max-semi-space-size=16 apps/api/dist/server.js"]

# Comped: one image for every API node (web app + /api/v1 on one port).
# Build: docker build -t comped .   Run several nodes: see compose.yaml and README "Running in production".

# 1. Dependencies (cached while package*.json are unchanged).
FROM node:20.19-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. Build the web app once, then drop the build-only packages.
FROM deps AS build
COPY . .
RUN node scripts/web-build.mjs --force \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e apps/web/node_modules/.vite

# 3. Runtime: no compilers, no dev packages, not root.
FROM node:20.19-bookworm-slim AS runtime
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
# then could not drain): the web build is found current (its stamp is in the image), not rebuilt.
CMD ["sh", "-c", "node scripts/web-build.mjs && exec node --import tsx apps/api/src/server.ts"]

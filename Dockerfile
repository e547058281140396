# syntax=docker/dockerfile:1
# The warranty service: one image for the API (--role api), the workers (--role worker), the
# one-process setup (--role all), the operator CLI (`warranty …`) and a dev chain (anvil).
# Build: docker build -t warranty-service --build-arg GIT_REVISION="$(git rev-parse HEAD)" .
# linux/amd64 only: anvil's binary comes from @foundry-rs/anvil-linux-amd64 (the only
# platform package of anvil the lockfile installs). See docs/production.md.

ARG NODE_IMAGE=node:22-slim

# ---- build: dev dependencies, TypeScript → dist/, Solidity → build/contracts/, the web app → web/dist/
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY contracts ./contracts
COPY scripts ./scripts
COPY src ./src
COPY web ./web
RUN npm run build

# ---- runtime: production dependencies, the build, the migrations; no sources, no compiler input
FROM ${NODE_IMAGE} AS runtime
ARG GIT_REVISION=""
# tini as PID 1: forwards SIGTERM/SIGINT to node (graceful stop) and reaps anvil's zombies.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini=0.19.* \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    GIT_REVISION=${GIT_REVISION} \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data \
 && chown node:node /data
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/contracts ./build/contracts
COPY --from=build /app/web/dist ./web/dist
COPY drizzle ./drizzle
COPY bin ./bin
# The operator CLI on PATH: `docker compose run --rm worker warranty mint-backlog`; and the
# one-off carry-over of an earlier release's data folder (docs/production.md#upgrading-a-data-folder).
RUN ln -s /app/bin/warranty /usr/local/bin/warranty \
 && ln -s /app/bin/warranty-carry-over /usr/local/bin/warranty-carry-over
# Everything the service writes goes under DATA_DIR (embedded database and chain, IPFS blocks,
# receipt images, the .eml outbox, generated secrets); the rest of the file system can be read-only.
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/main.js", "--role", "all"]

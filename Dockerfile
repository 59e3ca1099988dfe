# syntax=docker/dockerfile:1
# Multi-stage build: full install and build, then an image with production dependencies only,
# running as the unprivileged `node` user. scripts/container-smoke.sh repeats the final
# stages without a Docker engine (same install command, same Node, same HEALTHCHECK) in CI.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Fonts for the text of the generated share images (scripts/build-brand-images.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
# The client assets, the Remix server bundle, the HTTP server and the outbox command
# (`docker exec <container> node build/outbox.js list`); not build/mocks (tests only).
COPY --from=build --chown=node:node /app/build/client ./build/client
COPY --from=build --chown=node:node /app/build/server ./build/server
COPY --from=build --chown=node:node /app/build/start.js /app/build/outbox.js ./build/
# The outbox folder (OUTBOX_DIR, default ./data/outbox): mount a volume here to keep it.
RUN mkdir -p /app/data/outbox && chown -R node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "build/start.js"]

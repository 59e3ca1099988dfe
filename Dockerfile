# syntax=docker/dockerfile:1
# Multi-stage build: full install and build (with a compiler, for better-sqlite3's native
# binding), then an image with production dependencies and that binding only, no compiler,
# running as the unprivileged `node` user. scripts/container-smoke.sh repeats the final stages
# without a Docker engine (same install command, same Node, same HEALTHCHECK) in CI.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Fonts for the text of the generated share images (scripts/build-brand-images.ts); python3,
# make and g++ to compile better-sqlite3 for this image's Node (no prebuilt binary is fetched).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY scripts/node-headers.sh ./scripts/
COPY package.json package-lock.json ./
RUN npm_config_nodedir="$(sh scripts/node-headers.sh)" npm ci --no-audit --no-fund \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts (nothing else needs one at run time), then the binding compiled above for
# the same Node: the final image gets it without a compiler.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node ./node_modules/better-sqlite3/build/Release/
RUN node -e "new (require('better-sqlite3'))(':memory:').close()"
# sharp processes the owner's uploads at run time (docs/site.md): its libvips is an npm package
# (@img/sharp-libvips-linux-*), installed without a script or a compiler; prove here that it loads
# and encodes AVIF, where a missing platform package would otherwise surface at the first upload.
RUN node -e "require('sharp')({create:{width:8,height:8,channels:3,background:'#000'}}).avif().toBuffer().then(b=>process.exit(b.length?0:1))"

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
# The client assets, the HTTP server (the Remix build is inside build/start.js) and the operators'
# commands (`docker exec <container> node build/outbox.js list`): every top-level build/*.js, so a
# command added later (build/staff.js) comes along; not build/mocks (tests only).
COPY --from=build --chown=node:node /app/build/client ./build/client
COPY --from=build --chown=node:node /app/build/*.js ./build/
# The data volume: it holds the SQLite database (site.db, mode 0600, with its -wal and -shm
# files); an outbox folder of an earlier version found here (data/outbox) is imported into it at
# start. Owned by node and private to it (a new named volume takes this owner and mode).
RUN install -d -o node -g node -m 0700 /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "build/start.js"]

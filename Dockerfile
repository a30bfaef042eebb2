# syntax=docker/dockerfile:1
# Build stage: the toolchain better-sqlite3 and sharp need if no prebuilt binary matches.
FROM node:20.20-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/
COPY packages/media/package.json packages/media/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# nginx in front (deploy/compose.production.yml): the build's precompressed assets and the config template,
# which the image's entrypoint renders with envsubst at start (deploy/nginx, ADR 0043).
FROM nginx:1.26.2-bookworm AS nginx
COPY --from=build /app/apps/web/build/client /srv/static
COPY deploy/nginx/templates /etc/nginx/templates
RUN mkdir -p /srv/media /var/cache/nginx/vintagetube

# Run stage (the default target, so it stays last): Debian's ffmpeg for the media pipeline; the app runs its TypeScript through tsx.
FROM node:20.20-bookworm-slim AS run
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production \
  DATA_DIR=/data \
  MEDIA_DIR=/media \
  PORT=3000
VOLUME ["/data", "/media"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["npx", "tsx", "apps/api/src/main.ts"]

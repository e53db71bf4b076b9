# One image for the api and the workers: Debian's ffmpeg and poppler (PDF thumbnails), the built console and server.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg poppler-utils ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY db/package.json db/
COPY search/package.json search/
COPY workflows/package.json workflows/
COPY workers/package.json workers/
COPY api/package.json api/
COPY console/package.json console/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# MALLOC_*: as scripts/ensure-built.mjs's serverEnv (freed memory goes back to the system).
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
EXPOSE 8080
# The compiled server (npm run build bundles it into dist/) with scripts/ensure-built.mjs's serverNodeFlags; started
# directly, with no supervising process.
CMD ["node", "--max-semi-space-size=64", "--v8-pool-size=1", "dist/main.js"]

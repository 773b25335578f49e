# A retrieval node (and ingest jobs) on Node 20: compiled JavaScript, production dependencies only, no TypeScript
# loader at run time. Many of them can share one store (GROUNDED_DB=s3://… with GROUNDED_DB_ENDPOINT for R2/Ceph/
# MinIO); a Workers front (wrangler.toml) can sit in front of them with GROUNDED_NODE_KEY. See README "Scaling out".
#   docker build -t grounded-node .
#   docker run -p 8787:8787 -e GROUNDED_NODE_KEY=… -v grounded:/app/data grounded-node
#   docker run -v grounded:/app/data -v "$PWD/docs:/docs:ro" grounded-node node dist/ingest/cli.js /docs --source docs
# test/deploy/dockerfile.test.ts replays these steps without Docker (each stage in a directory, RUN in its WORKDIR):
# keep RUN paths relative to the WORKDIR.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY ingest ./ingest
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 GROUNDED_DEMO=false
COPY package.json package-lock.json ./
# The store and traces default to data/lancedb and data/traces under /app: a volume, owned by the node user (1000).
RUN npm ci --omit=dev --no-audit --no-fund && mkdir data && chown 1000:1000 data
COPY --from=build /app/dist ./dist
VOLUME /app/data
USER node
EXPOSE 8787
CMD ["node", "dist/src/main.js"]

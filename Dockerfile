# Cabdesk: the web app and the compiled server in one image. Build: docker build -t cabdesk .
# Run it with a PostgreSQL (DATABASE_URL) and, for several processes, a Redis (REDIS_URL): compose.yaml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY packages/contract/package.json packages/contract/
COPY packages/money/package.json packages/money/
COPY packages/fare-engine/package.json packages/fare-engine/
COPY packages/pay-engine/package.json packages/pay-engine/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and apps/server/dist/main.js, then only what the compiled server needs at run time.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    CABDESK_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8443 \
    CABDESK_DEMO_DATA=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8443
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

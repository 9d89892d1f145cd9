# The shop in one image: API, storefront and staff console on port 3000 (see docker-compose.yml).

FROM node:20-bookworm-slim AS build
WORKDIR /app

# The manifests first, so the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
# Install scripts stay off, as package.json's allowScripts says: every native piece ships as a prebuilt
# optional dependency.
RUN npm ci --ignore-scripts --no-audit --no-fund

COPY . .
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# DATA_DIR (uploaded media) defaults to .data under the working directory; docker-compose mounts a volume here.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]

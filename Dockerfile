# The shop in one image: API, server-rendered storefront and staff console on port 3000 (docker-compose.yml).
# Two stages: everything is built with the dev dependencies, then the runtime image gets only the API's
# runtime packages and the built files (the storefront and console ship as built assets; the storefront's
# server renderer is one self-contained bundle).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
# Install scripts stay off, as package.json's allowScripts says: every native piece ships as a prebuilt
# optional dependency, and the lock lists them for every platform (npm 10 and 11 both accept it).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN bash scripts/ensure.sh build

FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
RUN npm ci --omit=dev --workspace @facet/api --ignore-scripts --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/package.json package.json
COPY --from=build /app/libs/contracts/package.json libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=runtime-deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/storefront/dist apps/storefront/dist
COPY --from=build /app/apps/storefront/dist-server apps/storefront/dist-server
COPY --from=build /app/apps/admin/dist apps/admin/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]

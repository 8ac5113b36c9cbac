# The mock and the kit in one small image, installed from the package exactly as npm ships it.
#
#   docker build -t openapi-contract-kit .
#   docker run --rm -p 4010:4010 openapi-contract-kit                           # the mock
#   docker run --rm -e API_KEY openapi-contract-kit \
#     contract-kit test --target https://staging.example/v1                     # the kit
#   docker run --rm -p 4010:4010 -v "$PWD:/api:ro" openapi-contract-kit \
#     contract-kit mock /api/openapi.yaml --host 0.0.0.0 --no-watch             # your spec
#
# The default command serves the mock on 0.0.0.0:4010 (flags and MOCK_* variables as documented in
# docs/mock.md). The health check asks the mock for /v1/pets: any HTTP answer, 401 included, is healthy.

ARG NODE_VERSION=20.20.2

# Build stage: dev dependencies, then `npm pack`, whose prepack bundles dist/ (esbuild + tsc).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY tools/openapi-types/package.json tools/openapi-types/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp \
 && mv /tmp/openapi-contract-kit-*.tgz /tmp/kit.tgz

# Run stage: the tarball installed globally with its runtime dependencies only; no TypeScript loader,
# no build tools. Alpine keeps it small; every runtime dependency is plain JavaScript.
FROM node:${NODE_VERSION}-alpine
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY --from=build /tmp/kit.tgz /tmp/kit.tgz
RUN npm install --global --omit=dev --no-audit --no-fund /tmp/kit.tgz \
 && rm /tmp/kit.tgz \
 && npm cache clean --force
USER node
WORKDIR /home/node
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4010)+'/v1/pets').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"]
CMD ["contract-kit", "mock", "--host", "0.0.0.0", "--no-watch"]

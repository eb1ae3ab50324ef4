# One NestJS service (svc-auth, svc-volunteer, svc-content, svc-hours); the context is the
# repository root:
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=svc-content -t district/svc-content .
# Needs BuildKit (default since Docker 23; DOCKER_BUILDKIT=1 before). Behind a TLS-intercepting
# proxy or a private registry add: --secret id=npm_ca,src=<CA bundle> --secret id=npmrc,src=<npmrc>
# Run: `node dist/main.js` (default command) or `node dist/migrate.js` (one-shot migrations).
ARG NODE_IMAGE=node:24-bookworm-slim

# The package manifests alone: the dependency layers below stay cached until one of them changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -type d -empty -delete

# Every workspace's dependencies, dev included (shared by all images built from this repo).
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY deploy/docker/npm-secrets.sh /usr/local/bin/npm-secrets
COPY deploy/docker/install-deps.sh /usr/local/bin/install-deps
COPY --from=manifests /src ./
RUN --mount=type=secret,id=npm_ca --mount=type=secret,id=npmrc \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    install-deps

FROM deps AS build
ARG SERVICE
RUN test -n "${SERVICE}" && test -f "${SERVICE}/package.json" \
 || { echo "build arg SERVICE must name a service folder (svc-auth, …), got '${SERVICE}'" >&2; exit 2; }
# Only what this service is built from: a change in another area leaves this image cached.
COPY tsconfig.base.json ./
COPY packages packages
COPY ${SERVICE} ${SERVICE}
COPY deploy/docker/runtime-tree.ts /tmp/runtime-tree.mts
RUN npm run build -w "${SERVICE}" \
 && node /tmp/runtime-tree.mts app "${SERVICE}" /out

# Production dependencies of this service only.
FROM ${NODE_IMAGE} AS prod-deps
ARG SERVICE
WORKDIR /app
COPY deploy/docker/npm-secrets.sh /usr/local/bin/npm-secrets
COPY deploy/docker/install-deps.sh /usr/local/bin/install-deps
COPY --from=manifests /src ./
COPY deploy/docker/runtime-tree.ts /tmp/runtime-tree.mts
RUN --mount=type=secret,id=npm_ca --mount=type=secret,id=npmrc \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    install-deps --omit=dev -w "${SERVICE}" \
 && node /tmp/runtime-tree.mts prune "${SERVICE}"

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# tini as PID 1 forwards SIGTERM to Node (graceful shutdown) and reaps zombies.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 district \
 && useradd --system --uid 10001 --gid district --home-dir /nonexistent --shell /usr/sbin/nologin district
# Owned by the service user, so a named volume mounted here starts writable (svc-auth's avatars,
# svc-volunteer's event photos).
RUN mkdir -p /var/lib/district/avatars /var/lib/district/photos && chown -R district:district /var/lib/district
COPY --from=prod-deps /app /app
COPY --from=build /out /app
WORKDIR /app/${SERVICE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
USER district
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]

# The local district identity provider for development (issue 31): scripts/district-idp.ts, a real
# OpenID Connect provider (oidc-provider) with the accounts of scripts/district-idp-accounts.ts.
# Never for production: there the platform uses the district's own provider.
#   docker build -f deploy/docker/district-idp.Dockerfile -t district/district-idp .
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -type d -empty -delete

FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY deploy/docker/npm-secrets.sh /usr/local/bin/npm-secrets
COPY deploy/docker/install-deps.sh /usr/local/bin/install-deps
COPY --from=manifests /src ./
RUN --mount=type=secret,id=npm_ca --mount=type=secret,id=npmrc \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    install-deps

FROM deps AS build
COPY deploy/docker/runtime-tree.ts deploy/docker/runtime-tree.ts
COPY deploy/package.json deploy/package.json
# oidc-provider and what it needs, at the versions of the lockfile.
RUN node deploy/docker/runtime-tree.ts modules /out oidc-provider

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 district \
 && useradd --system --uid 10001 --gid district --home-dir /nonexistent --shell /usr/sbin/nologin district
WORKDIR /app
COPY --from=build /out/node_modules node_modules
COPY scripts/package.json scripts/district-idp.ts scripts/district-idp-accounts.ts scripts/
ENV NODE_ENV=production DISTRICT_IDP_HOST=0.0.0.0 DISTRICT_IDP_PORT=9400
USER district
EXPOSE 9400
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.DISTRICT_IDP_PORT}/.well-known/openid-configuration`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/district-idp.ts"]

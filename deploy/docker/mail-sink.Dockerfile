# The development mail sink (no mail leaves the host): scripts/mail-sink.ts behind SMTP :1025, the
# stored messages on HTTP :8025. Built from this repository, not a registry image.
#   docker build -f deploy/docker/mail-sink.Dockerfile -t district/mail-sink .
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
# smtp-server and what it needs, at the versions of the lockfile.
RUN node deploy/docker/runtime-tree.ts modules /out smtp-server

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 district \
 && useradd --system --uid 10001 --gid district --home-dir /nonexistent --shell /usr/sbin/nologin district
WORKDIR /app
COPY --from=build /out/node_modules node_modules
COPY scripts/package.json scripts/mail-sink.ts scripts/mime.ts scripts/
COPY deploy/package.json deploy/
COPY deploy/mail-sink/main.ts deploy/mail-sink/
ENV NODE_ENV=production SMTP_PORT=1025 HTTP_PORT=8025 MAIL_DIR=/tmp/mail
USER district
EXPOSE 1025 8025
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.HTTP_PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "deploy/mail-sink/main.ts"]

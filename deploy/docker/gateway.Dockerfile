# The nginx gateway: Node 24 renders nginx.conf from environment variables (gateway/README.md)
# and keeps it in step with the replicas' addresses (deploy/gateway/entrypoint.ts); nginx serves.
#   docker build -f deploy/docker/gateway.Dockerfile -t district/gateway .
# The gateway has no npm dependencies: the first stage only proves the templates render.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS check
WORKDIR /app
COPY gateway/package.json gateway/
COPY gateway/src gateway/src
COPY gateway/templates gateway/templates
COPY deploy/package.json deploy/
COPY deploy/gateway deploy/gateway
RUN rm -f gateway/src/*.spec.ts \
 && SVC_AUTH_UPSTREAMS=a:1 SVC_VOLUNTEER_UPSTREAMS=b:1 SVC_CONTENT_UPSTREAMS=c:1 SVC_HOURS_UPSTREAMS=d:1 \
    SHELL_UPSTREAM=e:1 MF_VOLUNTEER_UPSTREAM=f:1 MF_DIRECTORY_UPSTREAM=g:1 MF_BLOG_UPSTREAM=h:1 \
    MF_HOURS_UPSTREAM=i:1 node gateway/src/render-cli.ts --stdout >/dev/null

FROM ${NODE_IMAGE} AS runtime
# Debian's nginx (auth_request built in); tini as PID 1 for signals.
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx tini \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* /var/log/nginx/* \
 && ln -s /dev/stderr /var/log/nginx/error.log \
 && groupadd --system --gid 10001 district \
 && useradd --system --uid 10001 --gid district --home-dir /nonexistent --shell /usr/sbin/nologin district
COPY --from=check /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 GATEWAY_RUNTIME_DIR=/tmp/gateway \
    ACCESS_LOG=/dev/stdout ERROR_LOG=stderr
USER district
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/_gateway/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "/app/deploy/gateway/entrypoint.ts"]

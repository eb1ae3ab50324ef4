# One static front-end (shell, mf-volunteer, mf-directory, mf-blog, mf-hours) served by nginx;
# the context is the repository root:
#   docker build -f deploy/docker/web.Dockerfile --build-arg APP=mf-blog -t district/mf-blog .
# Needs BuildKit; the npm secrets are as in service.Dockerfile.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# The package manifests alone (same stages as service.Dockerfile, so the cache is shared).
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
ARG APP
RUN test -n "${APP}" && test -f "${APP}/package.json" \
 || { echo "build arg APP must name a front-end folder (shell, mf-blog, …), got '${APP}'" >&2; exit 2; }
# Only what this front-end is built from: a change in another area leaves this image cached.
COPY tsconfig.base.json tsconfig.web.json webpack.shared.js ./
COPY packages packages
COPY ${APP} ${APP}
# Production webpack build; a source map would only get here by accident, so none leaves.
RUN npm run build -w "${APP}" \
 && find "${APP}/dist" \( -name '*.map' -o -name '.build-stamp*' \) -delete \
 && mv "${APP}/dist" /out

FROM ${NGINX_IMAGE} AS runtime
COPY deploy/docker/web-nginx.conf /etc/district/nginx.conf
COPY --from=build /out /usr/share/district/www
# Any unprivileged id works: nginx needs no account, only /tmp and read access to the files.
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=3s --start-period=5s --retries=3 \
  CMD ["sh", "-c", "wget -q -O /dev/null http://127.0.0.1:8080/_health 2>/dev/null || curl -fsS -o /dev/null http://127.0.0.1:8080/_health"]
# nginx is its own init: it reaps its workers and shuts down gracefully on SIGQUIT.
STOPSIGNAL SIGQUIT
ENTRYPOINT ["nginx", "-e", "stderr", "-c", "/etc/district/nginx.conf"]

# Local stand-in for node:24-bookworm-slim, for machines without a registry (the compose test).
# Same layout as the official image: node and npm in /usr/local. Context: a folder holding the
# Node 24 binary (`node`) and an npm package folder (`npm/`).
ARG DEBIAN_IMAGE=district-local/debian:bookworm
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]

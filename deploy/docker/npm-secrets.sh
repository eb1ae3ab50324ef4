#!/bin/sh
# npm inside image builds, with the host's registry settings and CA bundle when the build passes
# them as BuildKit secrets (--secret id=npmrc,src=… --secret id=npm_ca,src=…). Secrets are mounted
# for one RUN only, so nothing of them reaches a layer.
set -eu
if [ -s /run/secrets/npm_ca ]; then
  export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca npm_config_cafile=/run/secrets/npm_ca
fi
if [ -s /run/secrets/npmrc ]; then
  export npm_config_userconfig=/run/secrets/npmrc
fi
exec npm --no-audit --no-fund --no-update-notifier "$@"

#!/bin/sh
# `npm ci` without install scripts, then exactly the scripts the root package.json allows
# (allowScripts), so every npm version behaves like the project's own. The `node` package is
# skipped: the image already runs Node 24, and its shim would shadow it in npm scripts.
#   install-deps.sh                 every workspace, dev dependencies included (build stage)
#   install-deps.sh --omit=dev -w W production dependencies of workspace W only (runtime)
set -eu
npm-secrets ci --ignore-scripts --prefer-offline "$@"
rm -f node_modules/.bin/node
allowed=$(node -e '
  const fs = require("node:fs");
  const allow = require("./package.json").allowScripts ?? {};
  // Keys may carry a version ("argon2@0.45"): the package name is what npm rebuild takes.
  const names = Object.keys(allow)
    .filter((key) => allow[key])
    .map((key) => key.replace(/(.)@.*$/, "$1"))
    .filter((n) => n !== "node" && fs.existsSync(`node_modules/${n}/package.json`));
  process.stdout.write(names.join(" "));
')
if [ -n "$allowed" ]; then
  echo "install scripts allowed by package.json: $allowed"
  npm-secrets rebuild $allowed
fi

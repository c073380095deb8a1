#!/usr/bin/env bash
# Builds the app (react-router build) only when build/ is missing or older than what it is built
# from: the sources, the public files, the locales and content, the build's configuration and the
# lockfile (a dependency updated by `npm install`). `npm start` and `npm run bench` run it first,
# so a second start serves at once.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/server/index.js ] ||
  [ -n "$(find app server public locales content react-router.config.ts vite.config.ts tsconfig.json package.json package-lock.json \
    -newer build/server/index.js -print -quit 2>/dev/null)" ]; then
  echo "Building…"
  node_modules/.bin/react-router build
else
  echo "build/ is current: not rebuilt."
fi

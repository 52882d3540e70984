#!/usr/bin/env bash
# Starts the Node bot, installing its two npm packages on first use.
#   bots/node/run.sh --port 50062
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -d "$here/node_modules/@grpc/grpc-js" ] || [ ! -d "$here/node_modules/@grpc/proto-loader" ]; then
  (cd "$here" && npm install --silent --no-progress >&2)
fi
exec node "$here/bot.js" "$@"

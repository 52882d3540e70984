#!/usr/bin/env bash
# Starts the pre-issue-13 bot (bot.py) with code generated from the frozen
# protos in proto/ here, into gen/ or, when sandboxed, into HOME.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
proto="$here/proto"
gen="$here/gen"
if [ ! -w "$here" ]; then gen="$HOME/.woodland-legacy-gen"; fi
stamp="$gen/.stamp"
if [ ! -f "$stamp" ] || [ -n "$(find "$proto" -name '*.proto' -newer "$stamp" 2>/dev/null)" ]; then
  mkdir -p "$gen"
  protoc --proto_path="$proto" --python_out="$gen" --grpc_out="$gen" \
    --plugin=protoc-gen-grpc="$(command -v grpc_python_plugin)" \
    "$proto"/woodland/v1/*.proto
  touch "$gen/woodland/__init__.py" "$gen/woodland/v1/__init__.py" "$stamp"
fi
exec env PYTHONPATH="$gen${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 "$here/bot.py" "$@"

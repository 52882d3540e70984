#!/usr/bin/env bash
# Starts the Python bot. Generates the gRPC code from proto/ first if it is
# missing or older than the protos (nothing generated is committed).
#   bots/python/run.sh --port 50061
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
proto="$here/../../proto"
gen="$here/gen"
# A sandboxed bot cannot write its own directory: generate into HOME then.
if [ ! -w "$here" ] && { [ ! -f "$gen/.stamp" ] || [ -n "$(find "$proto" -name '*.proto' -newer "$gen/.stamp" 2>/dev/null)" ]; }; then
  gen="$HOME/.woodland-gen"
fi
stamp="$gen/.stamp"
if [ ! -f "$stamp" ] || [ -n "$(find "$proto" -name '*.proto' -newer "$stamp" 2>/dev/null)" ]; then
  mkdir -p "$gen"
  protoc --proto_path="$proto" --python_out="$gen" --grpc_out="$gen" \
    --plugin=protoc-gen-grpc="$(command -v grpc_python_plugin)" \
    "$proto"/woodland/v1/*.proto
  touch "$gen/woodland/__init__.py" "$gen/woodland/v1/__init__.py" "$stamp"
fi
# Debian's python3-grpcio and python3-protobuf load under /usr/bin/python3.
exec env PYTHONPATH="$gen${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 "$here/bot.py" "$@"

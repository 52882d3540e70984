#!/usr/bin/env bash
# Starts the Go bot, building it first if it is missing or older than its
# sources (bot.go, this script, the protos). Go's module mode cannot resolve
# anything offline, so everything builds in GOPATH mode from Debian's Go
# packages under /usr/share/gocode; nothing is downloaded, nothing generated
# is committed. Generated code and binaries go to the cache directory
# (bots/go/build/, ignored by git; WOODLAND_GO_CACHE overrides it):
#   build/gopath/src/woodlandarena.org/proto/woodland/v1/*.pb.go
#   build/bin/protoc-gen-go     (google.golang.org/protobuf's, from source)
#   build/bin/woodland-go-bot   (the bot)
#   bots/go/run.sh --port 50063        # serve on 127.0.0.1:50063
#   bots/go/run.sh --build             # only build (e.g. before a sandbox)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
proto="$(cd "$here/../../proto" && pwd)"
cache="${WOODLAND_GO_CACHE:-$here/build}"
bin="$cache/bin/woodland-go-bot"

stale() {
  [ ! -x "$bin" ] || [ -n "$(find "$here"/*.go "$here/run.sh" "$proto" \
      -newer "$bin" \( -name '*.go' -o -name '*.sh' -o -name '*.proto' \) 2>/dev/null)" ]
}

build() {
  for tool in go protoc; do
    command -v "$tool" >/dev/null || {
      echo "bots/go: '$tool' is missing; install golang-go golang-google-grpc-dev golang-google-protobuf-dev protoc-gen-go-grpc protobuf-compiler (scripts/deps.sh)" >&2
      exit 1
    }
  done
  mkdir -p "$cache/bin" "$cache/gopath/src"
  export GO111MODULE=off GOFLAGS= GOPROXY=off GOTOOLCHAIN=local
  export GOPATH="$cache/gopath:/usr/share/gocode" GOCACHE="$cache/go-cache"
  # The protoc plugins: the APIv2 protoc-gen-go built from Debian's sources
  # (/usr/bin/protoc-gen-go may be the old v1.3 one), Debian's
  # protoc-gen-go-grpc (or built from its sources too).
  go build -o "$cache/bin/protoc-gen-go" google.golang.org/protobuf/cmd/protoc-gen-go
  grpc_plugin="$(command -v protoc-gen-go-grpc || true)"
  if [ -z "$grpc_plugin" ]; then
    go build -o "$cache/bin/protoc-gen-go-grpc" google.golang.org/grpc/cmd/protoc-gen-go-grpc
    grpc_plugin="$cache/bin/protoc-gen-go-grpc"
  fi
  out="$cache/gopath/src"
  rm -rf "$out/woodlandarena.org"
  # go_package in the protos names the import path
  # (woodlandarena.org/proto/woodland/v1, package woodlandv1).
  protoc --proto_path="$proto" \
    --plugin=protoc-gen-go="$cache/bin/protoc-gen-go" \
    --plugin=protoc-gen-go-grpc="$grpc_plugin" \
    --go_out="$out" --go-grpc_out="$out" \
    "$proto"/woodland/v1/*.proto
  (cd "$here" && go build -o "$bin.tmp" .)
  mv -f "$bin.tmp" "$bin"
}

if stale; then
  # A sandboxed bot cannot write bots/go/: build in its private HOME then
  # (slow; run `bots/go/run.sh --build` once beforehand instead).
  if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
    cache="$HOME/.woodland-go"
    echo "bots/go: not built (or sources changed): building inside the sandbox," \
      "which may outlast the referee's startup timeout; run bots/go/run.sh --build first" >&2
    bin="$cache/bin/woodland-go-bot"
  fi
  mkdir -p "$cache"
  # One build at a time (several matches may start the bot at once).
  exec 9>"$cache/.lock"
  flock 9
  if stale; then build >&2; fi
  flock -u 9
fi
if [ "${1:-}" = "--build" ]; then exit 0; fi
exec "$bin" "$@"

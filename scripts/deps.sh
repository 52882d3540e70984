#!/usr/bin/env bash
# Installs the Debian packages the build needs, if any are missing.
set -euo pipefail
PKGS=(cmake ninja-build g++ ccache clang-format bubblewrap
      libabsl-dev libgtest-dev libgmock-dev libbenchmark-dev
      libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
      prometheus-cpp-dev libsqlite3-dev libpq-dev
      python3-grpcio python3-protobuf
      prometheus python3-yaml postgresql
      # The Go starter kit (GOPATH mode over /usr/share/gocode, bots/go/).
      golang-go golang-google-grpc-dev golang-goprotobuf-dev
      golang-google-protobuf-dev protoc-gen-go-grpc
      # The Java starter kit (plain javac over /usr/share/java, bots/java/).
      default-jdk-headless libgrpc-java libprotobuf-java
      protobuf-compiler-grpc-java-plugin libnetty-java libperfmark-java
      libgeronimo-annotation-1.3-spec-java
      libcivetweb-dev chromium)  # the web pages (issue 15) and their tests

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The Node starter kit: Node.js (Debian's if the machine has none) and its
# two npm packages.
if ! command -v node >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
fi
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -d "$here/bots/node/node_modules/@grpc/grpc-js" ]; then
  (cd "$here/bots/node" && npm install --silent --no-progress)
fi
# The web pages' browser tests (issue 15): puppeteer-core drives Debian's
# chromium; no browser is downloaded.
if [ ! -d "$here/tests/web/node_modules/puppeteer-core" ]; then
  (cd "$here/tests/web" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent --no-progress)
fi

#!/usr/bin/env bash
# Configures (once) and builds into build/ (RelWithDebInfo: what the tests
# run). BUILD_DIR, BUILD_TYPE and CMAKE_ARGS choose another configuration;
# TARGETS (space-separated) builds only those targets. The release build of
# the main command and the benchmarks (-O3, link-time optimisation):
#   BUILD_DIR=build-release BUILD_TYPE=Release \
#     CMAKE_ARGS="-DWOODLAND_LTO=ON -DWOODLAND_BUILD_TESTS=OFF" scripts/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  # shellcheck disable=SC2086  # CMAKE_ARGS is a list of arguments
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    ${CMAKE_ARGS:-}
fi
targets=()
for t in ${TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$BUILD_DIR" -j "$(nproc)" "${targets[@]}"

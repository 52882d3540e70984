#!/usr/bin/env bash
# Builds the release configuration (-O3 and link-time optimisation, issue 19)
# into build-release/: the woodland program, the built-in bots and the
# benchmarks. Extra arguments are more targets (default: those below).
set -euo pipefail
cd "$(dirname "$0")/.."
export BUILD_DIR=${RELEASE_DIR:-build-release} BUILD_TYPE=Release
export CMAKE_ARGS="-DWOODLAND_LTO=ON -DWOODLAND_BUILD_TESTS=OFF"
export TARGETS="${*:-woodland random_bot heuristic_bot search_bot rules_bench}"
exec bash scripts/build.sh

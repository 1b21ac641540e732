#!/usr/bin/env bash
# Builds imprint and runs the whole test suite (labels unit, gl, app) headless.
# Usage: scripts/test.sh [BUILD_DIR] [extra ctest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
build=${1:-build}; shift || true
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${IMPRINT_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build" && ctest --output-on-failure -j"$(nproc)" "$@"

#!/usr/bin/env bash
# Builds imprint and runs its tests headless.
#   scripts/test.sh                    the quick suite (a coffee break): labels unit and gl, and one
#                                      fast app smoke per scene — every test not labelled slow
#   scripts/test.sh --all              every test, the long app runs too (label slow: soak, docs
#                                      pictures, post pairs, long drives); what .ci/run runs
# Usage: scripts/test.sh [--all] [BUILD_DIR] [extra ctest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
select=(-LE 'slow|web')
if [ "${1:-}" = "--all" ]; then select=(-LE web); shift; fi
bash scripts/deps.sh
build=${1:-build}; shift || true
start=$(date +%s)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${IMPRINT_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
# the longest tests first (ctest keeps their times in Testing/Temporary/CTestCostData.txt)
ctest --output-on-failure -j"$(nproc)" "${select[@]}" "$@"
echo "imprint: tests passed in $(( $(date +%s) - start )) s (${select[*]})"

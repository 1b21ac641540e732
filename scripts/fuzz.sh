#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.c) with clang + ASan + UBSan and runs each for
# SECONDS (default 60) from a scratch copy of its committed corpus, with a fixed seed so a CI run
# is repeatable. Exits non-zero when any target crashes; the crash input is left in
# build-fuzz/crashes/NAME/ (see docs/fuzzing.md for long runs and minimising).
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
bash scripts/deps.sh --fuzz
build=build-fuzz
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIMPRINT_WERROR=ON -DIMPRINT_FUZZ=ON \
  -DIMPRINT_TESTS=OFF >/dev/null
targets=()
for src in tests/fuzz/fuzz_*.c; do targets+=("$(basename "$src" .c)"); done
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# one target per core at a time (each libFuzzer run is one process): 5 targets on 2 cores take 3
# rounds of SECONDS instead of 5
jobs=$(nproc)
run_one() { # TARGET: runs it, prints its stats or its crash, exits non-zero on a crash
  local t=$1 name=${1#fuzz_}
  local work=$build/work/$name crashes=$build/crashes/$name
  rm -rf "$work"
  mkdir -p "$work" "$crashes"
  # libFuzzer adds what it finds to the first corpus directory: a scratch copy, never the repository's
  cp tests/fuzz/corpus/"$name"/* "$work"/
  if ! "$build/bin/$t" -seed=1 -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$crashes/" "$work" >"$build/$t.log" 2>&1; then
    tail -n 60 "$build/$t.log"
    echo "fuzz: $t crashed; input in $crashes/"
    return 1
  fi
  echo "== $t: ${secs}s: $(grep -E "^(stat::number_of_executed_units|stat::new_units_added)" "$build/$t.log" | tr '\n' ' ')"
}
failed=()
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  pids=() names=()
  for t in "${targets[@]:i:jobs}"; do
    echo "== $t: ${secs}s (started)"
    run_one "$t" >"$build/$t.out" 2>&1 &
    pids+=($!) names+=("$t")
  done
  for k in "${!pids[@]}"; do
    wait "${pids[$k]}" || failed+=("${names[$k]}")
    cat "$build/${names[$k]}.out"
  done
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${secs}s each, no crash"

#!/usr/bin/env bash
# Billboards against OGRE, in one run on one machine: imprint's batcher (particles.build_ms of
# docs/scripts/bb_bench.txt: 100 000 fountain billboards culled, sorted and packed into the
# mapped GL buffer) and OGRE 1.12's BillboardSet expansion of the same count and motion
# (tools/ogre_peer: sorted back to front like imprint, and unsorted, OGRE's cheapest path),
# run in turn ROUNDS times each, so both see the same machine load. Prints a markdown table of
# the medians (each run's median over its frames, then the median over the rounds) and the
# ratios; docs/perf.md keeps one.
# Usage: tools/bb_peer_bench.sh [ROUNDS]        (default 5)
#   env: IMPRINT (binary, default build/bin/imprint), OGRE_PEER_BUILD (where tools/ogre_peer is
#        built, default build-ogre-peer), COUNT (default 100000), FRAMES (default 60)
# Needs: Debian's libogre-1.12-dev, cmake, a C++ compiler, python3 (JSON).
set -euo pipefail
rounds=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
imprint=${IMPRINT:-$root/build/bin/imprint}
peer_build=${OGRE_PEER_BUILD:-$root/build-ogre-peer}
count=${COUNT:-100000}
frames=${FRAMES:-60}
[ -x "$imprint" ] || { echo "bb_peer_bench: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bb_peer_bench: ROUNDS must be a positive integer" >&2; exit 2; }
pkg-config --exists OGRE || { echo "bb_peer_bench: OGRE not found (apt-get install libogre-1.12-dev)" >&2; exit 2; }

cmake -S "$root/tools/ogre_peer" -B "$peer_build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$peer_build" >/dev/null
peer=$peer_build/ogre_peer

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
for r in $(seq 1 "$rounds"); do
  "$imprint" --headless --scene dissolve --size 320x180 --particles "$count" --frames "$frames" \
    --script docs/scripts/bb_bench.txt --bench >"$out/imprint_$r.json" 2>/dev/null
  "$peer" --count "$count" --frames "$frames" >"$out/ogre_sorted_$r.json"
  "$peer" --count "$count" --frames "$frames" --unsorted >"$out/ogre_unsorted_$r.json"
  echo "bb_peer_bench: round $r of $rounds done" >&2
done

python3 - "$out" "$rounds" "$count" "$frames" <<'PY'
import json, statistics, subprocess, sys
out, rounds, count, frames = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def runs(name, get):
    return [get(json.load(open(f"{out}/{name}_{r}.json"))) for r in range(1, rounds + 1)]
imp = runs("imprint", lambda d: d["particles"]["build_ms"]["median"])
drawn = runs("imprint", lambda d: d["particles"]["drawn"])
srt = runs("ogre_sorted", lambda d: d["build_ms"]["median"])
uns = runs("ogre_unsorted", lambda d: d["build_ms"]["median"])
vis = runs("ogre_sorted", lambda d: d["visible"])
cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
                     capture_output=True, text=True).stdout.strip()
m = statistics.median
def row(name, v, what):
    runs_s = " ".join(f"{x:.2f}" for x in v)
    ratio = "—" if v is imp else f"{m(v) / m(imp):.1f} ×"
    print(f"| {name} | {m(v):.2f} | {runs_s} | {ratio} | {what} |")
print(f"{count} billboards, {frames} frames a run, {rounds} rounds in turn; CPU: {cpu}; "
      f"drawn: imprint {min(drawn)}, OGRE {min(vis)}")
print()
print("| side | median ms | each round's median | imprint faster by | what is timed |")
print("|---|---:|---|---:|---|")
row("imprint `particles.build_ms`", imp, "cull, depth sort, pack 32-byte records into the mapped GL buffer")
row("OGRE 1.12 BillboardSet, sorted", srt, "sort back to front, expand 4 vertices each into system memory")
row("OGRE 1.12 BillboardSet, unsorted", uns, "expand 4 vertices each into system memory (no sort)")
PY

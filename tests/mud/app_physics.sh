#!/usr/bin/env bash
# The mud scene's rigid bodies, headless: driving into a tree snaps it (plants_down), driving over
# mud chunks breaks them into more chunks, two runs give the same pixels and counters, the plants
# and chunks layers switch their drawing, view physics shows the shapes, the bench reports
# physics_ms, and bad `plant` / `chunk` lines are refused before the first frame with FILE:LINE.
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { if (op == ">") exit !(a > b); if (op == ">=") exit !(a >= b); if (op == "<") exit !(a < b); exit 1 }' || { echo "$1 $2 $3 is false"; return 1; }; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }
run() { "$IMPRINT" "${lean[@]}" --headless --scene mud --size 160x90 --seed 1 "$@"; }

# the truck 9 m before a tree on the track, a chunk under its left wheels on the way
cat >hit.txt <<'SCRIPT'
0 truck 264 205 0
0 plant tree 264 214
0 chunk 265 209.5 1.0
0 chunk 263 211 0.8
0.05 stats start.json
0.05 drive 1 0 3
3 stats end.json
3 screenshot hit.png
SCRIPT
for r in a b; do
    check run --script hit.txt
    mv end.json "end_$r.json"; mv hit.png "hit_$r.png"
done
check num "$(val end_a.json plants_down)" ">=" 1                               # the tree snapped
check num "$(val end_a.json chunks_broken)" ">=" 1                             # driven over
check num "$(val end_a.json chunks)" ">" "$(val start.json chunks)"            # into more chunks
check num "$(val end_a.json bodies)" ">" 2                                     # truck, tree, pieces
check num "$(val start.json plants_active)" ">=" 1
check num "$(val end_a.json plants_drawn)" ">" 0
# determinism: the same pixels and the same counters
check "$IMGTOOL" same hit_a.png hit_b.png
for k in plants_down chunks chunks_broken bodies; do check test "$(val end_a.json $k)" = "$(val end_b.json $k)"; done

# layers: plants and chunks off draw none of them; view physics shows the shapes (commands of a
# time run before its frame, captures after it)
cat >layers.txt <<'SCRIPT'
0 truck 264 205 0
0 plant tree 264 214
0 chunk 265 209.5 1.0
0 camera 272 12 200 264 9 214
0.1 screenshot on.png
0.15 layer plants off
0.15 layer chunks off
0.2 stats off.json
0.2 screenshot off.png
0.25 layer plants on
0.25 view physics
0.3 screenshot physics.png
SCRIPT
check "$IMPRINT" --headless --scene mud --size 320x180 --seed 1 --script layers.txt
check test "$(val off.json plants_drawn)" = 0
check num "$("$IMGTOOL" diff on.png off.png)" ">" 0.01
# the view's panel sits bottom right (99 px high at 320x180): mostly the shapes' dark background
check num "$("$IMGTOOL" diff off.png physics.png 140 80 160 80)" ">" 0.5

# the bench: physics_ms over the drive, and the step stays well under 2 ms
check run --script hit.txt --bench bench.json
check num "$(tr -d ' \n' <bench.json | grep -o '"physics_ms":{"median":[^,}]*' | cut -d: -f3)" ">" 0

# malformed commands: FILE:LINE before the first frame, exit 2
bad() {
    printf '0 truck 264 205 0\n%s\n' "$1" >bad.txt
    run --script bad.txt 2>err.txt
    local rc=$?
    check test "$rc" = 2
    check grep -q "bad.txt:2: $2" err.txt
}
bad "0 chunk 264 210 2.5" "chunk: size must be in 0.2..2 metres, got 2.5"
bad "0 plant bush 264 210" "unknown plant 'bush' (expected one of: tree, rock)"
bad "0 plant tree 264 900" "plant: X and Z must be in 0..512"
exit $fail

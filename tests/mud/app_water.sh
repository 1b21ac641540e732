#!/usr/bin/env bash
# Water in the mud scene, headless: driving through the river across the track changes the water
# (the dump of the block under the truck differs from the undisturbed river of a run with the
# layer off), two runs give the same dump and pixels, the truck is slower through the water than
# with the layer off, the stats count the active cells and time water.step, view water draws.
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
zpos() { tr -d ' \n' <"$1" | grep -o '"pos":\[[^]]*\]' | head -1 | tr -d '[]' | cut -d, -f3; }
run() { "$IMPRINT" "${lean[@]}" --headless --scene mud --size 160x90 --seed 1 "$@"; }

# the river crosses the track 80 m from the spawn point (assets/levels/default.level): from 18 m
# before it, at full throttle the truck is in the water after about 5 s (at 0.8 it bogs down in
# the churned soft patch before the bank: a metre short of the river's middle at 6.3 s)
script() {
    cat <<SCRIPT
$1
0 truck 264 262 0
0 drive 1 0 7
6.3 dump water w.png
6.3 stats mid.json
6.3 screenshot s.png
7 stats end.json
7 view water
7.05 screenshot view.png
SCRIPT
}
script "" >on.txt
script "0 layer water off" >off.txt
for r in a b; do
    check run --script on.txt
    for f in w s view; do mv "$f.png" "${f}_$r.png"; done
    mv mid.json "mid_$r.json"; mv end.json "end_$r.json"
done
check run --script off.txt
for f in w s view; do mv "$f.png" "${f}_off.png"; done
mv mid.json mid_off.json; mv end.json end_off.json

# the truck was in the river, in an active water block
check num "$(zpos mid_a.json)" ">" 281
check num "$(zpos mid_a.json)" "<" 292
check num "$(val mid_a.json water_cells_active)" ">" 1000
check test "$(val mid_off.json water_cells_active)" = 0                 # off: not simulated
check grep -q '"water.step"' mid_a.json
# its wake: the water of the block under it is not the undisturbed river any more
c=$("$IMGTOOL" changed w_a.png w_off.png 0 0 32 32)
echo "water dump: $c of 1024 cells changed by the drive"
check num "$c" ">" 100
check "$IMGTOOL" notblank w_off.png                                     # the river is there at rest
# determinism: the same water and the same pixels
check "$IMGTOOL" same w_a.png w_b.png
check "$IMGTOOL" same s_a.png s_b.png
check "$IMGTOOL" same view_a.png view_b.png
# the water is drawn (layer on) and slows the truck
d=$("$IMGTOOL" diff s_a.png s_off.png 0 30 160 60)
echo "water drawn: $d of the pixels below the HUD differ from the layer off"
check num "$d" ">" 0.05
echo "truck after 7 s: z $(zpos end_a.json) with water, $(zpos end_off.json) without"
check num "$(zpos end_a.json)" "<" "$(zpos end_off.json)"
check "$IMGTOOL" notblank view_a.png
exit $fail

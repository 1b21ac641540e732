#!/usr/bin/env bash
# The mud frame layer by layer, headless: the level file (errors before the first frame, the size
# override, mud everywhere), a road carries the truck without sinking (the same drive on the track
# sinks), thrown mud leaves decals on the grass, each `layer` toggle changes the picture below the
# HUD, two identical runs give the same pixels.
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { if (op == ">") exit !(a > b); if (op == "<") exit !(a < b); if (op == "<=") exit !(a <= b); exit 1 }' || { echo "$1 $2 $3 is false"; return 1; }; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }
truck_z() { tr -d ' \n' <"$1" | grep -o '"pos":\[[^]]*\]' | cut -d'[' -f2 | cut -d, -f3 | tr -d ']'; }
levels=$TESTDIR/../assets/levels

# --- the level file: a malformed one names FILE:LINE and stops before the first frame ---
printf 'imprint-level 1\nsize 512\n# a road needs pairs\nroad 5 10 10 20\n' >bad.level
printf '0 screenshot never.png\n' >never.txt
"$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --level bad.level --script never.txt 2>err.txt
check test $? -eq 2
check grep -q "bad.level:4: road: points come in pairs" err.txt
check test ! -e never.png
"$IMPRINT" --headless --scene range --size 64x36 --level missing.level --frames 1 2>err.txt
check test $? -eq 2
check grep -q -- "--level: cannot read 'missing.level'" err.txt
# --level-size overrides the file's size: the truck check follows it, and the spawn moves with c
printf '0 truck 300 100 0\n' >far.txt
"$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --level-size 256 --script far.txt 2>err.txt
check test $? -eq 2
check grep -q "the level is 256 m" err.txt
printf '0 stats small.json\n' >small.txt
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --level-size 256 --level "$levels/default.level" --script small.txt
check num "$(truck_z small.json)" "<" 80 # spawn at c-56 = 72

# mud-everywhere.level: the grass beside the track is mud there (the wheels sink)
printf '0 truck 250 215 0\n0 drive 0.6 0 2\n2 stats grass.json\n' >grass.txt
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --seed 1 --script grass.txt && mv grass.json plain.json
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --seed 1 --level "$levels/mud-everywhere.level" --script grass.txt
echo "grass: sink $(val plain.json sink) m, mud everywhere: $(val grass.json sink) m"
check num "$(val grass.json sink)" ">" "$(awk -v a="$(val plain.json sink)" 'BEGIN { print a + 0.05 }')"

# --- a road carries the truck: 3 s at full throttle along the gravel, never more than 2 cm down ---
cat >road.txt <<'SCRIPT'
0 truck 282 190 0
0 drive 1 0 3
1 stats road1.json
2 stats road2.json
3 stats road3.json
SCRIPT
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --seed 1 --script road.txt
for f in road1 road2 road3; do check num "$(val $f.json sink)" "<=" 0.02; done
check num "$(truck_z road3.json)" ">" 205 # it drove, 15 m and more
# the same drive down the muddy track sinks (so the check above can fail)
sed 's/^0 truck 282 190 0/0 truck 264 200 0/; s/road\([0-9]\)/track\1/' road.txt >track.txt
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --seed 1 --script track.txt
check num "$(val track3.json sink)" ">" 0.05

# --- thrown mud leaves decals on the grass: stuck at the track's edge, rear wheels to the east ---
# (that they are seen is the `layer decals off` picture below)
cat >splat.txt <<'SCRIPT'
0 truck 266 245 -90
0 drive 1 0 4
0.1 stats splat0.json
4 stats splat.json
SCRIPT
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --seed 1 --script splat.txt
check test "$(val splat0.json decals)" = 0
echo "decals: $(val splat.json decals) splats on the grass"
check num "$(val splat.json decals)" ">" 20

# --- each layer toggle changes the picture; determinism ---
# The same run with one layer switched off a little before the picture: the simulation is the same
# (layers only change what is drawn), so the frames differ by that layer alone.
layers=$TESTDIR/../docs/scripts/layers.level
run_layers() { # OUT [LAYER [SIZE]]
  {
    echo "0 post dof off"; echo "0 truck 126 128 -90"; echo "0 drive 1 0 30"; echo "0 camera 136 14.5 119 127 12 131"
    [ -n "${2:-}" ] && echo "1.9 layer $2 off"
    echo "2.0 screenshot $1.png"; echo "2.0 stats $1.json"
  } >"$1.txt"
  check "$IMPRINT" "${lean[@]}" --headless --scene mud --size "${3:-320x180}" --seed 1 --level "$layers" --script "$1.txt"
}
run_layers all
check num "$(val all.json decals)" ">" 10
# the same run twice, small: the same pixels (clods, floating pieces and decals are deterministic)
run_layers small_a "" 96x54
run_layers small_b "" 96x54
check "$IMGTOOL" same small_a.png small_b.png
for layer in mud roads decals particles post; do
  run_layers "no_$layer" "$layer"
  c=$("$IMGTOOL" changed all.png "no_$layer.png" 0 90 320 90)
  echo "layer $layer off: $c pixels changed below the HUD"
  check num "$c" ">" 40
  check grep -q "\"$layer\": false" "no_$layer.json"
done

# --- water: a layer like the others (its pictures and simulation: app_water) ---
printf '0 layer water off\n0.05 stats water.json\n' >water.txt
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 64x36 --script water.txt
check grep -q '"water": false' water.json
exit $fail

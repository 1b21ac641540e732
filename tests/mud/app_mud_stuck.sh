#!/usr/bin/env bash
# A stuck truck digs in and throws a spray (docs/img/mud_stuck.jpg's caption): placed in the soft
# patch 80 m down the track at full throttle, after 1.5 s it stands (speed < 0.5 m/s), its wheels
# sunk more than 0.3 m below the ground, and the spinning, dug-in wheels have more than 45 clods in
# the air (a tyre on the surface at the same slip throws a third of that: mud/core/clods.h); its
# spray hits the truck (arches, frame, the next tyre: mud/core/truck_dirt.h's truck_dirt_spray),
# more than 50 particles painted (220 measured; the clods that hit it: truck_clod_hits).
set -u
. "$TESTDIR/support/lean.sh"
fail=0
num() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { if (op == ">") exit !(a > b); if (op == "<") exit !(a < b); exit 1 }' || { echo "$1 $2 $3 is false"; fail=1; }; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }
cat >stuck.txt <<'SCRIPT'
0 truck 264 280 0
0 drive 1 0.2 4
1.5 stats stuck.json
SCRIPT
"$IMPRINT" "${lean[@]}" --headless --scene mud --size 160x90 --seed 1 --script stuck.txt || { echo "FAILED: the run"; exit 1; }
speed=$(val stuck.json speed) sink=$(val stuck.json sink) clods=$(val stuck.json clods_alive)
spray=$(val stuck.json truck_spray_hits) hits=$(val stuck.json truck_clod_hits)
echo "stuck: speed $speed m/s, sink $sink m, clods in the air $clods, spray on the truck $spray, clods on it $hits"
num "$speed" "<" 0.5
num "$sink" ">" 0.3
num "$clods" ">" 45
num "$spray" ">" 50
exit $fail

#!/usr/bin/env bash
# The mud scene, headless: the issue's "Done when". From the spawn point `drive 1 0 5` moves the
# truck well down the track, it sinks into the mud, `dump mud` shows tracks (A) and ruts/berms (R)
# under it; the wheels' primitives are drawn into the GPU's mud, not one mud texel is uploaded.
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { if (op == ">") exit !(a > b); if (op == "<") exit !(a < b); exit 1 }' || { echo "$1 $2 $3 is false"; return 1; }; }
# a value from the stats JSON: the first number after "key"
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }
truck_z() { tr -d ' \n' <"$1" | grep -o '"pos":\[[^]]*\]' | cut -d'[' -f2 | cut -d, -f3 | tr -d ']'; }

cat >drive.txt <<'SCRIPT'
0.0 stats start.json
0.0 drive 1 0 5
3.5 dump mud mid.png
5.0 stats end.json
5.0 dump mud end.png
5.0 screenshot shot.png
SCRIPT
check "$IMPRINT" "${lean[@]}" --headless --size 320x180 --scene mud --seed 1 --script drive.txt
for f in start.json end.json mid.png end.png; do check test -s "$f"; done

z0=$(truck_z start.json); z1=$(truck_z end.json)
check num "$(awk -v a="$z1" -v b="$z0" 'BEGIN { print a - b }')" ">" 30   # well down the track
check num "$(val end.json sink)" ">" 0.1                                     # sunk into the mud
check test "$(val end.json total)" = 0                                      # mud_upload_bytes: drawn, not uploaded
check num "$(val end.json mud_stamp_draws_total)" ">" 300                    # 4 wheels, ~5 s of steps
check num "$(val end.json blocks_active)" ">" 0
check num "$(val end.json blocks_drawn)" ">" 0

# tracks and ruts in the dumps: the 128x128 RGBA PNG, read by tests/support/png.py
scan() {
    python3 - "$1" "${2:-118}" "${3:-132}" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
stride = w * 4
r = [row[i] for row in rows for i in range(0, stride, 4)]
tracks = sum(1 for row in rows for i in range(3, stride, 4) if row[i] > 128)
print(f"{sys.argv[1]}: R {min(r)}..{max(r)}, {tracks} track texels")
# ruts at least 0.1 m deep (R < 118), berms at least 0.04 m high (R > 132), and real tracks
# (shallower on grass: the arguments)
sys.exit(0 if min(r) < int(sys.argv[2]) and max(r) > int(sys.argv[3]) and tracks > 100 else 1)
PY
}
check scan mid.png
check scan end.png
check "$IMGTOOL" notblank shot.png

# stuck in a soft patch the wheels spin and throw clods (worker thread); headless runs hand over
# the clods of the very step, so two runs give the same pixels
for run in a b; do
    printf '0 truck 264 280 0\n0 drive 1 0.2 2\n1.5 screenshot stuck_%s.png\n1.5 stats stuck_%s.json\n' "$run" "$run" >"stuck_$run.txt"
    check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script "stuck_$run.txt"
done
check num "$(val stuck_a.json clods_alive)" ">" 5
check "$IMGTOOL" same stuck_a.png stuck_b.png
# from the track onto the grass: the wheels grow the base's mud mask (sent as base samples, not
# mud texels), the ruts go on in a block that had no mud, and still no mud texel is uploaded
# (with mud.churn 0: the churned ruts slow the truck and move its path, and the thresholds below
# are of the path they were measured on; gl_mud_churn measures the churn)
printf '0 set mud.churn 0\n0 drive 1 0 1.5\n1.5 drive 1 0.6 2.5\n4 stats grass.json\n4 dump mud-base grass_base.png\n4 dump mud grass_mud.png\n' >grass.txt
check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script grass.txt
check test "$(val grass.json total)" = 0
check num "$(tr -d ' \n' <grass.json | grep -o '"mud_base_upload_bytes":{[^}]*}' | grep -o 'total":[0-9]*' | cut -d: -f2)" ">" 1000
pos=$(tr -d ' \n' <grass.json | grep -o '"pos":\[[^]]*\]' | cut -d'[' -f2 | tr -d ']')
printf '0 truck %s 90\n0 dump mud-base parked_base.png\n' "$(echo "$pos" | cut -d, -f1) $(echo "$pos" | cut -d, -f3)" >parked.txt
check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script parked.txt
alpha_sum() {
    python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
total = sum(sum(row[3::4]) for row in rows)
print(total)
PY
}
grown=$(alpha_sum grass_base.png); before=$(alpha_sum parked_base.png)
echo "mud mask of the block under the truck: $before parked, $grown after driving over it"
check num "$grown" ">" "$((before + 500))"
# the ruts go on over the grass (with 16-bit heights the truck's path differs a little: its highest
# berm texel there is R 132, 4 cm, where f868660 had R 134; the ruts as deep, R 120 against 121)
check scan grass_mud.png 124 131
exit $fail

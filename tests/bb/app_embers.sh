#!/usr/bin/env bash
# Embers (issue 31 item 4): `stats` counts them as `embers` (alive). None while the gallery is
# whole, some while it burns (`dissolve 0.45`); none on the range before a hole, some after a
# `blast` on the robot, none with damage.ember_heat 1 (no rim is ever hotter) until a blown-off
# plate burns; some while the robot's respawn burns it out and in; two runs with the same seed give byte-identical pictures (their own RNG streams,
# seeded from --seed).
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { grep -o "\"$2\": [0-9.e+-]*" "$1" | head -1 | awk '{ print $2 }'; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }
eq() { [ "$1" = "$2" ] || { echo "$1 != $2"; return 1; }; }
run() { "$IMPRINT" --headless --size 320x180 --seed 7 "$@" 2>>err.txt || { echo "FAILED: imprint $* exited $?"; cat err.txt; fail=1; }; }

cat >dissolve.txt <<'SCRIPT'
0.00 dissolve 0
0.20 stats whole.json
0.25 dissolve 0.45
0.45 stats burning.json
0.45 screenshot burning_PASS.png
SCRIPT
for pass in a b; do
    sed "s/PASS/$pass/" dissolve.txt >dissolve_$pass.txt
    run --scene dissolve --script dissolve_$pass.txt
done
check eq "$(num whole.json embers)" 0
check gt "$(num burning.json embers)" 0
check cmp -s burning_a.png burning_b.png

cat >range.txt <<'SCRIPT'
0.00 set damage.tracers off
0.20 stats before.json
0.30 blast 0 1.3 0.25 0.12
0.50 stats blasted.json
0.50 screenshot blasted_PASS.png
SCRIPT
for pass in a b; do
    sed "s/PASS/$pass/" range.txt >range_$pass.txt
    run --scene range --script range_$pass.txt
done
check eq "$(num before.json embers)" 0
check gt "$(num blasted.json embers)" 0
check cmp -s blasted_a.png blasted_b.png

# damage.ember_heat 1: no rim emits; then the chest plate blown off burns in flight (from 0.7 s
# after it left) and its edge band throws embers
sed 's/blasted_PASS.png/cold.png/; s/blasted.json/cold.json/' range.txt >cold.txt
printf '0.60 blast 0 1.35 0.25 0.2\n0.65 blast 0.1 1.45 0.25 0.2\n0.70 blast -0.1 1.25 0.25 0.2\n2.30 stats plate.json\n' >>cold.txt
run --scene range --set damage.ember_heat=1 --script cold.txt
check eq "$(num cold.json embers)" 0
check gt "$(num plate.json plates_blown_off)" 0
check gt "$(num plate.json embers)" 0

# the respawn burns the robot out and back in from the head down: its edge band throws embers
# (no hole, no plate off: only the respawn can), and none once it stands whole again
cat >respawn.txt <<'SCRIPT'
0.00 set damage.tracers off
0.25 robot respawn
0.45 stats respawn_out.json
0.90 stats respawn_in.json
4.00 stats respawn_done.json
SCRIPT
run --scene range --script respawn.txt
check gt "$(num respawn_out.json embers)" 0
check gt "$(num respawn_in.json embers)" 0
check eq "$(num respawn_done.json embers)" 0

[ $fail -eq 0 ] && echo "app_embers: ok"
exit $fail

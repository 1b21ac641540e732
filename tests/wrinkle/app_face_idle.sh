#!/usr/bin/env bash
# face.idle: the face lives at rest (blinks, saccades, breath, sway: wrinkle/scene/face_idle.h),
# from the seed. Two runs with the same seed give the same pictures and stats; over 8 s at least one
# blink happens; the picture differs from the run with face.idle off; with it on the face moves
# within 5 s, with it off a held expression is still; the blink never enters the wrinkle top 4.
# Bloom and auto exposure are off so only the face itself can change; the box avoids the HUD.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || { echo "$1 is not > $2"; return 1; }; }
# the face at its lower mesh density (face.detail 0.5: half the CPU time a frame on llvmpipe): the
# checks read the idle motion (blinks, changed pixels, determinism), not the skin's fine relief
run() { "$IMPRINT" --headless --size 320x180 --fixed-dt 0.05 --seed 4 --scene face --set face.detail=0.5 "$@"; }
cat >idle.txt <<'SCRIPT'
0 post bloom off
0 post exposure off
0 expression happy
3.0 screenshot t3.png
5.0 screenshot t5.png
8.0 screenshot t8.png
8.0 stats t8.json
SCRIPT
FACE="110 50 110 130"
for tag in a b; do
    mkdir -p $tag && (cd $tag && check run --script ../idle.txt >run.log 2>&1)
done
mkdir -p off && (cd off && check run --set face.idle=off --script ../idle.txt >run.log 2>&1)
# deterministic: the same seed, the same pictures and blinks
for f in t3.png t5.png t8.png; do check "$IMGTOOL" same a/$f b/$f; done
blinks() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["blinks"])' "$1"; }
check test "$(blinks a/t8.json)" = "$(blinks b/t8.json)"
check test "$(blinks a/t8.json)" -ge 1
check test "$(blinks off/t8.json)" -eq 0
check python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); sys.exit(not d["face_idle"])' a/t8.json
check python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); sys.exit(d["face_idle"])' off/t8.json
# the blink is no wrinkle layer: never among the (at most four) active ones
check python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
names = [l["name"] for l in d["wrinkle_layers"]]
sys.exit(not (0 < len(names) <= 4 and "blink" not in names))' a/t8.json
# alive: it moves between 3 s and 5 s and differs from the still face; off: held still
check gt "$("$IMGTOOL" changed a/t3.png a/t5.png $FACE)" 50
check gt "$("$IMGTOOL" changed a/t8.png off/t8.png $FACE)" 50
check test "$("$IMGTOOL" changed off/t3.png off/t5.png $FACE)" = 0
# bad input: one line that says what is valid, exit 2 before the first frame (file and line)
printf '0 set face.idle 2\n' >bad.txt
run --script bad.txt --screenshot never.png >bad.log 2>&1; rc=$?
check test $rc -eq 2
check grep -q "bad.txt:1: .*face.idle must be one of off|on" bad.log
check test ! -e never.png
exit $fail

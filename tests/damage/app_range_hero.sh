#!/usr/bin/env bash
# The range reads at a glance (its showcase, the README picture, at 640x360):
#   - the showcase played from docs/scripts/showcase_range.txt is the embedded one, byte for byte
#   - hot metal (R >= 180, R - B >= 80) covers >= 0.5 % of the frame, <= 2 % of pixels clip (all >= 250)
#   - with `set particles.draw off` the robot's box changes in <= 10 % of its pixels
#   - the fading map's panel has at least the luma contrast (RMS) of its raw dump shown flat
#   - eight shotgun shells into the chest from 3 m blow a plate off
#   - pellets that only heat (from 9.5 m) leave the armor darker than intact, in the same light
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }' || { echo "$1 <= $2 is false${3:+ ($3)}"; return 1; }; }
arr() { python3 -c "import json,sys; print(' '.join(str(int(round(v))) for v in json.load(open('$1'))['$2']))"; }
num() { python3 -c "import json; print(json.load(open('$1'))['$2'])"; }
run() { "$IMPRINT" --headless "$@" >run.log 2>&1 || { cat run.log; echo "FAILED: imprint $*"; fail=1; }; }
show="$TESTDIR/../docs/scripts/showcase_range.txt"
W=640 H=360

# the showcase from its file (with the frame's stats and the map dumps beside it); the embedded
# one is the same, byte for byte (compared small: the same frames, a sixteenth of the pixels)
t=$(awk '$2 == "quit" { print $1 }' "$show")
awk -v t="$t" '$2 == "quit" { print t " stats hero.json"; print t " dump damage-fading fading.png" } { print }' "$show" >hero.txt
run --scene range --size ${W}x${H} --seed 2 --script hero.txt --screenshot hero.png
# the embedded showcase is the file's: the same bytes, compared small on the lean frame (tests/support/lean.sh)
. "$TESTDIR/support/lean.sh"
run --scene range --size 64x36 --seed 2 "${lean_render[@]}" --screenshot embedded.png
run --scene range --size 64x36 --seed 2 "${lean_render[@]}" --script "$show" --screenshot from_file.png
check "$IMGTOOL" same embedded.png from_file.png
glow=$("$IMGTOOL" glow hero.png 0 0 0 0)
clipped=$("$IMGTOOL" clipped hero.png 0 0 0 0)
echo "showcase: hot pixels $glow, clipped $clipped of $((W * H)); plates $(num hero.json plates_attached)"
check le $((W * H / 200)) "$glow" "hot metal >= 0.5 %"
check le "$clipped" $((W * H / 50)) "clipped <= 2 %"
check le "$(num hero.json plates_attached)" 12 "a plate is off in the showcase"

# particles off: what they cover of the robot
(echo "0 set particles.draw off"; cat "$show") >off.txt
run --scene range --size ${W}x${H} --seed 2 --script off.txt --screenshot off.png
read -r x0 y0 x1 y1 <<<"$(arr hero.json robot_screen)"
covered=$("$IMGTOOL" diff hero.png off.png "$x0" "$y0" $((x1 - x0)) $((y1 - y0)))
echo "particles change $covered of the robot's box ($x0 $y0 $x1 $y1)"
check le "$covered" 0.10 "particles cover <= 10 % of the robot"
check "$IMGTOOL" notblank off.png

# the fading map's panel against its raw dump shown flat
read -r x0 y0 x1 y1 <<<"$(arr hero.json panel_right_screen)"
panel=$("$IMGTOOL" sd hero.png "$x0" "$y0" $((x1 - x0)) $((y1 - y0)))
flat=$("$IMGTOOL" sd fading.png 0 0 1024 1024)
echo "panel contrast $panel, raw dump $flat"
check le "$flat" "$panel" "panel contrast >= the raw map's"

# eight shells into the chest from 3 m
{ echo "0 camera 0 1.38 3 0 1.38 0"; echo "0 weapon shotgun"
  for i in 0 1 2 3 4 5 6 7; do echo "$(awk -v i=$i 'BEGIN { print 0.1 + 0.6 * i }') fire"; done
  echo "4.6 stats shells.json"; echo "4.7 quit"; } >shells.txt
# the stats, not the picture: 64x36 on the lean frame (the same plates and chest load as at 320x180, 40 % of the CPU)
run --scene range --size 64x36 --seed 1 "${lean_render[@]}" --script shells.txt
echo "eight shells: plates attached $(num shells.json plates_attached), chest load $(python3 -c "import json; print(json.load(open('shells.json'))['plate_load']['chest'])")"
check le "$(num shells.json plates_attached)" 12 "eight shells blow a plate off"

# scorch: far pellets only heat the chest; the same close-up with and without them, fixed exposure
for k in clean scorch; do
  { echo "0 post exposure off"; echo "0 weapon shotgun"; echo "0.2 camera 0.05 1.35 9.5 0.05 1.35 0"
    [ $k = scorch ] && echo "0.25 fire"
    echo "0.3 camera 0 1.4 1.7 0 1.35 0"; echo "4.0 screenshot $k.png"; echo "4.1 quit"; } >$k.txt
  run --scene range --size 320x180 --seed 1 --script $k.txt
done
read -r lclean lscorch n <<<"$("$IMGTOOL" darker clean.png scorch.png 100 40 120 120)"
echo "scorched pixels: $n, luma intact $lclean, scorched $lscorch"
check le 50 "$n" "the pellets left a mark"
check le "$lscorch" "$lclean" "scorch darker than intact armor"
[ $fail -eq 0 ] && echo "app_range_hero: ok"
exit $fail

#!/usr/bin/env bash
# The living robot headless: it walks only on command; while it walks, a shot at the crosshair
# makes a hole on the limb under it, and over the next second the hole's hot rim is drawn where
# the engine says the limb carried it (moving across the screen), no longer where it was hit;
# a near miss and far shotgun pellets leave scorch (A) without holes (R); the robot is culled with
# the box of its drawn pose; same seed, same pixels.
# and a marksman hole on the walking robot from 6 m is at least 8 px across at 640x360.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { grep -o "\"$2\": [0-9.e+-]*" "$1" | head -1 | awk '{ print $2 }'; }
# "screen": [x, y] of the last hole, rounded
screen() { tr -d '\n ' <"$1" | grep -o '"screen":\[[^]]*\]' | tr -d '"screen:[]' | awk -F, '{ printf "%d %d\n", $1 + 0.5, $2 + 0.5 }'; }
str() { grep -o "\"$2\": \"[a-z]*\"" "$1" | head -1 | awk -F'"' '{ print $4 }'; }

cat >walk.txt <<'SCRIPT'
0 post exposure off
0 camera 0.5 1.3 3 0.5 1.3 0
0 weapon marksman
0.45 stats idle.json
0.5 robot anim walk
2.25 fire
2.45 screenshot h0.png
2.45 stats h0.json
2.8 screenshot h1.png
2.8 stats h1.json
3.2 screenshot h2.png
3.2 stats h2.json
SCRIPT
check "$IMPRINT" --headless --size 320x180 --scene range --fixed-dt 0.05 --seed 3 --script walk.txt

# idle at the origin until told to walk
check test "$(str idle.json robot_anim)" = idle
check test "$(num idle.json robot_bones)" -ge 15
check test "$(str h2.json robot_anim)" = walk
check test "$(num h0.json hits_armor)" = 1

read x0 y0 < <(screen h0.json)
read x1 y1 < <(screen h1.json)
read x2 y2 < <(screen h2.json)
echo "hole on screen: ($x0, $y0) -> ($x1, $y1) -> ($x2, $y2)"
# hit under the crosshair, then carried along the walk
check awk -v x="$x0" -v y="$y0" 'BEGIN { exit !(x > 150 && x < 170 && y > 80 && y < 100) }'
check awk -v a="$x0" -v b="$x1" -v c="$x2" 'BEGIN { exit !(b > a + 8 && c > b + 8) }'
# the hot rim is drawn where the engine puts the hole, and gone from where it was made
hot() { "$IMGTOOL" hot "$1" $(($2 - 6)) $(($3 - 6)) 12 12; }
check test "$(hot h0.png "$x0" "$y0")" -ge 3
check test "$(hot h1.png "$x1" "$y1")" -ge 3
check test "$(hot h2.png "$x2" "$y2")" -ge 1
check test "$(hot h2.png "$x0" "$y0")" = 0

# scorch: a near miss 1.4 r off the chest, and shotgun pellets from 9 m: A, but no R
cat >scorch.txt <<'SCRIPT'
0 camera 0 1.4 4 0 1.4 0
0.1 blast 0.02 1.4 0.27 0.06
0.2 dump damage near.png
0.2 stats near.json
0.3 camera 0.05 1.35 9.5 0.05 1.35 0
0.3 weapon shotgun
0.35 fire
0.5 dump damage far.png
0.5 stats far.json
SCRIPT
check "$IMPRINT" --headless --size 320x180 --scene range --fixed-dt 0.05 --seed 3 --script scorch.txt
read r g b a < <("$IMGTOOL" region near.png 0 0 1024 1024)
echo "near miss: mean R G B A $r $g $b $a"
check awk -v r="$r" -v g="$g" -v b="$b" -v a="$a" 'BEGIN { exit !(r == 0 && g == 0 && b == 0 && a > 0) }'
read r2 g2 b2 a2 < <("$IMGTOOL" region far.png 0 0 1024 1024)
echo "far pellets: mean R G B A $r2 $g2 $b2 $a2, armor hits $(num far.json hits_armor)"
check awk -v r="$r2" -v a="$a2" -v a1="$a" 'BEGIN { exit !(r == 0 && a > a1) }'
check test "$(num far.json hits_armor)" -ge 5
check test "$(num far.json scorches)" -ge 5

# culled with the box of the drawn pose: drawn while in view, not when the camera looks away
cat >cull.txt <<'SCRIPT'
0 robot anim walk
1 stats seen.json
1.05 camera 0 1.4 4 0 1.4 9
1.15 stats away.json
SCRIPT
check "$IMPRINT" --headless --size 160x90 --scene range --fixed-dt 0.05 --seed 3 --script cull.txt
check grep -q '"robot_drawn": true' seen.json
check grep -q '"robot_drawn": false' away.json

# same seed and script while walking and shooting: the same pixels
sed 's/h\([0-9]\)\.png/again\1.png/; /stats/d' walk.txt >again.txt
check "$IMPRINT" --headless --size 320x180 --scene range --fixed-dt 0.05 --seed 3 --script again.txt
check "$IMGTOOL" same h2.png again2.png

# a marksman hit on the walking robot from 6 m opens a hole at least 8 px across at 640x360 (its
# opened texels as a disc, stood upright at the hole and projected; a thigh and the chest)
for aim in "0.14 0.85" "0 1.35"; do
  set -- $aim
  printf '0 camera %s %s 6 %s %s 0\n0 weapon marksman\n0 robot anim walk\n1.0 fire\n1.02 stats w6.json\n1.05 quit\n' "$1" "$2" "$1" "$2" >w6.txt
  check "$IMPRINT" --headless --size 640x360 --scene range --seed 3 --script w6.txt
  px=$(python3 -c "import json; h = json.load(open('w6.json')).get('last_hole', {}); print(h.get('across_px', 0))")
  echo "walking robot, marksman from 6 m at x=$1: a hole $px px across"
  check awk -v p="$px" 'BEGIN { exit !(p >= 8) }'
done
exit $fail

#!/usr/bin/env bash
# Every scene's showcase (the headless run with none of --frames/--script/--bench, playing
# docs/scripts/showcase_<scene>.txt as embedded) holds its exposure: at most 2 % of the pixels
# clip (every channel >= 250) at 640x360. The range's is checked by app_range_hero (the same run,
# with more checks), the face's by app_face_look (the same bytes: with face.idle off the seed
# does not reach the face, and that test draws it at 640x360 for its own checks). The mud's on its
# lean grid (tests/support/lean.sh): the exposure is the point here, and the relief's fine shape
# has its own tests at a third of the CPU rasterizer's time.
# ctest: slow
set -u
fail=0
W=640 H=360
. "$TESTDIR/support/lean.sh"
for s in mud dissolve; do
  opts=(); [ "$s" = mud ] && opts=("${lean[@]}")
  "$IMPRINT" --headless --scene "$s" --size ${W}x${H} --seed 2 --set face.idle=off "${opts[@]}" --screenshot "show_$s.png" >"$s.log" 2>&1 ||
    { cat "$s.log"; echo "FAILED: the $s showcase"; fail=1; continue; }
  clipped=$("$IMGTOOL" clipped "show_$s.png" 0 0 0 0)
  echo "$s showcase: $clipped of $((W * H)) pixels clipped"
  [ "$clipped" -le $((W * H / 50)) ] || { echo "FAILED: $s clips more than 2 %"; fail=1; }
done
exit $fail

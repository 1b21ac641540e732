#!/usr/bin/env bash
# The face's look (skin with scattering, brows and lashes, wet eyes, the skin-scale shadow): the
# showcase picture differs from the look before (tests/data/
# face_showcase_before.png, the same command on the build before) over the face and not beside
# it, has brows where the old head was bare, and a frontal close-up has no hard dark wedge under
# the nose (the old look: 234 hard luma steps and 76 near-black pixels in that box).
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || { echo "$1 is not > $2"; return 1; }; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }' || { echo "$1 is not < $2"; return 1; }; }
before="$TESTDIR/data/face_showcase_before.png"

# (the face scene's determinism, idle motion included, is app_face_idle's)
check "$IMPRINT" --headless --set face.idle=off --scene face --size 640x360 --screenshot show1.png
FACE="240 40 170 240"
check gt "$("$IMGTOOL" diff show1.png "$before" $FACE)" 0.2
# beside the head (sky and floor right of it): the same pixels as before
check lt "$("$IMGTOOL" diff show1.png "$before" 450 0 190 150)" 0.01
# the brows: dark strands over the eyes, none on the old head
BROWS="245 105 110 25"
check test "$("$IMGTOOL" dark "$before" $BROWS)" -lt 10
check gt "$("$IMGTOOL" dark show1.png $BROWS)" 100

# frontal close-up, bloom and auto exposure off: under the nose the cast shadow is soft and lit
# by the light bounced from below
cat >wedge.txt <<'SCRIPT'
0.0 camera 0 1.40 0.30 0 1.39 0
0.0 post bloom off
0.0 post exposure off
0.0 expression angry
1.2 screenshot wedge.png
SCRIPT
check "$IMPRINT" --headless --size 640x360 --fixed-dt 0.025 --set face.idle=off --scene face --script wedge.txt
NOSE="270 175 100 35"
check lt "$("$IMGTOOL" steps wedge.png $NOSE)" 150
check lt "$("$IMGTOOL" dark wedge.png $NOSE)" 20
exit $fail

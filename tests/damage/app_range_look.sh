#!/usr/bin/env bash
# The range's look against the pictures from before the art pass (tests/data/range_*_before.png:
# the same command lines on the build before it). Measured on the pictures, per region:
#   floor     slabs, stains and lane markings where the plain grid was: more fine detail
#   backdrop  a block wall where the sky's smooth gradient was
#   panels    the atlas layout where the damage maps showed black
#   robot     the chest close up: seams, bolts and vents on the plate where it was a smooth shade
# (edges = mean luma step between neighbouring pixels), and each picture is the same from run to run.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || { echo "$1 > $2 is false${3:+ ($3)}"; return 1; }; }
run() { "$IMPRINT" --headless --size 320x180 "$@" >run.log 2>&1 || { cat run.log; echo "FAILED: imprint $*"; fail=1; }; }
luma() { "$IMGTOOL" region "$@" | awk '{ print 0.2126 * $1 + 0.7152 * $2 + 0.0722 * $3 }'; }
# more than 1.4 times the fine detail of the same region before
detail() { check gt "$("$IMGTOOL" edges "$2" $4 $5 $6 $7)" "$(awk -v e="$("$IMGTOOL" edges "$1" $4 $5 $6 $7)" 'BEGIN { print 1.4 * e }')" "$3"; }

# 1. the showcase (the default headless run), twice
before="$TESTDIR/data/range_showcase_before.png"
run --scene range --screenshot show_a.png
run --scene range --screenshot show_b.png
check "$IMGTOOL" same show_a.png show_b.png
detail "$before" show_a.png "floor: concrete and markings" 5 135 100 40
detail "$before" show_a.png "backdrop: a wall" 250 48 60 22
detail "$before" show_a.png "right panel: the atlas layout" 202 52 30 30
check gt "$(luma show_a.png 202 52 30 30)" "$(awk -v l="$(luma "$before" 202 52 30 30)" 'BEGIN { print l + 10 }')" "the panel is no longer black"
for r in "5 135 100 40" "250 48 60 22" "202 52 30 30"; do
  check gt "$("$IMGTOOL" diff "$before" show_a.png $r)" 0.5 "region $r changed"
done

# 2. the chest close up, fixed exposure, twice
before="$TESTDIR/data/range_chest_before.png"
printf '0 post exposure off\n0 camera 0.5 1.45 1.3 0 1.3 0\n0.1 screenshot chest_%s.png\n' a >chest_a.txt
printf '0 post exposure off\n0 camera 0.5 1.45 1.3 0 1.3 0\n0.1 screenshot chest_%s.png\n' b >chest_b.txt
run --scene range --script chest_a.txt
run --scene range --script chest_b.txt
check "$IMGTOOL" same chest_a.png chest_b.png
detail "$before" chest_a.png "chest plate: panel detail" 125 55 60 50
exit $fail

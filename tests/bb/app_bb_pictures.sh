#!/usr/bin/env bash
# The effects pictures read as what they are (issue 31): a million GPU sparks at 640x360, seen as
# in docs/scripts/bb_gpu.txt, clip at most 2 % of the pixels (all three channels >= 250) and show
# at least 200 separate bright blobs (sparks one can tell apart, tests/bb/bb_picture.py); the
# 100 000-billboard fountain clips at most 2 %; the same seed gives the same bytes; the GPU
# particles report impacts, their knobs are listed, a bad restitution exits 2.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
measure() { python3 "$TESTDIR/bb/bb_picture.py" "$1"; }
below() { python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) <= float(sys.argv[2]) else 1)" "$1" "$2"; }

# the camera of docs/scripts/bb_gpu.txt, the picture at 0.5 s
printf '0 camera 0 3.5 11 0 3.5 -1.5\n0.5 screenshot gpu.png\n0.55 quit\n' >gpu.txt
check "$IMPRINT" --headless --scene dissolve --size 640x360 --seed 3 --particles-gpu 1000000 --script gpu.txt
m=$(measure gpu.png)
echo "bb_gpu: $m"
clipped=$(echo "$m" | sed 's/.*clipped=\([0-9.]*\).*/\1/')
blobs=$(echo "$m" | sed 's/.*blobs=\([0-9]*\).*/\1/')
check below "$clipped" 0.02
check test "$blobs" -ge 200

# the fountain of docs/scripts/bb_fountain.txt
printf '0 camera 0 3.5 11 0 3.5 -1.5\n0.25 screenshot fountain.png\n0.3 quit\n' >fountain.txt
check "$IMPRINT" --headless --scene dissolve --size 640x360 --seed 3 --particles 100000 --script fountain.txt
m=$(measure fountain.png)
echo "bb_fountain: $m"
check below "$(echo "$m" | sed 's/.*clipped=\([0-9.]*\).*/\1/')" 0.02
cp fountain.png fountain_a.png
check "$IMPRINT" --headless --scene dissolve --size 640x360 --seed 3 --particles 100000 --script fountain.txt
check "$IMGTOOL" same fountain_a.png fountain.png

# the GPU particles collide (the floor and the gallery's depth): impacts in stats, knobs in params
printf '0.3 stats s.json\n0.3 params p.json\n' >st.txt
check "$IMPRINT" --headless --size 160x90 --scene dissolve --seed 3 --particles-gpu 100000 --frames 20 --script st.txt
check python3 -c "import json; d=json.load(open('s.json')); assert d['particles_gpu_collisions'] > 0"
for k in restitution friction impact_life near_fade; do check grep -q "\"particles.$k\"" p.json; done
# bad input: one line that says what is valid, exit 2 before the first frame
printf '0 set particles.restitution -1\n' >bad.txt
"$IMPRINT" --headless --size 16x16 --frames 2 --script bad.txt 2>err.txt
check test $? -eq 2
check grep -q "particles.restitution must be a number in 0..1, got '-1'" err.txt

exit $fail

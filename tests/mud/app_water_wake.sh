#!/usr/bin/env bash
# The truck's wake reads in the river (docs/img/mud_water.jpg's caption): the picture's run at
# 320x180, the truck 6.5 s into its drive at full throttle (at 0.8 it bogs down in the churned soft
# patch before the bank) through the river seen from the bank behind it; the water to the right of
# the truck, where the bow wave's arm spreads, holds white water (pixels every channel > 130, grey
# within 45): foam on the crests the truck pushes out (shaders/mud_water.frag). Measured: 218 such
# pixels (141 from 3 mm); 12 with the shaders before the crests' foam, which took only the flow's
# speed and the shore. The arms further back, below the truck towards the bank (x 0.40..0.62, y
# 0.62..0.75 of the picture), stay white too: more than 35 pixels (65 measured; 10 when the foam
# began at 3 mm over the neighbours' mean, not 1.2 mm).
# ctest: slow
set -u
. "$TESTDIR/support/lean.sh"
cat >wake.txt <<'SCRIPT'
0 post dof off
0 truck 264 262 0
0 drive 1 0 7
6.5 camera 254 11 274 264 5.8 289
6.55 screenshot wake.png
SCRIPT
"$IMPRINT" "${lean[@]}" --headless --hud off --scene mud --size 320x180 --seed 1 --script wake.txt || { echo "FAILED: the run"; exit 1; }
cat >foam.py <<'PY'
import sys
import os
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
def white(x0, x1, y0, y1):
    n = 0
    for y in range(int(y0 * h), int(y1 * h)):
        for x in range(int(x0 * w), int(x1 * w)):
            px = rows[y][x * ch:x * ch + 3]
            n += min(px) > 130 and max(px) - min(px) < 45
    return n
n, back = white(0.45, 0.62, 0.42, 0.65), white(0.40, 0.62, 0.62, 0.75)
print(f"white water right of the truck: {n} pixels (want > 60); along the arms behind it: {back} (want > 35)")
sys.exit(0 if n > 60 and back > 35 else 1)
PY
python3 foam.py wake.png

#!/usr/bin/env bash
# Water standing in the ruts (issue 29, item 5): the track of the default level runs through wet
# ground (lower than the river's surface) in the 8 m before the river. After driving through it at
# x = 264, the water dump of the block under the truck (z 272..288, cells of 0.5 m; the river starts
# at its row 16) holds water in >= 20 cells of rows 0..15, where no water area is: the ruts; and
# none more than 2.5 m to either side of the track, where the ground is as low but untouched.
# One small render (160x90).
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
printf '0 truck 264 262 0\n0 drive 0.8 0 7\n5.5 dump water w.png\n' >drive.txt
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 160x90 --seed 1 --script drive.txt
check python3 - <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load("w.png")
assert (w, h, ch) == (32, 32, 1), (w, h, ch)
ruts = sum(1 for j in range(16) for i in range(w) if rows[j][i] > 0)
off = sum(1 for j in range(16) for i in range(w) if rows[j][i] > 0 and abs((i + 0.5) * 0.5 - 8.0) > 2.5)
deepest = max(rows[j][i] for j in range(16) for i in range(w))
print(f"after the drive: water in {ruts} cells outside the river (deepest {deepest} cm), {off} of them off the track")
sys.exit(0 if ruts >= 20 and off == 0 else 1)
PY
exit $fail

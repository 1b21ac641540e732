#!/usr/bin/env bash
# Every body leaves its mark (issue 50 item 4), headless at 160x90 and 30 steps a second: a 1.2 m
# chunk dropped with `chunk` beside the parked truck lowers the mud under it by at least 2 cm
# against the same run without the chunk (`dump mud-height` of the block under the truck), the mud
# it pressed away lies in its berm (the block's volume unchanged), and its marks stop once it rests
# (`mud_marks_total` the same at 2 s and 3 s); a tree the truck drives into and fells leaves a
# trough along its trunk (at least 6 m of the 8 m trunk at least 5 cm down between the truck's
# ruts, in the two blocks it lies over), which the same drive without the tree does not.
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }
# 30 steps a second (each step a frame): half the frames of the default 60
run() { "$IMPRINT" "${lean[@]}" --headless --scene mud --size 160x90 --seed 1 --step-hz 30 "$@"; }

# the chunk 2.6 m east of the parked truck's middle, in the block under the truck (x 256..272,
# z 192..208); with and without it
for v in chunk none; do
    {
        echo "0 truck 264 205 0"
        [ $v = chunk ] && echo "0 chunk 266.6 205 1.2"
        echo "2 stats mid_$v.json"
        echo "3 stats end_$v.json"
        echo "3 dump mud-height park_$v.png"
    } >"park_$v.txt"
    check run --script "park_$v.txt"
done
check test "$(val end_chunk.json chunks)" = 1
check test "$(val end_none.json mud_marks_total)" = 0
check test "$(val mid_chunk.json mud_marks_total)" -gt 0
check test "$(val mid_chunk.json mud_marks_total)" = "$(val end_chunk.json mud_marks_total)" # at rest: no more
check python3 - <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
S = 16 / 127
_, _, _, a = load("park_chunk.png")
_, _, _, b = load("park_none.png")
d = [[(a[j][i] - b[j][i]) * 1e-4 for i in range(128)] for j in range(128)]  # metres (0.1 mm a unit)
under = [d[j][i] for j in range(128) for i in range(128) if abs(256 + i * S - 266.6) < 0.4 and abs(192 + j * S - 205) < 0.4]
removed = -sum(v for row in d for v in row if v < 0)
net = sum(v for row in d for v in row)
print(f"chunk: under it {sum(under) / len(under) * 100:.1f} cm (deepest {min(under) * 100:.1f} cm) against the run without it, "
      f"{len(under)} texels; the block: {removed * S * S:.3f} m3 pressed away, net {net * S * S:.6f} m3")
sys.exit(0 if max(under) <= -0.02 and abs(net) <= 0.01 * removed else 1)
PY

# the truck drives into a tree 9 m ahead (it snaps at about 2 s), backs off; then it is placed on
# the grass beside the track (x 271) in each of the blocks the trunk lies over and dumps them
for v in tree none; do
    {
        echo "0 truck 264 205 0"
        [ $v = tree ] && echo "0 plant tree 264 214"
        echo "0.05 drive 1 0 2.0"
        echo "2.05 drive -1 0 0.6"
        echo "2.65 drive 0 0 2"
        echo "4 truck 271 216 0"
        echo "4 dump mud-height fell_${v}_a.png"
        echo "4.05 truck 271 232 0"
        echo "4.05 dump mud-height fell_${v}_b.png"
        echo "4.1 stats fell_$v.json"
    } >"fell_$v.txt"
    check run --script "fell_$v.txt"
done
check test "$(val fell_tree.json plants_down)" = 1
check python3 - <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
S = 16 / 127
def trough(v):
    """metres of rows (along z) whose lowest texel between the truck's ruts is 5 cm down, and the mean of those lows"""
    lows = []
    for part, z0 in (("a", 208), ("b", 224)):
        _, _, _, h = load(f"fell_{v}_{part}.png")
        for j in range(128):
            if part == "b" and j == 0:
                continue  # row 0 of the block above is row 127 of the one below
            low = min(h[j][i] for i in range(128) if abs(256 + i * S - 264) <= 0.5) - 32768
            if low <= -500:
                lows.append(low * 1e-4)
    return len(lows) * S, (sum(lows) / len(lows) if lows else 0.0)
t, tdepth = trough("tree")
n, _ = trough("none")
print(f"felled tree: a trough {t:.2f} m long, {tdepth * 100:.1f} cm deep on average; the same drive without the tree: {n:.2f} m")
sys.exit(0 if t >= 6.0 and n == 0 else 1)
PY
exit $fail

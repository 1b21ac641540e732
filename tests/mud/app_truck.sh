#!/usr/bin/env bash
# The truck of the mud scene, headless: the showcase picture shows the detailed truck (it differs
# from the same showcase with `truck.detail off`, the parts as boxes, in the truck's region, and
# that region has more colours and edges); `truck_dirt` grows while driving through the mud, stays
# in 0..1, and two identical drives give the same stats, `dump mud` and picture bytes; the tyres' tread
# prints in the ruts in the picture (the shading along a rut seen from above has the tread's
# period) and not in the heights (`dump mud-height` along the rut has no line at that period).
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }

# --- the showcase: detailed truck against the box truck (twice the same: the dirt runs below) ---
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 320x180 --screenshot show_a.png
check "$IMPRINT" "${lean[@]}" --headless --scene mud --size 320x180 --set truck.detail=off --screenshot show_box.png

# the measures in python3, PNGs read by tests/support/png.py

cat >truck_region.py <<'PY'
# The truck's region = the bounding box of the pixels that differ between the detailed and the box
# truck (below the HUD); inside it, the share of pixels on an edge (Sobel of luma > 24) and the
# distinct colours of each.
import sys
import os
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, a = load(sys.argv[1])
_, _, _, b = load(sys.argv[2])
luma = lambda rows, x, y: 0.2126 * rows[y][x * ch] + 0.7152 * rows[y][x * ch + 1] + 0.0722 * rows[y][x * ch + 2]
top = h // 3 # the HUD's lines are above
xs, ys = [], []
for y in range(top, h):
    for x in range(w):
        if any(abs(a[y][x * ch + k] - b[y][x * ch + k]) > 8 for k in range(3)): xs.append(x); ys.append(y)
if len(xs) < 50: print(f"only {len(xs)} pixels differ"); sys.exit(1)
# a few far pixels differ too (a clod, the shadow on the grass): the 2nd to 98th percentiles
xs.sort(); ys.sort()
q = lambda v, f: v[int(f * (len(v) - 1))]
x0, x1, y0, y1 = max(q(xs, 0.02), 1), min(q(xs, 0.98), w - 2), max(q(ys, 0.02), 1), min(q(ys, 0.98), h - 2)
def edges(rows):
    n = 0
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            gx = luma(rows, x + 1, y - 1) + 2 * luma(rows, x + 1, y) + luma(rows, x + 1, y + 1) - luma(rows, x - 1, y - 1) - 2 * luma(rows, x - 1, y) - luma(rows, x - 1, y + 1)
            gy = luma(rows, x - 1, y + 1) + 2 * luma(rows, x, y + 1) + luma(rows, x + 1, y + 1) - luma(rows, x - 1, y - 1) - 2 * luma(rows, x, y - 1) - luma(rows, x + 1, y - 1)
            n += (gx * gx + gy * gy) ** 0.5 > 24
    return n / ((x1 - x0 + 1) * (y1 - y0 + 1))
def colours(rows):  # distinct colours at 16 levels a channel: parts, lights, mud, shading
    return len({tuple(v // 16 for v in rows[y][x * ch:x * ch + 3]) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)})
ea, eb, ca, cb = edges(a), edges(b), colours(a), colours(b)
print(f"truck region {x0},{y0}..{x1},{y1}: {len(xs)} pixels differ; edge share detailed {ea:.3f}, boxes {eb:.3f}; colours {ca}, {cb}")
sys.exit(0 if len(xs) > 0.25 * (x1 - x0 + 1) * (y1 - y0 + 1) and ca > 1.3 * cb and ea > 1.1 * eb else 1)
PY
check python3 truck_region.py show_a.png show_box.png

# --- dirt: grows while driving down the track; two runs give the same stats, mud and picture ---
# (measured 0, 0.063, 0.160, 0.206 with the churned ruts: the truck slower in the churned soft mud,
# its last 1.5 s add 0.046)
cat >dirt.txt <<'SCRIPT'
0.0 stats d0.json
0.0 drive 1 0 5
1.0 stats d1.json
2.5 stats d2.json
4.0 stats d3.json
4.8 dump mud rut.png
4.8 screenshot dirt.png
SCRIPT
check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script dirt.txt
for f in d0 d1 d2 d3; do cp "$f.json" "first_$f.json"; done
cp rut.png first_rut.png; cp dirt.png first_dirt.png
check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script dirt.txt
d0=$(val first_d0.json truck_dirt); d1=$(val first_d1.json truck_dirt); d2=$(val first_d2.json truck_dirt); d3=$(val first_d3.json truck_dirt)
echo "truck_dirt at 0, 1, 2.5, 4 s: $d0 $d1 $d2 $d3"
check awk -v a="$d0" -v b="$d1" -v c="$d2" -v d="$d3" 'BEGIN { exit !(a < 0.001 && b > 0.02 && c > b + 0.05 && d > c + 0.03 && d <= 1) }'
for f in d1 d2 d3; do check test "$(val "first_$f.json" truck_dirt)" = "$(val "$f.json" truck_dirt)"; done
check "$IMGTOOL" same first_rut.png rut.png
check "$IMGTOOL" same first_dirt.png dirt.png

# --- the tread in a rut: 4.8 s down the track from the spawn (264, 200) along +z, the truck near
# z 240; the wheels roll along x = 263 and 265. The camera 3.3 m above the rut at x 263, z 212,
# with mud.churn 0: the churned rut's depth varies by ~30 % over a metre or two (gl_mud_churn),
# which lifts the broadband spectrum of the heights and the shading the lugs are measured against;
# looking down (the rut runs up the picture's middle column, ~3.6 m from the eye: 2 x 3.6 x
# tan 30 deg = 4.2 m over the picture's height). A lug spacing is 2 pi 0.55 / 6 = 0.576 m; the
# tyres spin in the soft track, so the print's period is shorter (0.8 x in the close-up). The
# print as stamped: an 80 degree repose leaves the walls standing (slumped at the default 35 the
# print's peak is 1.6 x the median of the scan, the walls' new shading adding to the rest).
cat >top.txt <<'SCRIPT'
0.0 set mud.churn 0
0.0 set mud.repose_deg 80
0.0 drive 1 0 5
4.8 camera 263.0 13.6 211.0 263.0 10.3 212.2
4.8 screenshot top.png
4.8 dump mud-height rut_h.png
SCRIPT
check "$IMPRINT" --headless --size 320x180 --scene mud --seed 1 --script top.txt
# the picture: luma along the rut (the middle columns, below the HUD), detrended; its strongest
# sinusoid (periods 3 px to a fifth of the height, scanned finely) at 0.55 to 1.05 x the spacing,
# at least 3 luma levels and 1.8 x the median of the scan (drawn without the print: 1.9 levels,
# 1.3 x; with it 4.3, 2.3 x)
cat >tread_pic.py <<'PY'
import sys, math, os
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
luma = lambda x, y: 0.2126 * rows[y][x * ch] + 0.7152 * rows[y][x * ch + 1] + 0.0722 * rows[y][x * ch + 2]
segs = []
for x in range(w // 2 - w // 80, w // 2 + w // 80 + 1):
    prof = [luma(x, y) for y in range(h * 2 // 5, h)]
    n = len(prof); mi = (n - 1) / 2; my = sum(prof) / n
    slope = sum((i - mi) * (v - my) for i, v in enumerate(prof)) / sum((i - mi) ** 2 for i in range(n))
    segs.append([v - my - slope * (i - mi) for i, v in enumerate(prof)])
spec, p = [], 3.0
while p <= h / 5:
    amp = 0
    for s in segs:
        re = sum(s[i] * math.cos(2 * math.pi * i / p) for i in range(len(s)))
        im = sum(s[i] * math.sin(2 * math.pi * i / p) for i in range(len(s)))
        amp += 2 * math.hypot(re, im) / len(s) / len(segs)
    spec.append((amp, p)); p += 0.05
top, best = max(spec)
med = sorted(v for v, _ in spec)[len(spec) // 2]
tread, period = 2 * math.pi * 0.55 / 6, best * 2 * 3.6 * math.tan(math.pi / 6) / h
print(f"the rut in the picture: period {best:.1f} px = {period:.3f} m = {period / tread:.2f} x the tread spacing, amplitude {top:.1f} luma, {top / med:.1f} x the median")
sys.exit(0 if 0.55 * tread <= period <= 1.05 * tread and top >= 3.0 and top >= 1.8 * med else 1)
PY
check python3 tread_pic.py top.png
# the heights (16 bits, 0.1 mm a unit) along the rut's texel column where it is dug over 5 cm:
# the best sinusoid at 0.5 to 1.05 x the spacing under 6 mm (the lugs in the heights: 28 mm; without: 2.2)
cat >tread_h.py <<'PY'
import sys, math, os
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
spacing, tread = 16.0 / 127.0, 2 * math.pi * 0.55 / 6
col = round((263.0 - 16 * int(263.0 // 16)) / spacing)
prof = [rows[j][col * ch] for j in range(h)]
dug = [j for j in range(h) if prof[j] < 32768 - 500]
if len(dug) < 60: print(f"rut too short: {len(dug)} texels"); sys.exit(1)
seg = prof[min(dug):max(dug) + 1]
n = len(seg); mi = (n - 1) / 2; my = sum(seg) / n
slope = sum((i - mi) * (v - my) for i, v in enumerate(seg)) / sum((i - mi) ** 2 for i in range(n))
seg = [v - my - slope * (i - mi) for i, v in enumerate(seg)]
best, p = 0, 0.5 * tread / spacing
while p <= 1.05 * tread / spacing:
    re = sum(seg[i] * math.cos(2 * math.pi * i / p) for i in range(n))
    im = sum(seg[i] * math.sin(2 * math.pi * i / p) for i in range(n))
    best = max(best, 2 * math.hypot(re, im) / n); p += 0.01
print(f"the rut's heights: {n} texels, {min(seg) / 10:.1f} .. {max(seg) / 10:.1f} mm about the trend; at the lugs' periods {best / 10:.2f} mm")
sys.exit(0 if best < 60 else 1)
PY
check python3 tread_h.py rut_h.png
exit $fail

#!/usr/bin/env bash
# The muzzle flash leaves the crosshair readable (issue 28, item 6): at 640x360 no pixel within
# 40 px of the screen centre changes when a weapon fires, for each of the three weapons, while the
# flash itself shows at the muzzle. Two runs of the same script, one with the shots and one
# without, compared frame by frame at the flash's peak (the frame after the shot). The camera
# looks past the robot at the backdrop, so the shots hit nothing (no sparks, no flinch), with
# `damage.tracers off` (the streaks run to the crosshair by design) and a fixed exposure (the
# flash would move the auto exposure of the whole frame).
set -u
fail=0
script() { # $1: fire or not
    printf '0 set damage.tracers off\n0 post exposure off\n0 camera 0 1.6 6 5 1.2 0\n'
    local t=0.3
    for w in marksman auto shotgun; do
        printf '%s weapon %s\n' "$t" "$w"
        [ "$1" = fire ] && printf '%s fire\n' "$(awk -v t="$t" 'BEGIN { print t + 0.2 }')"
        printf '%s screenshot %s_%s.png\n' "$(awk -v t="$t" 'BEGIN { print t + 0.22 }')" "$1" "$w"
        t=$(awk -v t="$t" 'BEGIN { print t + 0.4 }')
    done
    printf '%s quit\n' "$t"
}
for mode in fire still; do
    script "$mode" >"$mode.txt"
    "$IMPRINT" --headless --scene range --size 640x360 --seed 2 --script "$mode.txt" >"$mode.log" 2>&1 ||
        { cat "$mode.log"; echo "FAILED: imprint --script $mode.txt"; fail=1; }
done
for w in marksman auto shotgun; do
    python3 - "fire_$w.png" "still_$w.png" "$w" <<'PY' || fail=1
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
fire, still, name = sys.argv[1:4]
w, h, ch, a = load(fire)
w2, h2, ch2, b = load(still)
assert (w, h, w2, h2) == (640, 360, 640, 360), "the pictures are not 640x360"
cx, cy, clear = w / 2, h / 2, 40.0
changed, warm, inside, nearest = 0, 0, 0, 1e9
for y in range(h):
    ra, rb = a[y], b[y]
    if ch == ch2 and ra == rb:
        continue
    for x in range(w):
        d = [ra[x * ch + k] - rb[x * ch2 + k] for k in range(3)]
        if max(abs(v) for v in d) <= 8:
            continue
        changed += 1
        warm += d[0] >= 40 and d[0] >= d[2] + 20  # fire light: redder and brighter, not the gun moving
        r = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5
        nearest = min(nearest, r)
        inside += r < clear
print(f"{name}: {changed} px change with the shot ({warm} px of fire light), the nearest {nearest:.1f} px from the centre, "
      f"{inside} within {clear:.0f} px")
ok = inside == 0 and warm >= 100
if not ok:
    print(f"FAILED: {name}: the flash must show (>= 100 px of fire light) and leave {clear:.0f} px around the centre clear")
sys.exit(0 if ok else 1)
PY
done
exit $fail

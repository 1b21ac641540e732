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
    local t=0.1
    for w in marksman auto shotgun; do
        printf '%s weapon %s\n' "$t" "$w"
        [ "$1" = fire ] && printf '%s fire\n' "$(awk -v t="$t" 'BEGIN { print t + 0.1 }')"
        printf '%s screenshot %s_%s.png\n' "$(awk -v t="$t" 'BEGIN { print t + 0.12 }')" "$1" "$w"
        t=$(awk -v t="$t" 'BEGIN { print t + 0.25 }')
    done
    printf '%s quit\n' "$t"
}
for mode in fire still; do
    script "$mode" >"$mode.txt"
    "$IMPRINT" --headless --scene range --size 640x360 --seed 2 --script "$mode.txt" >"$mode.log" 2>&1 ||
        { cat "$mode.log"; echo "FAILED: imprint --script $mode.txt"; fail=1; }
done
python3 - <<'PY' || fail=1
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
ok = True
for name in ("marksman", "auto", "shotgun"):
    w, h, ch, a = load(f"fire_{name}.png")
    w2, h2, ch2, b = load(f"still_{name}.png")
    assert (w, h, w2, h2) == (640, 360, 640, 360), "the pictures are not 640x360"
    cx, cy, clear = w / 2, h / 2, 40.0

    def diff(x, y):
        return [a[y][x * ch + k] - b[y][x * ch2 + k] for k in range(3)]

    # the centre: every pixel of the disc, changed by more than 8/255 in any channel
    inside = sum(1 for y in range(int(cy - clear), int(cy + clear)) for x in range(int(cx - clear), int(cx + clear))
                 if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 < clear * clear and max(map(abs, diff(x, y))) > 8)
    # the flash: fire light (redder and brighter, not the gun moving with the kick) right-below the centre
    warm = 0
    for y in range(int(cy), h):
        if a[y] == b[y]:
            continue
        for x in range(int(cx), w):
            d = diff(x, y)
            warm += d[0] >= 40 and d[0] >= d[2] + 20
    print(f"{name}: {inside} px changed within {clear:.0f} px of the centre, {warm} px of fire light at the muzzle")
    if inside or warm < 100:
        print(f"FAILED: {name}: the flash must show (>= 100 px of fire light) and leave {clear:.0f} px around the centre clear")
        ok = False
sys.exit(0 if ok else 1)
PY
exit $fail

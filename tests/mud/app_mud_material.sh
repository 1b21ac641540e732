#!/usr/bin/env bash
# The mud reads as mud (issue 29): in the mud showcase (`imprint --headless --scene mud`, 320x180
# here) the mud in front of the chase camera is brown, not a blue-grey sheen: over the pixels of
# the lower 40 % of the frame that are not grass (G <= R + 6; the truck's green and the grass
# left out), mean blue <= mean red. The chase camera high over the truck sees no mud patch near
# enough for quarter-texel steps (`mud_patches`: the patch under the eye is in the frustum but out
# of the picture), and draws some on half-texel steps.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
check "$IMPRINT" --headless --scene mud --size 320x180 --stats show.json
check test -s imprint-mud.png
check python3 - <<'PY'
import json, sys
p = json.load(open("show.json"))["mud_patches"]
print(f"chase view: mud patches quarter {p['quarter']}, half {p['half']}, texel {p['texel']}")
sys.exit(0 if p["quarter"] == 0 and p["half"] > 0 else 1)
PY
check python3 - <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load("imprint-mud.png")
px = [(r[x * ch], r[x * ch + 1], r[x * ch + 2]) for r in rows[int(h * 0.6):] for x in range(w)]
mud = [p for p in px if p[1] <= p[0] + 6]
mr = sum(p[0] for p in mud) / len(mud)
mb = sum(p[2] for p in mud) / len(mud)
print(f"showcase: {len(mud)} mud pixels of {len(px)} in the lower 40 %, mean red {mr:.1f}, mean blue {mb:.1f}")
sys.exit(0 if len(mud) > len(px) // 3 and mb <= mr else 1)
PY
exit $fail

#!/usr/bin/env bash
# A shader that does not compile is a visible fallback, not a failed run: the dissolve gallery,
# run from a data directory (IMPRINT_DATA_DIR) whose shaders/dissolve_mesh.frag has a syntax
# error on line 13, exits 0, says dissolve_mesh.frag:13 on stderr, and draws its meshes magenta
# where the same run with the real shaders draws none.
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
run() { "$IMPRINT" --headless --size 320x180 --scene dissolve --seed 1 --frames 10 "$@"; }

source "$TESTDIR/support/broken_shader.sh"
broken_shader dissolve_mesh.frag 13 "uniform float u_fringe this is not glsl;"

rm -f normal.png broken.png
run --screenshot normal.png 2>normal.err; rc=$?
check test "$rc" -eq 0
check test -z "$(grep dissolve_mesh normal.err)"
IMPRINT_DATA_DIR="$PWD/data" run --screenshot broken.png 2>broken.err; rc=$?
check test "$rc" -eq 0
check test -s broken.png
check grep -q "dissolve_mesh.frag:13:" broken.err
check grep -q "magenta fallback" broken.err

# strongly magenta pixels: in the broken run and not in the normal one, none in the HUD rows,
# spread over the gallery (at least three of five columns of the picture hold some)
cat >magenta.py <<'PY'
import sys
sys.path.insert(0, sys.argv[3])
from png import load
w, h, ch, broken = load(sys.argv[1])
_, _, _, normal = load(sys.argv[2])
def magenta(rows, x, y):
    r, g, b = rows[y][x * ch], rows[y][x * ch + 1], rows[y][x * ch + 2]
    return r > 150 and b > 150 and min(r, b) - g > 100
new = [(x, y) for y in range(h) for x in range(w) if magenta(broken, x, y) and not magenta(normal, x, y)]
before = sum(1 for y in range(h) for x in range(w) if magenta(normal, x, y))
hud = sum(1 for x, y in new if y < 40)
cols = [sum(1 for x, y in new if c * w // 5 <= x < (c + 1) * w // 5) for c in range(5)]
print(f"magenta: {len(new)} new, {before} in the normal run, {hud} in the HUD rows, per fifth {cols}")
ok = len(new) > 0.02 * w * h and before == 0 and hud == 0 and sum(1 for c in cols if c > 100) >= 3
sys.exit(0 if ok else 1)
PY
check python3 magenta.py broken.png normal.png "$TESTDIR/support"

[ $fail -eq 0 ] && echo "app_dissolve_fallback: ok"
exit $fail

#!/usr/bin/env bash
# The 16-bit mud heights (issue 29): `dump mud-height` after a short drive is a 16-bit grey PNG at
# 0.1 mm a unit around 32768 with many distinct values in the ruts and millimetre neighbour steps
# (the RGBA8's R could only make 1 cm = 100 units); `stats` says mud_height_bits 16; bad input: no
# mud under the truck writes the base level with a line on stderr, an unwritable path is one line
# and the run goes on. Small renders (160x90).
# ctest: slow
set -u
# The checks of these runs read the simulation (stats, dumps) or compare pictures of the same kind,
# not the relief's fine shape: they draw the mud on the lean grid (no fine patches near the eye,
# half-density blocks, no terrain shadow caster), 3-4x less vertex work on a CPU rasterizer.
. "$TESTDIR/support/lean.sh"
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
val() { tr -d ' \n' <"$1" | grep -o "\"$2\":[^,}]*" | head -1 | cut -d: -f2; }

printf '0 drive 1 0 2\n2 dump mud-height h.png\n2 dump mud r.png\n2 stats s.json\n' >drive.txt
check "$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script drive.txt
check test -s h.png
check test "$(val s.json mud_height_bits)" = 16
heights() {
    python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load(sys.argv[1])
assert (w, h, ch) == (128, 128, 1), (w, h, ch)
vals = [v for row in rows for v in row]
rut = [v for v in vals if v != 32768]
steps = [abs(rows[y][x + 1] - rows[y][x]) for y in range(h) for x in range(w - 1)]
steps += [abs(rows[y + 1][x] - rows[y][x]) for y in range(h - 1) for x in range(w)]
small = min([s for s in steps if s > 0] or [0])
print(f"{sys.argv[1]}: {len(set(rut))} distinct values off the base level, {min(vals)}..{max(vals)}, smallest non-zero neighbour step {small} units")
sys.exit(0 if len(set(rut)) >= 100 and 0 < small <= 10 else 1)
PY
}
check heights h.png

# no mud under the truck (a level without mud): the base level everywhere, said on stderr
printf 'imprint-level 1\nsize 64\n' >dry.level
printf '0 dump mud-height none.png\n0.1 stats after.json\n' >none.txt
"$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --level dry.level --script none.txt 2>none.err
check test -s none.png
check grep -q "mud-height" none.err
check python3 - <<PY
import os, sys
sys.path.insert(0, os.path.join(os.environ["TESTDIR"], "support"))
from png import load
w, h, ch, rows = load("none.png")
sys.exit(0 if {v for row in rows for v in row} == {32768} else 1)
PY
# an unwritable path: one clear line, the run goes on (the stats after it are written)
printf '0 dump mud-height /nonexistent/dir/h.png\n0.1 stats goes_on.json\n' >bad.txt
"$IMPRINT" "${lean[@]}" --headless --size 160x90 --scene mud --seed 1 --script bad.txt 2>bad.err
echo "unwritable: $(cat bad.err)"
check test -s goes_on.json
check test "$(grep -c 'nonexistent' bad.err)" = 1
exit $fail

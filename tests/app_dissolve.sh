#!/usr/bin/env bash
# The dissolve gallery, headless: the issue's "Done when" (push bulges, pull stretches, the shadow
# map follows the dissolve, amount 1 leaves nothing), stats, and each documented pitfall switch
# (IMPRINT_DISSOLVE_PITFALL) visibly changes the picture it is meant to break.
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
run() { "$IMPRINT" --headless --size 320x180 --scene dissolve "$@"; }
# fraction of differing pixels between two PNGs, compared with a bound: gt A B 0.01
gt() { local d; d=$("$IMGTOOL" diff "$1" "$2"); awk -v d="$d" -v t="$3" 'BEGIN { exit !(d > t) }' || { echo "diff $1 $2 = $d, want > $3"; return 1; }; }
lt() { local d; d=$("$IMGTOOL" diff "$1" "$2"); awk -v d="$d" -v t="$3" 'BEGIN { exit !(d < t) }' || { echo "diff $1 $2 = $d, want < $3"; return 1; }; }
# standard deviation of luma (4th field of imgtool stats)
sd() { "$IMGTOOL" stats "$1" | awk '{ print $4 }'; }

cat >done_when.txt <<'SCRIPT'
# fixed exposure: "gone" pictures compare equal whatever was on screen before them
0.00 post exposure off
0.00 dissolve 0
0.00 dissolve-mode push
0.00 dissolve-shape direction
0.05 screenshot whole.png
0.05 dump shadow shadow_whole.png
0.10 dissolve 0.5
0.15 screenshot push.png
0.15 dump shadow shadow_push.png
0.15 stats stats.json
0.20 dissolve-mode none
0.25 screenshot none.png
0.25 dump shadow shadow_none.png
0.30 dissolve-mode pull
0.35 screenshot pull.png
0.35 dump shadow shadow_pull.png
0.40 dissolve 1
0.45 screenshot gone.png
0.45 dump shadow shadow_gone.png
0.50 dissolve-shape sphere
0.50 dissolve-mode push
0.55 screenshot gone_sphere.png
SCRIPT
check run --script done_when.txt

# amount 0.5 cuts the meshes; push bulges the edge beyond the plain cut; pull stretches further
check gt whole.png none.png 0.02
check gt none.png push.png 0.002
check gt none.png pull.png 0.02
check gt push.png pull.png 0.02
# the shadow map changes with the dissolve, including the displacement
check gt shadow_whole.png shadow_none.png 0.002
check gt shadow_none.png shadow_push.png 0.0005
check gt shadow_none.png shadow_pull.png 0.002
# amount 1: nothing of the meshes left, on screen or in the shadow map, whatever mode or shape
# (below the HUD line, which names the mode and shape)
check test "$("$IMGTOOL" region gone.png 0 50 320 130)" = "$("$IMGTOOL" region gone_sphere.png 0 50 320 130)"
check test "$("$IMGTOOL" region whole.png 0 50 320 130)" != "$("$IMGTOOL" region gone.png 0 50 320 130)"
check awk -v s="$(sd shadow_gone.png)" 'BEGIN { exit !(s < 0.5) }'
check awk -v s="$(sd shadow_whole.png)" 'BEGIN { exit !(s > 2) }'

check grep -q '"dissolve_amount": 0.5' stats.json
check grep -q '"dissolve_mode": "push"' stats.json
check grep -q '"dissolve_items_drawn": 5' stats.json

# pitfalls: each switch changes the picture it is meant to break, nothing else
cat >pitfall.txt <<'SCRIPT'
0.00 dissolve 0.45
0.00 dissolve-mode push
0.05 screenshot pf_push.png
0.10 dissolve 1
0.15 dump shadow pf_shadow_gone.png
SCRIPT
check run --script pitfall.txt
cp pf_push.png ok_push.png
cp pf_shadow_gone.png ok_shadow_gone.png
IMPRINT_DISSOLVE_PITFALL=mip0 run --script pitfall.txt 2>/dev/null
check gt ok_push.png pf_push.png 0.002
check lt ok_shadow_gone.png pf_shadow_gone.png 0.0001
IMPRINT_DISSOLVE_PITFALL=hard-normals run --script pitfall.txt 2>/dev/null
check gt ok_push.png pf_push.png 0.002
IMPRINT_DISSOLVE_PITFALL=no-shadow run --script pitfall.txt 2>/dev/null
check awk -v s="$(sd pf_shadow_gone.png)" 'BEGIN { exit !(s > 2) }'   # the vanished meshes still cast

exit $fail

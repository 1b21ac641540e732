#!/usr/bin/env bash
# The dissolve gallery, headless: the issue's "Done when" (push bulges, pull stretches, the shadow
# map follows the dissolve, amount 1 leaves nothing), stats, and each pitfall
# (`dissolve-pitfall NAME`) visibly changes the picture it is meant to break.
# ctest: slow
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
# the embers thrown while it burnt (they live up to 1.5 s) are gone too before the pictures
2.00 screenshot gone.png
2.00 dump shadow shadow_gone.png
2.05 dissolve-shape sphere
2.05 dissolve-mode push
2.10 screenshot gone_sphere.png
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

# pitfalls (`dissolve-pitfall NAME`): each one changes the picture it is meant to break, compared
# with `none` at the same moment, below the HUD lines (which name the pitfall)
R="0 50 320 130"
shot() { # NAME AMOUNT MODE OUT [CAMERA] [BAND]
    cat >pf.txt <<SCRIPT
0.00 post exposure off
0.00 set dissolve.band ${6:-0.2}
0.00 dissolve-pitfall $1
0.00 dissolve $2
0.00 dissolve-mode $3
0.00 dissolve-shape direction
${5:+0.00 camera $5}
0.05 screenshot $4.png
0.05 dump shadow $4_shadow.png
0.05 stats $4.json
SCRIPT
    run --script pf.txt
}
rgt() { local d; d=$("$IMGTOOL" diff "$1" "$2" $R); awk -v d="$d" -v t="$3" 'BEGIN { exit !(d > t) }' || { echo "diff $1 $2 below the HUD = $d, want > $3"; return 1; }; }
# the same run twice is byte-identical, so any difference below comes from the pitfall
check shot none 0.45 push pf_none
check shot none 0.45 push pf_none_again
check "$IMGTOOL" same pf_none.png pf_none_again.png
for pf in one-sided object-space hard-normals vertex-mip0; do
    check shot $pf 0.45 push pf_$pf
    check rgt pf_none.png pf_$pf.png 0.005
done
check grep -q '"dissolve_pitfall": "vertex-mip0"' pf_vertex-mip0.json
# no-backoff: at amount 0 nothing may move; with a vertex band wider than the glow it bulges
check shot none 0 push pf_none0 "" 0.4
check shot no-backoff 0 push pf_no-backoff "" 0.4
check rgt pf_none0.png pf_no-backoff.png 0.005
# no-shadow: at amount 1 the correct shadow map is empty, the pitfall's still holds the meshes
check shot none 1 push pf_none1
check shot no-shadow 1 push pf_no-shadow
check awk -v s="$(sd pf_none1_shadow.png)" 'BEGIN { exit !(s < 0.5) }'
check awk -v s="$(sd pf_no-shadow_shadow.png)" 'BEGIN { exit !(s > 2) }'
check rgt pf_none1.png pf_no-shadow.png 0.005
# bounds: looking up at the orb, the pulled items' rest boxes are out of view; culled with them
# the strands flying into the orb vanish
cam="1.49 2.1 2.4 1.49 2.4 0.0"
check shot none 0.45 pull pf_none_pull "$cam"
check shot bounds 0.45 pull pf_bounds "$cam"
check rgt pf_none_pull.png pf_bounds.png 0.02
check grep -q '"dissolve_items_drawn": 5' pf_none_pull.json
check grep -q '"dissolve_items_drawn": 1' pf_bounds.json

# views dissolve-d and dissolve-w: the fields as colours in the panel (right, lower half), which
# differ from the lit picture there and from each other; the screenshot at a time is taken after
# that frame's commands, so each view is switched on one step before its capture
cat >views.txt <<'SCRIPT'
0.00 dissolve 0.45
0.00 dissolve-mode push
0.00 dissolve-shape direction
0.05 screenshot v_lit.png
0.10 view dissolve-d
0.20 screenshot v_d.png
0.25 view dissolve-w
0.35 screenshot v_w.png
SCRIPT
check run --script views.txt
P="150 90 170 90"
vgt() { local d; d=$("$IMGTOOL" diff "$1" "$2" $P); awk -v d="$d" -v t="$3" 'BEGIN { exit !(d > t) }' || { echo "diff $1 $2 in the panel = $d, want > $3"; return 1; }; }
check vgt v_lit.png v_d.png 0.3
check vgt v_lit.png v_w.png 0.3
check vgt v_d.png v_w.png 0.05   # the meshes only: the panel's background is the same grey

# dissolve-edge: cut is the default picture byte for byte; fade adds a blended fringe below the
# cut, so it changes the picture mid-burn and not at all at amount 0 (no edge anywhere)
edge() { # EDGE|"" AMOUNT OUT
    cat >edge.txt <<SCRIPT
0.00 post exposure off
${1:+0.00 dissolve-edge $1}
0.00 dissolve $2
0.00 dissolve-mode push
0.00 dissolve-shape direction
0.05 screenshot $3.png
0.05 stats $3.json
SCRIPT
    run --script edge.txt
}
check edge "" 0.5 e_default
check edge cut 0.5 e_cut
check edge fade 0.5 e_fade
check edge cut 0 e_cut0
check edge fade 0 e_fade0
check "$IMGTOOL" same e_default.png e_cut.png
check rgt e_cut.png e_fade.png 0.01
check "$IMGTOOL" same e_cut0.png e_fade0.png
check grep -q '"dissolve_edge": "fade"' e_fade.json

# The orb is shaded, not a flat disc clipped to white by the tone mapper: seen from above (its
# sunlit side) and from below, the middle of the orb differs. The orb stops where `dissolve`
# fixes the amount (its position at time 0, `dissolve_target`).
cat >orb.txt <<'SCRIPT'
0.00 post exposure off
0.00 dissolve 0.5
0.00 camera 1.48832 2.2 1.55 1.48832 1.91339 1.28377
0.05 screenshot orb_top.png
0.05 stats orb.json
0.07 camera 1.48832 1.62 1.55 1.48832 1.91339 1.28377
0.10 screenshot orb_bottom.png
SCRIPT
check run --script orb.txt
orb_at() { tr -d ' \n' <orb.json | grep -q '"dissolve_target":\[1.48832,1.91339,1.28377\]' || { echo "the orb moved: the cameras miss it"; return 1; }; }
check orb_at
orb_shaded() { local d; d=$("$IMGTOOL" diff orb_top.png orb_bottom.png 150 85 20 20); awk -v d="$d" 'BEGIN { exit !(d > 0.5) }' || { echo "orb top and bottom differ in $d of the middle, want > 0.5 (a flat disc?)"; return 1; }; }
check orb_shaded

exit $fail

#!/usr/bin/env bash
# The face scene, headless: the issue's "Done when" — neutral -> angry changes the composed wrinkle
# buffer in the brow/glabella region (deeper occlusion) and nowhere the mask and the blendshapes
# leave alone, the lit face changes too, six blendshapes at full weight leave exactly four layers
# active — plus the views, stats, the mouth opening with the jaw and a bad expression name.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
run() { "$IMPRINT" --headless --size 640x360 --fixed-dt 0.05 --set face.idle=off --scene face "$@"; }
# field N (1-based) of `imgtool region`
field() { "$IMGTOOL" region "$1" $3 | awk -v n="$2" '{ print $n }'; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || { echo "$1 is not > $2"; return 1; }; }

# A frontal close-up: the glabella (between the brows) lands at about (320, 175).
cat >done_when.txt <<'SCRIPT'
# state commands run before a frame, captures after it: a capture and a change never share a time
0.0 camera 0 1.465 0.26 0 1.465 0
0.5 dump wrinkle neutral.png
0.5 screenshot neutral_lit.png
0.5 stats neutral.json
0.6 expression angry
1.6 dump wrinkle angry.png
1.6 screenshot angry_lit.png
1.6 stats angry.json
1.7 blendshape brow_raise 1
1.7 blendshape frown 1
1.7 blendshape smile 1
1.7 blendshape squint 1
1.7 blendshape jaw_open 1
1.7 blendshape nose_wrinkle 1
2.7 stats six.json
2.8 view wrinkle-normal
2.85 screenshot view_normal.png
2.9 view wrinkle-occlusion
2.95 screenshot view_occlusion.png
3.0 view wrinkle-mask
3.05 screenshot view_mask.png
SCRIPT
check run --script done_when.txt

GLABELLA="290 150 60 50"
CROWN="300 80 40 20"
# occlusion (red, R) deepens between the brows; the normals there tilt
n_occ=$(field neutral.png 1 "$GLABELLA"); a_occ=$(field angry.png 1 "$GLABELLA")
check gt "$n_occ" "$(awk -v a="$a_occ" 'BEGIN { print a + 5 }')"
# the crown is outside every mask region and every blendshape: byte for byte the same
check test "$("$IMGTOOL" region neutral.png $CROWN)" = "$("$IMGTOOL" region angry.png $CROWN)"
check test "$(field neutral.png 4 "$CROWN")" = "255.00"
# both the composed buffer and the lit picture change
check gt "$("$IMGTOOL" diff neutral.png angry.png)" 0.01
check gt "$("$IMGTOOL" diff neutral_lit.png angry_lit.png)" 0.01

# stats: nothing active at neutral; angry = frown first; six at full weight -> four layers
check grep -q '"wrinkle_layers": \[\]' neutral.json
check grep -q '"wrinkle_expression": "angry"' angry.json
check test "$(grep -A2 '"wrinkle_layers"' angry.json | grep -c '"name": "frown"')" = 1
check test "$(grep -c '"name":' six.json)" = 4
check grep -q '"wrinkle_expression": "custom"' six.json

# each debug view draws its own panel
check gt "$("$IMGTOOL" diff view_normal.png view_occlusion.png)" 0.01
check gt "$("$IMGTOOL" diff view_occlusion.png view_mask.png)" 0.01

# the views never cover the face: from the default camera each panel (and its caption) changes
# the frame only off the head's footprint (the composed buffer's alpha); the screen-space buffers
# show the head's part of the screen, so their panels hold the face, not an empty lavender field
cat >beside.txt <<'SCRIPT'
0.0 post exposure off
0.0 expression angry
1.5 dump wrinkle head.png
1.5 screenshot plain.png
1.55 view wrinkle-normal
1.6 screenshot beside_normal.png
1.65 view wrinkle-occlusion
1.7 screenshot beside_occlusion.png
1.75 view wrinkle-mask
1.8 screenshot beside_mask.png
1.85 view wrinkle-influence
1.9 screenshot beside_influence.png
SCRIPT
check run --script beside.txt
for v in normal occlusion mask influence; do
    read -r changed covered < <("$IMGTOOL" covered head.png plain.png "beside_$v.png")
    check gt "$changed" 20000
    check test "$covered" = 0
done

# wrinkles off: the base maps alone, the blendshapes still move. Bloom and auto exposure spread any
# change over the whole frame, so they are off here: then only the face may change. The HUD sits
# top left (its layer list changes), so the background is checked beside and above the head.
cat >onoff.txt <<'SCRIPT'
0.0 camera 0 1.465 0.26 0 1.465 0
0.0 post bloom off
0.0 post exposure off
0.6 expression angry
1.6 screenshot wr_on.png
1.65 wrinkles off
1.7 screenshot wr_off.png
1.7 stats wr_off.json
1.75 wrinkles on
1.8 view wrinkle-influence
1.85 screenshot view_influence.png
SCRIPT
check run --script onoff.txt
for bg in "0 90 205 270" "435 0 205 360" "205 0 230 30"; do
    check test "$("$IMGTOOL" changed wr_on.png wr_off.png $bg)" = 0
done
FACE="215 60 210 300"
check gt "$("$IMGTOOL" changed wr_on.png wr_off.png $FACE)" 2000
check grep -q '"wrinkles": false' wr_off.json
check grep -q '"wrinkle_layers": \[\]' wr_off.json
# the influence view: its own panel, coloured where the layers act
check gt "$("$IMGTOOL" diff wr_on.png view_influence.png)" 0.1
check gt "$("$IMGTOOL" diff view_influence.png view_mask.png)" 0.01

# the mouth: closed, the skin hides it (no dark cavity, no teeth); with the jaw open the lips part
# on a dark cavity with the upper teeth showing. A frontal view of the mouth, bloom (which spreads
# light over the frame) off; the exposure metered on the face (the scene's spot metering: the
# fixed exposure, a stop under for the portrait's low key, left the teeth grey)
cat >mouth.txt <<'SCRIPT'
0.0 camera 0 1.375 0.30 0 1.365 0
0.0 post bloom off
0.0 expression neutral
0.5 screenshot mouth_closed.png
0.6 blendshape jaw_open 1
1.8 screenshot mouth_open.png
SCRIPT
check run --script mouth.txt
MOUTH="275 165 90 45"
closed_dark=$("$IMGTOOL" dark mouth_closed.png $MOUTH); open_dark=$("$IMGTOOL" dark mouth_open.png $MOUTH)
check gt "$open_dark" "$((closed_dark + 200))"
check test "$("$IMGTOOL" whitish mouth_closed.png $MOUTH)" -lt 5
check gt "$("$IMGTOOL" whitish mouth_open.png $MOUTH)" 50

# a bad expression name is caught before the first frame
printf '0 expression bored\n' >bad.txt
run --script bad.txt 2>err.txt
check test $? -eq 2
check grep -q 'bad.txt:1' err.txt

exit $fail

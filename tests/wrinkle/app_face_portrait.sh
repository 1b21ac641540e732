#!/usr/bin/env bash
# The face in its portrait (issue 51 items 3, 4, 6), measured on the scene's own framing at 640x360
# and 960x540 (tests/wrinkle/face_measure.py; where the eyes, the ear and the nostril's wing are:
# the frame's stats):
#  - the eyes meet the camera: each gaze ray passes within 20 mm of it (stats gaze_miss_mm), and
#    with face.look off (straight ahead) they miss it by far more, so the measure can fail;
#  - the two eyes' whites within 10 % of each other in luminance (linear: face_measure.py); one ball
#    given 0.8 of its light scores 0.85 (640x360) and 0.88 (960x540); the sclera without its wrap 0.85;
#  - each iris sharp: its rim (the limbus) rises from the iris's dark to the white's bright at
#    least 0.7 of the way within one pixel (the median of 64 rays; face_measure.py iris): 0.82-0.84
#    at 640x360, 0.80-0.81 at 960x540; with the rim and the limbal ring softened over a quarter of
#    the iris's radius each side (wrinkle_eye.frag) 0.57-0.60 and 0.42-0.46;
#  - the brows (alpha-blended cards) leave at most 0.5 % of their pixels isolated dark ones, at the
#    scene's framing and at a close one (the brows' middle 9 cm away along the portrait camera's
#    direction, a script camera: the near brow ~150 px wide at 640x360): brow pixels are those
#    face.brows off changes, isolated a pixel at least 40/255 darker in luma than the mean of its 8
#    neighbours (a speck, a saw-tooth's step, a hard tip). Opaque strands without the widening
#    (the old brows) leave 4.6 % / 2.4 % (640x360, scene's / close), the cards unblended 2.5 % /
#    1.4 %, the cards without their soft sides 0.62 % at 960x540;
#  - the lashes (alpha-blended cards, soft sides and root ends, turned to face the eye) close up:
#    the -x eye 7.7 cm away from the front a little above, and 6.6 cm away from 45 degrees to its
#    side (script cameras), lash pixels those face.lashes off changes. Their own isolated dark
#    pixels (as the brows', less those within 2 px of one the picture without lashes has: the lid's
#    edge over the ball, which the lash line moves a pixel or two; face_measure.py isolated own)
#    at most 0.8 % at 640x360 and 960x540: 0.47 / 0.34 % and 0.52 / 0.30 % (front / side); the
#    old opaque ribbon 1.58 / 2.53 % and 0.74 / 1.55 %. And at 640x360 their pixels within 6/255
#    mean luma of the same frames drawn at 1280x720 and averaged 2 x 2 (face_measure.py alias):
#    5.27 / 4.84; the cards without the soft sides and root ends (alpha = cover only in
#    wrinkle_part.frag) 7.67 / 7.12, which fails;
#  - the ear and the nostril's wing nearer the camera are redder (R/G) lit from behind (the rim
#    alone) than from the front (the fill alone, from the camera's side) by 1.2x: light through thin
#    skin; a fixed exposure for both, so the tone curve treats them alike. Without the light through
#    (skin_thin 0 in wrinkle_skin.frag) skin lit from behind is 1.13-1.14x redder by the rim alone,
#    so the bound asks for the glow, not the rim's colour (ear 1.59x with it, the wing 1.24x);
#  - the backdrop is dark by itself: the picture's corners under 48/255 in luma with depth of field
#    off (the sky and floor there were ~190).
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }' || { echo "$1 is not <= $2"; return 1; }; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }' || { echo "$1 is not > $2"; return 1; }; }
M="python3 $TESTDIR/wrinkle/face_measure.py"
miss() { python3 -c "import json, sys; print(max(json.load(open(sys.argv[1]))['gaze_miss_mm']))" "$1"; }

cat >lashes.txt <<'SCRIPT'
0.65 camera -0.045 1.452 0.150 -0.031 1.446 0.075
0.9 screenshot lash_on.png
0.9 set face.lashes off
0.95 screenshot lash_bare.png
0.95 set face.lashes on
0.95 camera -0.085 1.450 0.125 -0.031 1.446 0.075
1.2 screenshot lash34_on.png
1.2 set face.lashes off
1.25 screenshot lash34_bare.png
SCRIPT
for size in 640x360 960x540; do
    cat >portrait.txt <<SCRIPT
0 set face.idle off
0 post dof off
0.3 screenshot on_$size.png
0.3 stats on_$size.json
0.3 set face.brows off
0.35 screenshot bare_$size.png
0.35 set face.brows on
0.35 set face.look off
0.4 stats ahead_$size.json
0.4 set face.look on
0.4 camera -0.0298 1.4700 0.1598 0 1.465 0.075
0.6 screenshot close_on_$size.png
0.6 set face.brows off
0.65 screenshot close_bare_$size.png
0.65 set face.brows on
SCRIPT
    cat lashes.txt >>portrait.txt
    check "$IMPRINT" --headless --hud off --size $size --scene face --script portrait.txt
    check le "$(miss on_$size.json)" 20
    check gt "$(miss ahead_$size.json)" 60
    read -r wr wl ratio < <($M whites on_$size.png on_$size.json)
    echo "$size whites: $wr $wl ratio $ratio"
    check le 0.9 "$ratio"
    read -r sr sl < <($M iris on_$size.png on_$size.json)
    echo "$size iris rims: $sr $sl"
    check le 0.7 "$sr"
    check le 0.7 "$sl"
    for at in "" close_; do
        read -r lone brow frac < <($M isolated ${at}on_$size.png ${at}bare_$size.png)
        echo "$size ${at:-docs_}brows: $lone isolated dark pixels of $brow ($frac)"
        check gt "$brow" 100
        check le "$frac" 0.005
    done
    for at in lash lash34; do
        mv ${at}_on.png ${at}_on_$size.png
        mv ${at}_bare.png ${at}_bare_$size.png
        read -r lone lash frac < <($M isolated ${at}_on_$size.png ${at}_bare_$size.png own)
        echo "$size $at: $lone isolated dark pixels of $lash ($frac)"
        check gt "$lash" 500
        check le "$frac" 0.008
    done
done
printf '0 set face.idle off\n0 post dof off\n' >lashes2x.txt
cat lashes.txt >>lashes2x.txt
check "$IMPRINT" --headless --hud off --size 1280x720 --scene face --script lashes2x.txt
for at in lash lash34; do
    read -r err lash < <($M alias ${at}_on_640x360.png ${at}_bare_640x360.png ${at}_on.png)
    echo "$at at 640x360 against 1280x720 averaged 2 x 2: $err mean luma off over $lash pixels"
    check le "$err" 6.0
done
w=640 h=360
for corner in "0 0" "$((w - 40)) 0" "0 $((h - 40))" "$((w - 40)) $((h - 40))"; do
    read -r r g b _ < <("$IMGTOOL" region on_640x360.png $corner 40 40)
    check le "$(awk -v r="$r" -v g="$g" -v b="$b" 'BEGIN { print 0.2126 * r + 0.7152 * g + 0.0722 * b }')" 48
done

cat >ear.txt <<'SCRIPT'
0 set face.idle off
0 post exposure off
0 set face.key 0
0 set face.fill 0
0.3 screenshot back.png
0.3 stats back.json
0.3 set face.fill 2
0.3 set face.rim 0
0.35 screenshot front.png
SCRIPT
check "$IMPRINT" --headless --hud off --size 640x360 --scene face --script ear.txt
for part in ear wing; do
    read -r back front < <($M ear_rg back.png front.png back.json ${part}_px)
    echo "$part R/G: lit from behind $back, from the front $front"
    check gt "$back" "$(awk -v f="$front" 'BEGIN { print 1.2 * f }')"
done
exit $fail

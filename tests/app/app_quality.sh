#!/usr/bin/env bash
# Quality presets and the frame-time governor from the outside, headless: --quality and
# --target-fps parse and refuse bad values before the first frame (exit 2), as `set render.scale`
# out of range does in a script (FILE:LINE); `stats` reports quality and render_scale; `--quality
# high` is the default headless frame byte for byte; each scene's `low` picture keeps its
# technique's region within 24/255 (mean absolute difference) of the `high` one, and is not the
# same picture; a governor with an unreachable target lowers the scale, a `set render.scale`
# fixes it and turns the governor off.
set -u
fail() { echo "FAIL: $*"; exit 1; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); v=d
for k in sys.argv[2].split('.'): v=v[int(k)] if isinstance(v,list) else v[k]
print(v)" "$1" "$2"; }

# --- bad values stop before the first frame --------------------------------------------------------
bad_opt() { # bad_opt EXPECTED_TEXT OPTIONS...
    local want=$1; shift
    rm -f never.png
    "$IMPRINT" --headless --size 64x36 --frames 1 --screenshot never.png "$@" >bad.log 2>&1; rc=$?
    [ $rc -eq 2 ] || { cat bad.log; fail "$*: exit status $rc, want 2"; }
    grep -qF -- "$want" bad.log || { cat bad.log; fail "$*: no '$want' in the message"; }
    [ "$(wc -l <bad.log)" -eq 1 ] || { cat bad.log; fail "$*: more than one line"; }
    [ ! -e never.png ] || fail "$*: a frame was drawn"
}
bad_opt "--quality" --quality ultra
bad_opt "low | medium | high | auto" --quality ultra
bad_opt "--target-fps: expected frames per second, a whole number 0..240" --target-fps fast
bad_opt "--target-fps" --target-fps 500
bad_opt "--target-fps" --target-fps -5
bad_opt "render.scale must be a number in 0.25..1" --set render.scale=2
printf '0 screenshot never.png\n0.1 set render.scale 1.5\n' >bad.txt
rm -f never.png
"$IMPRINT" --headless --size 64x36 --script bad.txt >bad.log 2>&1; rc=$?
[ $rc -eq 2 ] || { cat bad.log; fail "set render.scale 1.5: exit status $rc, want 2"; }
grep -qF "bad.txt:2: " bad.log && grep -qF "render.scale" bad.log || { cat bad.log; fail "set render.scale 1.5: message"; }
[ ! -e never.png ] || fail "set render.scale 1.5: a frame was drawn"
echo "ok: bad --quality, --target-fps and render.scale stop before the first frame"

# --- stats: quality and render_scale ---------------------------------------------------------------
printf '0.05 stats s.json\n' >s.txt
for q in default low medium high; do
    opt=(); [ $q = default ] || opt=(--quality $q)
    "$IMPRINT" --headless --size 160x90 --scene dissolve --script s.txt "${opt[@]}" >s.log 2>&1 || { cat s.log; fail "stats $q"; }
    want_q=$q want_s=1; [ $q = default ] && want_q=high
    [ $q = low ] && want_s=0.4
    [ $q = medium ] && want_s=0.7
    [ "$(json s.json quality)" = "$want_q" ] || fail "$q: stats quality $(json s.json quality)"
    [ "$(json s.json render_scale)" = "$want_s" ] || fail "$q: stats render_scale $(json s.json render_scale), want $want_s"
done
# post: what runs (switched on and allowed by the preset); camera: where the frame was drawn from
printf '0 camera 1 2 3 1 2 0\n0 post bloom off\n0.05 stats p.json\n' >p.txt
"$IMPRINT" --headless --size 160x90 --scene range --script p.txt --quality low >p.log 2>&1 || { cat p.log; fail "post stats"; }
[ "$(json p.json post.bloom)" = False ] && [ "$(json p.json post.ssao)" = False ] && [ "$(json p.json post.fxaa)" = True ] \
    || fail "stats post at low with bloom off: $(json p.json post)"
[ "$(json s.json post.ssao)" = True ] && [ "$(json s.json post.dof)" = True ] || fail "stats post at high: $(json s.json post)"
[ "$(json p.json camera.eye)" = "[1, 2, 3]" ] || fail "stats camera.eye $(json p.json camera.eye)"
awk -v z="$(json p.json camera.target.2)" 'BEGIN { exit !(z > 1.99 && z < 2.01) }' || fail "stats camera.target $(json p.json camera.target)"
echo "ok: stats report quality, render_scale, post and camera"

# --- the governor: an unreachable target lowers the scale; set render.scale fixes it ---------------
printf '0.5 stats gov.json\n' >gov.txt
"$IMPRINT" --headless --size 480x270 --scene range --script gov.txt --target-fps 240 >gov.log 2>&1 || { cat gov.log; fail "governor run"; }
awk -v s="$(json gov.json render_scale)" 'BEGIN { exit !(s < 0.9 && s >= 0.25) }' || fail "--target-fps 240: render_scale $(json gov.json render_scale), want below 0.9"
printf '0 set render.scale 0.8\n0.5 stats fixed.json\n' >fixed.txt
"$IMPRINT" --headless --size 480x270 --scene range --script fixed.txt --target-fps 240 >fixed.log 2>&1 || { cat fixed.log; fail "fixed run"; }
[ "$(json fixed.json render_scale)" = 0.8 ] || fail "set render.scale 0.8 under the governor: render_scale $(json fixed.json render_scale)"
echo "ok: the governor lowered the scale to $(json gov.json render_scale) for 240 fps; set render.scale 0.8 holds"

# --- high is the default frame; low keeps each technique's region -----------------------------------
cat >range.txt <<'S'
0 camera 0 1.5 3.2 0 1.2 0
0 weapon marksman
0.1 fire
0.5 fire
1.0 stats out.json
1.0 screenshot out.png
S
cat >mud.txt <<'S'
0 drive 1 0 2.0
2.0 stats out.json
2.0 screenshot out.png
S
cat >face.txt <<'S'
0 expression angry
0.6 stats out.json
0.6 screenshot out.png
S
cat >dissolve.txt <<'S'
0 dissolve 0.45
0 dissolve-mode push
0.2 stats out.json
0.2 screenshot out.png
S
W=480 H=270
run() { # run SCENE TAG [options]
    local scene=$1 tag=$2; shift 2
    sed "s/out\./$tag./" "$scene.txt" >"$tag.txt"
    "$IMPRINT" --headless --size ${W}x$H --fixed-dt 0.05 --seed 3 --set face.idle=off --scene "$scene" --script "$tag.txt" "$@" >"$tag.log" 2>&1 \
        || { cat "$tag.log"; fail "run $tag"; }
}
for scene in range mud face dissolve; do
    run $scene "${scene}_def"
    run $scene "${scene}_high" --quality high
    run $scene "${scene}_low" --quality low
    "$IMGTOOL" same "${scene}_def.png" "${scene}_high.png" || fail "$scene: --quality high is not the default frame"
    # the technique's region: the robot's box on screen; the ruts behind the truck; the face; the gallery
    case $scene in
        range) read -r x y w h <<<"$(json range_high.json robot_screen | tr -d '[],')" ;;
        mud) x=$((W / 4)) y=$((H / 2)) w=$((W / 2)) h=$((H / 2)) ;;
        face) x=$((W * 3 / 10)) y=$((H / 8)) w=$((W * 2 / 5)) h=$((H * 3 / 4)) ;;
        dissolve) x=0 y=$((H / 4)) w=$W h=$((H * 3 / 4)) ;;
    esac
    x=${x%.*} y=${y%.*} w=${w%.*} h=${h%.*}
    mad=$("$IMGTOOL" mad "${scene}_low.png" "${scene}_high.png" "$x" "$y" "$w" "$h") || fail "$scene: mad"
    awk -v m="$mad" 'BEGIN { exit !(m <= 24 && m > 0) }' || fail "$scene: low vs high over $x $y $w $h: mean abs difference $mad (want 0 < d <= 24)"
    [ "$(json "${scene}_low.json" quality)" = low ] || fail "$scene: low run says $(json "${scene}_low.json" quality)"
    echo "ok: $scene low vs high over its region ($x $y $w $h): mean abs difference $mad / 255"
done
# the techniques still act at low: new damage texels, the truck moved, wrinkles composed, a dissolve
[ "$(json range_low.json blasts)" -ge 1 ] || fail "range low: blasts $(json range_low.json blasts)"
awk -v z="$(json mud_low.json truck.pos.2)" -v z0="$(json mud_high.json truck.pos.2)" 'BEGIN { d = z - z0; exit !(d < 0.5 && d > -0.5) }' \
    || fail "mud low: the truck is elsewhere than at high (physics must not depend on the preset)"
echo "ok: the presets change the picture, not the simulation"

#!/usr/bin/env bash
# The parameter registry from the outside, headless: `params PATH` lists every parameter, and `set`
# of EACH of them to another value changes the picture or the stats of its scene (the list is read
# from the dump, so the test grows with the registry); --set does what `set` does; bad `set` lines
# and --set options stop the run before the first frame with FILE:LINE (exit 2); --ui draws the
# panel into headless screenshots.
# ctest: slow
set -u
fail() { echo "FAIL: $*"; exit 1; }

# --- the dump ---------------------------------------------------------------------------------------
printf '0 set dissolve.edge_width 0.25\n0 params p.json\n' >dump.txt
"$IMPRINT" --headless --size 64x36 --scene dissolve --script dump.txt >dump.log 2>&1 || { cat dump.log; fail "params run"; }
# one line per parameter: NAME TYPE DEFAULT MIN MAX SCENE (the dump is one key per line)
awk '/^  "[^"]+": \{/ { name = $1; gsub(/[":]/, "", name) }
     /^    "(type|value|default|min|max|scene|help)":/ { k = $1; gsub(/[":,]/, "", k); v = $0; sub(/^[^:]*: /, "", v); sub(/,$/, "", v); gsub(/"/, "", v); f[k] = v }
     /^  \}/ { print name, f["type"], f["default"], f["min"], f["max"], f["scene"], f["value"]; if (f["help"] == "") print "no help: " name > "/dev/stderr" }' \
    p.json >rows.txt
[ "$(wc -l <rows.txt)" -ge 21 ] || { cat p.json; fail "the dump lists $(wc -l <rows.txt) parameters, want at least 21"; }
grep -q '^dissolve.edge_width float 0.04 0.005 0.5 dissolve 0.25$' rows.txt || { cat rows.txt; fail "set value not in the dump"; }
for k in '"type"' '"value"' '"default"' '"min"' '"max"' '"help"'; do
    [ "$(grep -c "$k" p.json)" -eq "$(wc -l <rows.txt)" ] || fail "not every parameter has $k"
done

# --- each parameter changes its scene ------------------------------------------------------------
# Small pictures (every knob still shows at 160x90) and short runs: the whole registry is ~70 runs.
S=160x90
# One script per scene that makes its knobs act: shots that leave hot holes, a drive into the mud,
# all blendshapes at full weight, a fixed half-dissolved gallery with push. Small and short: a run
# is a second or two on llvmpipe.
cat >range.txt <<'S'
0 camera 0 1.4 3 0 1.4 0
0 weapon shotgun
0.05 fire
0.6 screenshot out.png
0.6 stats out.json
S
cat >mud.txt <<'S'
0 drive 1 0 0.9
0.9 screenshot out.png
0.9 stats out.json
S
cat >face.txt <<'S'
0 blendshape brow_raise 1
0 blendshape frown 1
0 blendshape smile 1
0 blendshape squint 1
0 blendshape jaw_open 1
0 blendshape nose_wrinkle 1
0.5 screenshot out.png
0.5 stats out.json
S
cat >dissolve.txt <<'S'
0 dissolve 0.45
0 dissolve-mode push
0.1 screenshot out.png
0.1 stats out.json
S
run() { # run SCENE TAG [options]: screenshot and stats of the scene's script into TAG.png / TAG.json
    local scene=$1 tag=$2; shift 2
    sed "s/out\./$tag./" "$scene.txt" >"$tag.txt"
    "$IMPRINT" --headless --size "$S" --fixed-dt 0.05 --seed 5 --set face.idle=off --scene "$scene" --script "$tag.txt" "$@" >"$tag.log" 2>&1 \
        || { cat "$tag.log"; fail "run $tag"; }
}
# the counters that vary from run to run (times) are left out of the comparison
counters() { grep -v -E '_ms"|"fps"|^ *"[a-z]+\.[a-z_.]+": [0-9.e-]+,?$' "$1"; }
# The mud draws on its lean grid (no fine patches, half-density blocks, no terrain caster: a third
# of the vertex work on a CPU rasterizer), except for the three parameters that are that grid.
. "$TESTDIR/support/lean.sh"
for scene in range face dissolve; do run $scene "base_$scene"; done
run mud base_mud "${lean[@]}"
run mud base_mud_full
# the GPU particles' knobs (particles.restitution, .friction, .impact_life) act on --particles-gpu
run mud base_mud_gpu --particles-gpu 20000 "${lean[@]}"
# a parameter for every scene (scene null) is shown where billboards animate: the mud's exhaust and clods
n=0
while read -r name type def min max scene value; do
    [ "$scene" = null ] && scene=mud
    case $type in
        bool) [ "$def" = true ] && v=off || v=on ;;
        float | int) v=$max; [ "$def" = "$max" ] && v=$min ;;
        enum) v=$min; [ "$def" = "$min" ] && v=$max ;;
        *) fail "$name: unknown type $type" ;;
    esac
    tag="set_$n" base="base_$scene" opts=()
    if [ "$scene" = mud ]; then opts=("${lean[@]}"); fi
    case $name in
        particles.restitution | particles.friction | particles.impact_life) base=base_mud_gpu opts=(--particles-gpu 20000 "${lean[@]}") ;;
        mud.fine_distance | mud.grid_step | mud.terrain_shadow) base=base_mud_full opts=() ;;
    esac
    printf '0 set %s %s\n' "$name" "$v" >pre.txt
    sed "s/out\./$tag./" "$scene.txt" >>pre.txt
    "$IMPRINT" --headless --size "$S" --fixed-dt 0.05 --seed 5 --set face.idle=off --scene "$scene" --script pre.txt "${opts[@]}" >"$tag.log" 2>&1 \
        || { cat "$tag.log"; fail "set $name $v"; }
    if "$IMGTOOL" same "$base.png" "$tag.png" >/dev/null && diff <(counters "$base.json") <(counters "$tag.json") >/dev/null; then
        fail "set $name $v changes neither the picture nor the stats of the $scene scene"
    fi
    echo "ok: set $name $v changes the $scene scene ($("$IMGTOOL" diff "$base.png" "$tag.png" 2>&1 | head -1))"
    n=$((n + 1))
done <rows.txt
echo "$n parameters each change their scene"

# --set is the same as a `set` at time 0 (the picture is identical byte for byte)
run dissolve cli --set dissolve.edge_width=0.3
printf '0 set dissolve.edge_width 0.3\n' >scripted.txt
sed "s/out\./scripted./" dissolve.txt >>scripted.txt
"$IMPRINT" --headless --size "$S" --fixed-dt 0.05 --seed 5 --scene dissolve --script scripted.txt >scripted.log 2>&1 || fail "scripted run"
"$IMGTOOL" same cli.png scripted.png || fail "--set and set draw different pictures"
"$IMGTOOL" same cli.png base_dissolve.png >/dev/null && fail "--set changed nothing"
# a parameter of another scene is accepted and waits for its scene
printf '0 set dissolve.edge_width 0.3\n0.05 scene dissolve\n0.05 dissolve 0.45\n0.05 dissolve-mode push\n0.15 screenshot later.png\n' >later.txt
"$IMPRINT" --headless --size "$S" --fixed-dt 0.05 --seed 5 --scene range --script later.txt >later.log 2>&1 || { cat later.log; fail "set for a later scene"; }
"$IMGTOOL" same later.png base_dissolve.png >/dev/null && fail "a parameter set in the range scene did not reach the dissolve scene"

# --- --ui draws the panel into headless pictures, with the current scene's parameters ------------
for scene in range face; do
    printf '0.3 screenshot ui_%s.png\n0.3 stats ui_%s.json\n' $scene $scene >ui.txt
    "$IMPRINT" --headless --size 960x540 --fixed-dt 0.05 --seed 5 --set face.idle=off --scene $scene --script ui.txt --ui >ui.log 2>&1 || { cat ui.log; fail "--ui run"; }
    sed "s/ui_/plain_/g" ui.txt >plain.txt
    "$IMPRINT" --headless --size 960x540 --fixed-dt 0.05 --seed 5 --set face.idle=off --scene $scene --script plain.txt >plain.log 2>&1 || fail "plain run"
    "$IMGTOOL" same "ui_$scene.png" "plain_$scene.png" >/dev/null 2>&1 && fail "--ui changes nothing in the $scene picture"
    flat=$(tr -d ' \n' <"ui_$scene.json")
    grep -q '"ui":{"shown":true' <<<"$flat" || fail "--ui: stats say the panel is not shown"
    # the widgets of this scene's rows and of the rows for every scene, none of another scene's
    while read -r name type def min max pscene value; do
        if [ "$pscene" = "$scene" ] || [ "$pscene" = null ]; then
            grep -q "\"$name\":\[" <<<"$flat" || fail "--ui: no widget for $name in the $scene scene"
        else
            grep -q "\"$name\":\[" <<<"$flat" && fail "--ui: a widget for $name ($pscene) in the $scene scene"
        fi
    done <rows.txt
    # where the panel is, the picture is the panel's background (darker than the range's sky and ground,
    # lighter than the face's near-black backdrop: its luminance differs by > 15); left of it, the plain picture
    read -r x y w h <<<"$(grep -o '"widgets":{"[^"]*":\[[0-9.,]*' <<<"$flat" | sed 's/.*\[//; s/,/ /g')"
    px=$(awk -v x="$x" 'BEGIN { printf "%d", x - 8 }')
    lum() { "$IMGTOOL" region "$1" "$2" 40 "$3" 300 | awk '{ printf "%.1f", 0.2126 * $1 + 0.7152 * $2 + 0.0722 * $3 }'; }
    ui_l=$(lum "ui_$scene.png" "$px" 220) plain_l=$(lum "plain_$scene.png" "$px" 220)
    awk -v a="$ui_l" -v b="$plain_l" 'BEGIN { d = b - a; exit !(d > 15 || d < -15) }' || fail "--ui: the panel area does not stand out from the scene ($ui_l vs $plain_l)"
    [ "$("$IMGTOOL" region "ui_$scene.png" 0 60 $((px - 20)) 400)" = "$("$IMGTOOL" region "plain_$scene.png" 0 60 $((px - 20)) 400)" ] \
        || fail "--ui changed the picture outside the panel"
    echo "ok: --ui shows the $scene panel at x=$px (luminance $ui_l where the scene has $plain_l)"
done

# --- bad lines stop before the first frame ---------------------------------------------------------
bad() { # bad SCRIPT_TEXT EXPECTED_MESSAGE
    printf '0 screenshot never.png\n%s\n' "$1" >bad.txt
    rm -f never.png
    "$IMPRINT" --headless --size 64x36 --script bad.txt >bad.log 2>&1; rc=$?
    [ $rc -eq 2 ] || { cat bad.log; fail "'$1': exit status $rc, want 2"; }
    grep -qF "bad.txt:2: $2" bad.log || { cat bad.log; fail "'$1': message"; }
    [ ! -e never.png ] || fail "'$1': a frame was drawn before the error"
}
bad '1 set dissolve.edge_width 2' 'set: dissolve.edge_width must be a number in 0.005..0.5, got '"'2'"
bad '1 set no.such 1' "set: unknown parameter 'no.such'"
bad '1 set bb.frame_blend maybe' "set: bb.frame_blend must be one of off|on, got 'maybe'"
bad '1 set damage.fade_rate' 'set needs 2 arguments (NAME VALUE), got 1'
"$IMPRINT" --headless --size 64x36 --frames 1 --screenshot never.png --set truck.engine_force=1 >bad.log 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "^imprint: --set: truck.engine_force must be a number in 2000..80000, got '1'" bad.log && [ ! -e never.png ] \
    || { cat bad.log; fail "bad --set"; }
echo "app_params: ok"

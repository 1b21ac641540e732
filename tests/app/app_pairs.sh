#!/usr/bin/env bash
# Pairs from the same frame (docs/cli.md, "Script"): a state command with the same time as a
# capture before it runs after a redraw of that moment, with no simulation step between. Per scene,
# mid-action (sparks flying, the truck driving, a face moving, a mesh burning):
#   - a no-op switch between two captures gives byte-identical pictures and stats that agree on
#     every key but fps, rss_kb and timings (frame, time and steps included);
#   - `post bloom off` between them gives stats that differ in post.bloom alone and pictures that
#     differ (bloom acts in every scene's frame).
# Then the script goes on: the step after the pair is the step the run without the pair takes
# (the same picture as a run with no pair in it).
set -u
fail() { echo "FAIL: $*"; exit 1; }
pair="python3 $TESTDIR/support/json_pair.py"
for sc in range mud face dissolve; do
    case $sc in
        range) act="0 camera 0 1.4 4 0 1.4 0
0 weapon shotgun
0.1 fire" ;;
        mud) act="0.1 drive 1 0.3 1" ;;
        face) act="0.1 expression angry" ;;
        dissolve) act="0.1 dissolve 0.5" ;;
    esac
    printf '0 scene %s\n%s\n0.5 screenshot %s_a.png\n0.5 stats %s_a.json\n0.5 post bloom on\n0.5 screenshot %s_b.png\n0.5 stats %s_b.json\n0.5 post bloom off\n0.5 screenshot %s_c.png\n0.5 stats %s_c.json\n0.5 post bloom on\n0.6 screenshot %s_later.png\n' \
        "$sc" "$act" "$sc" "$sc" "$sc" "$sc" "$sc" "$sc" "$sc" >"$sc.txt"
    printf '0 scene %s\n%s\n0.6 screenshot %s_plain.png\n' "$sc" "$act" "$sc" >"${sc}_plain.txt"
    "$IMPRINT" --headless --size 320x180 --seed 3 --set face.idle=off --script "$sc.txt" >"$sc.log" 2>&1 || { cat "$sc.log"; fail "$sc: run"; }
    "$IMPRINT" --headless --size 320x180 --seed 3 --set face.idle=off --script "${sc}_plain.txt" >"${sc}_plain.log" 2>&1 || { cat "${sc}_plain.log"; fail "$sc: plain run"; }
    "$IMGTOOL" same "${sc}_a.png" "${sc}_b.png" || fail "$sc: the same frame drawn twice differs"
    $pair "${sc}_a.json" "${sc}_b.json" || fail "$sc: the stats of the same frame drawn twice differ"
    $pair "${sc}_a.json" "${sc}_c.json" post.bloom || fail "$sc: bloom on/off differs in more than post.bloom"
    n=$("$IMGTOOL" changed "${sc}_a.png" "${sc}_c.png" 0 0 320 180)
    [ "$n" -gt 100 ] || fail "$sc: bloom on/off pictures differ in $n pixels (want > 100)"
    "$IMGTOOL" same "${sc}_later.png" "${sc}_plain.png" || fail "$sc: the redraws changed what follows them"
    echo "$sc: redraw byte-identical, bloom pair differs in post.bloom and $n pixels, later frame unchanged"
done
echo "app_pairs: ok"

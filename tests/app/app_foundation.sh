#!/usr/bin/env bash
# The executable, headless: every scene draws something, bad input exits 2 with one clear line
# and draws nothing, scripts capture frames/dumps/stats, runs are deterministic, --bench reports.
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
run() { "$IMPRINT" --headless --size 320x180 --set face.idle=off "$@"; }

# 1. every scene renders a non-blank, lit picture
for s in range mud face dissolve; do
  check run --scene "$s" --frames 5 --screenshot "scene_$s.png"
  check "$IMGTOOL" notblank "scene_$s.png"
done

# 2. --bogus: exit 2, one line on stderr naming the option
"$IMPRINT" --bogus >out.txt 2>err.txt; rc=$?
check test "$rc" -eq 2
check test "$(wc -l <err.txt)" -eq 1
check grep -q -- "--bogus" err.txt

# 3. a script whose line 3 is malformed: exit 2, names line 3, draws nothing
rm -f never.png
"$IMPRINT" --headless --size 320x180 --script "$TESTDIR/data/bad_line3.txt" --screenshot never.png 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q "bad_line3.txt:3:" err.txt
check test ! -e never.png

# 3b. a technique command where no scene of the run implements it: exit 2 before any frame
printf '0 scene mud\n1 fire\n' >wrong_scene.txt
"$IMPRINT" --headless --size 320x180 --script wrong_scene.txt 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q "wrong_scene.txt:2:" err.txt

# 3b2. a value out of its range says what is valid, before any frame
printf '0 scene mud\n0.5 truck 0 0 0\n' >truck_out.txt
"$IMPRINT" --headless --size 320x180 --script truck_out.txt 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q "truck_out.txt:2: truck: X and Z must be in 4..508" err.txt

# 3c. an output folder that does not exist is bad input found before the run, not after it
"$IMPRINT" --headless --size 320x180 --frames 2 --screenshot no/such/dir/a.png 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q "no/such/dir" err.txt

# 4. --help and --version succeed
check "$IMPRINT" --help >/dev/null
check "$IMPRINT" --version >/dev/null

# 5. a script drives captures: camera, view, screenshot, dump shadow, stats
cat >cap.txt <<'SCRIPT'
# foundation commands
0.0 camera 3 2 4 0 1 0
0.1 screenshot cap_a.png
0.2 view shadow
0.2 screenshot cap_view.png
0.2 dump shadow cap_shadow.png
0.3 stats cap_stats.json
SCRIPT
check run --scene dissolve --script cap.txt
check "$IMGTOOL" notblank cap_a.png
check "$IMGTOOL" notblank cap_view.png
check test -s cap_shadow.png
d=$("$IMGTOOL" diff cap_a.png cap_view.png)
check awk -v d="$d" 'BEGIN { exit !(d > 0.05) }'   # the debug panel changed the picture
for k in '"frame"' '"time"' '"scene"' '"fps"' '"gpu_ms"' '"cpu_ms"' '"main"' '"shadow"'; do
  check grep -q "$k" cap_stats.json
done

# 6. same seed + script + step -> identical pixels
check run --scene range --frames 8 --seed 7 --screenshot det_a.png
check run --scene range --frames 8 --seed 7 --screenshot det_b.png
check "$IMGTOOL" same det_a.png det_b.png

# 7. a dump of a target no scene has is a runtime error (exit 1), not silence
printf '0 dump wrinkle nothing.png\n' >nodump.txt
"$IMPRINT" --headless --size 320x180 --scene dissolve --script nodump.txt 2>err.txt; rc=$?
check test "$rc" -ne 0
check grep -q "wrinkle" err.txt

# 8. --bench writes JSON with frame times and per-pass GPU/CPU medians and p95
check run --scene dissolve --frames 20 --bench bench.json
for k in '"frames"' '"frame_ms"' '"median"' '"p95"' '"passes"' '"gpu_ms"' '"cpu_ms"' '"main"' '"post"' '"post.grade"'; do
  check grep -q "$k" bench.json
done

# 9. headless without --screenshot says where the picture went
out=$("$IMPRINT" --headless --size 320x180 --frames 2 --set face.idle=off --scene face)
check grep -q "imprint-face.png" <<<"$out"
check "$IMGTOOL" notblank imprint-face.png

# 10. stats list only the passes of the scene on screen: after range -> face, no damage pass
printf '0 scene range\n0.1 blast 0 1.4 0.3 0.1\n0.3 scene face\n0.6 stats switch.json\n' >switch.txt
check run --script switch.txt
check grep -q '"wrinkle.compose"' switch.json
check test "$(grep -c '"damage\.' switch.json)" -eq 0

# 11. --step-hz N: steps of 1/N s (headless one per frame); out of 1..1000 is bad input (exit 2)
printf '1 stats hz.json\n' >hz.txt
check run --scene dissolve --step-hz 30 --script hz.txt
# the capture of t=1 comes after that frame's step: frame 30 of 1/30 s, 31 steps (60 Hz: 60, 61)
check grep -q '"frame": 30,' hz.json
check grep -q '"steps": 31,' hz.json
"$IMPRINT" --headless --step-hz 1001 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q -- "--step-hz" err.txt

# 12. --hud off hides the whole overlay (the help page too), a view asked for still shows; --hud
#     maybe and `set hud maybe` exit 2 naming on|off; screenshot PATH.jpg writes a JPEG
check run --scene range --frames 3 --set hud.help=on --screenshot hud_on.png
check run --scene range --frames 3 --set hud.help=on --hud off --screenshot hud_off.png
check run --scene range --frames 3 --hud off --set hud.help=off --screenshot hud_off2.png
check "$IMGTOOL" same hud_off.png hud_off2.png
changed=$("$IMGTOOL" changed hud_on.png hud_off.png 0 0 320 180)
check test "${changed:-0}" -gt 5000
printf '0 view damage
0.05 screenshot hud_view.png
' >hud_view.txt
check run --scene range --hud off --script hud_view.txt
changed=$("$IMGTOOL" changed hud_off.png hud_view.png 0 0 320 180)
check test "${changed:-0}" -gt 2000
"$IMPRINT" --headless --hud maybe 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q -- "--hud: expected on|off, got 'maybe'" err.txt
printf '0 set hud maybe\n' >hud_bad.txt
"$IMPRINT" --headless --size 320x180 --script hud_bad.txt 2>err.txt; rc=$?
check test "$rc" -eq 2
check grep -q "hud_bad.txt:1: set: hud must be one of off|on, got 'maybe'" err.txt
check run --scene range --frames 2 --hud off --screenshot shot.jpg
check test "$(head -c 3 shot.jpg | od -An -tx1 | tr -d ' ')" = ffd8ff
check test "$("$IMGTOOL" stats shot.jpg | awk '{ print $1 "x" $2 }')" = 320x180

exit $fail

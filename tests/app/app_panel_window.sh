#!/usr/bin/env bash
# The panel in a real window under Xvfb: a slider dragged with real mouse events (XTEST through
# xdotool, as a user's hand) changes the registry, read back through `params`; the drag neither
# captures the mouse nor fires a shot (the panel keeps its input from the scene); U hides the panel.
# The slider is found through `stats` ("ui": {"widgets": {name: [x, y, w, h]}}); every step waits
# for its effect with a deadline instead of sleeping blindly.
# ctest: slow
set -u
source "$TESTDIR/support/window.sh"

cat >inner.sh <<'INNER'
set -u
source "$TESTDIR/support/window.sh" # wait_for
# the counters and the registry every 0.2 s of (real) time; a reader may meet a file being
# rewritten, so every read is retried
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "%.1f stats stats.json\n%.1f params params.json\n", i * 0.2, i * 0.2 }' >every.txt
rm -f stats.json params.json
# Under LeakSanitizer glfwTerminate unloads the GLX driver modules before the leak report (their
# allocations show as "<unknown module>"): no leak check for this windowed run; ASan stays on.
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}detect_leaks=0"
"$IMPRINT" --size 640x400 --scene range --ui --script every.txt >win.log 2>&1 &
pid=$!
die() { echo "FAIL: $*"; tail -5 win.log; kill $pid 2>/dev/null; exit 1; }
up() { grep -q "running headless" win.log || xdotool search --name '^imprint$' >/dev/null; }
wait_for 120 up && ! grep -q "running headless" win.log || die "no window"
win=$(xdotool search --name '^imprint$' | head -1)
stat() { grep -o "\"$1\": *[^,}]*" stats.json 2>/dev/null | head -1 | sed 's/^[^:]*: *//; s/"//g'; }
value() { awk -v n="\"$1\":" '$1 == n { on = 1 } on && $1 == "\"value\":" { v = $2; sub(/,$/, "", v); print v; exit }' params.json 2>/dev/null; }
rect() { tr -d ' \n' <stats.json 2>/dev/null | grep -o "\"$1\":\[[0-9.,-]*\]" | sed 's/.*\[//; s/\]//; s/,/ /g'; }
have_rect() { r=$(rect damage.fade_rate); [ -n "$r" ]; }
wait_for 120 have_rect || die "the panel lists no damage.fade_rate slider in stats"
read -r x y w h <<<"$r"
before=$(value damage.fade_rate)
[ "$before" = 10 ] || die "damage.fade_rate starts at '$before', want the default 10"
# press near the slider's left end, drag to near its right end in steps, release
x0=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w * 0.1 }')
x1=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w * 0.9 }')
yc=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
xdotool windowfocus "$win" 2>/dev/null
xdotool mousemove --window "$win" "$x0" "$yc"
sleep 0.5
xdotool mousedown 1
for k in 1 2 3 4 5 6 7 8; do
  xdotool mousemove --window "$win" $((x0 + (x1 - x0) * k / 8)) "$yc"
  sleep 0.15
done
sleep 0.3
xdotool mouseup 1
# the slider maps 1..60 across its width: 90 % of the way is about 54
moved() { v=$(value damage.fade_rate); [ -n "$v" ] && awk -v v="$v" 'BEGIN { exit !(v > 45 && v <= 60) }'; }
wait_for 30 moved || die "after the drag damage.fade_rate is '$(value damage.fade_rate)', want about 54"
echo "dragged damage.fade_rate from $before to $(value damage.fade_rate)"
sleep 1
[ "$(stat mouse_captured)" = false ] || die "the click on the panel captured the mouse"
[ "$(stat shots)" = 0 ] || die "the click on the panel fired a shot ($(stat shots))"
# U hides the panel (the pointer is still over it: keys still reach the app)
xdotool mousemove --window "$win" 100 100
hidden() { tr -d ' \n' <stats.json 2>/dev/null | grep -q '"ui":{"shown":false'; }
for _ in 1 2 3; do xdotool key u; wait_for 10 hidden && break; done
hidden || die "U did not hide the panel"
xdotool key Escape
wait_for 60 sh -c "! kill -0 $pid" || die "Esc did not quit"
wait $pid; rc=$?
[ $rc -eq 0 ] || { cat win.log; echo "exit status $rc"; exit 1; }
if grep -q "GL error" win.log; then cat win.log; exit 1; fi
exit 0
INNER
window_run inner.sh

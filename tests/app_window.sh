#!/usr/bin/env bash
# The windowed path under Xvfb (GLFW, GL 3.3 core, MSAA, keyboard): F12 writes a screenshot, Tab
# switches scene, a resize is followed, Esc quits with status 0. Keys go through XTEST (xdotool),
# as a user's would; every step waits for its effect with a deadline instead of sleeping blindly.
set -u
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null || { echo "needs xvfb-run and xdotool (scripts/deps.sh)"; exit 1; }

cat >inner.sh <<'INNER'
set -u
wait_for() { # wait_for SECONDS COMMAND...: poll until the command succeeds
  local end=$((SECONDS + $1)); shift
  until "$@" 2>/dev/null; do [ $SECONDS -lt $end ] || return 1; sleep 0.5; done
}
rm -f imprint-*.png
# Under LeakSanitizer (CI's sanitizer build): glfwTerminate unloads the GLX driver modules before
# the leak report, so their allocations show as "<unknown module>" that no suppression can name.
# Leak checking stays on for every headless run (the other app tests); ASan itself stays on here.
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}detect_leaks=0" \
"$IMPRINT" --size 480x270 --scene range >win.log 2>&1 &
pid=$!
wait_for 120 xdotool search --name '^imprint$' >/dev/null || { echo "no window"; cat win.log; exit 1; }
win=$(xdotool search --name '^imprint$' | head -1)
# F12 until a new screenshot appears: the first key may arrive before the window has focus or
# before the first frame polls input, and a retry is harmless (one more screenshot)
count() { ls imprint-*.png 2>/dev/null | wc -l; }
shoot() { local before end=$((SECONDS + 120)); before=$(count)
  while [ $SECONDS -lt $end ]; do
    xdotool windowfocus "$win" 2>/dev/null; xdotool key F12
    for _ in $(seq 20); do [ "$(count)" -gt "$before" ] && return 0; sleep 0.5; done
  done
  return 1; }
newest() { ls -t imprint-*.png | head -1; }
shoot || { echo "F12 wrote nothing"; cat win.log; exit 1; }
case $(newest) in imprint-range-*) ;; *) echo "started in the wrong scene: $(newest)"; exit 1;; esac
# Tab until the screenshots say mud (a lost Tab is pressed again; the scenes cycle)
for _ in $(seq 8); do
  xdotool key Tab
  shoot || { echo "F12 wrote nothing after Tab"; exit 1; }
  case $(newest) in imprint-mud-*) break;; esac
done
case $(newest) in imprint-mud-*) ;; *) echo "Tab never reached the mud scene"; ls; exit 1;; esac
xdotool windowsize "$win" 400 300
sleep 2
shoot || { echo "no screenshot after resize"; exit 1; }
xdotool key Escape
wait_for 120 sh -c "! kill -0 $pid" || { echo "Esc did not quit"; kill $pid; exit 1; }
wait $pid; rc=$?
[ $rc -eq 0 ] || { echo "exit status $rc"; cat win.log; exit 1; }
if grep -q "GL error" win.log; then cat win.log; exit 1; fi
"$IMGTOOL" notblank "$(ls imprint-range-*.png | head -1)" || exit 1
last=$(newest)
"$IMGTOOL" notblank "$last" || exit 1
"$IMGTOOL" stats "$last" | awk '{ exit !($1 == 400 && $2 == 300) }' || { echo "resize not followed: $("$IMGTOOL" stats "$last")"; exit 1; }
exit 0
INNER
xvfb-run -a -s "-screen 0 1024x768x24" bash inner.sh

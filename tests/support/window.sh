# Shared by the window tests (tests/app_*window.sh), sourced both by the test and by the body it
# runs under Xvfb:
#   source "$TESTDIR/support/window.sh"      needs xvfb-run and xdotool, defines the helpers
#   window_run inner.sh                      runs a body under a fresh Xvfb screen (1024x768)
#   wait_for SECONDS COMMAND...              polls until COMMAND succeeds (inside the body)
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null || { echo "needs xvfb-run and xdotool (scripts/deps.sh)"; exit 1; }
wait_for() {
  local end=$((SECONDS + $1)); shift
  until "$@" 2>/dev/null; do [ $SECONDS -lt $end ] || return 1; sleep 0.5; done
}
# -noreset: Xvfb would reset when its last client leaves, and a second run of the body could then
# find no display and fall back to headless.
window_run() { xvfb-run -a -s "-screen 0 1024x768x24 -noreset" bash "$1"; }

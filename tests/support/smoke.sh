# smoke.sh — shared by the per-scene smoke tests (tests/<technique>/app_smoke_*.sh): the quick
# proof that a scene starts headless, does its one thing, and says so in its stats and pixels.
#   source "$TESTDIR/support/smoke.sh"; smoke_run SCENE SCRIPT_TEXT; then use num/check
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
# num FILE KEY: the first numeric value of "KEY": in a stats JSON
num() { grep -o "\"$2\": [0-9.e+-]*" "$1" | head -1 | awk '{ print $2 }'; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }
smoke_run() {
    local scene=$1
    printf '%s\n' "$2" >smoke.txt
    "$IMPRINT" --headless --scene "$scene" --size 320x180 --seed 1 --script smoke.txt 2>err.txt
    local rc=$?
    [ $rc -eq 0 ] || { echo "FAILED: imprint --scene $scene exited $rc"; cat err.txt; fail=1; }
}
smoke_end() {
    [ $fail -eq 0 ] && echo "$1: ok"
    exit $fail
}

#!/usr/bin/env bash
# The pull as the reference shows it (issue 31 item 5): the pulled strands glow toward a target
# that glows, with embers streaming in. At the same fixed amount, pull against push: embers alive
# while pulling; many more glowing pixels (the strands); the orb, looked at straight on (the
# screen's centre), hot orange-white while pulling and its plain blue marker while pushing; two
# pull runs with the same seed byte-identical. (unit_dissolve holds the strands' geometry: of the
# area pulled more than 5 cm, the strands keep a small share, where the plain cut kept sheets.)
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
num() { grep -o "\"$2\": [0-9.e+-]*" "$1" | head -1 | awk '{ print $2 }'; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }' || { echo "$1 is not > $2"; return 1; }; }
run() { "$IMPRINT" --headless --size 320x180 --seed 3 --scene dissolve "$@" >/dev/null 2>>err.txt || { echo "FAILED: imprint $* exited $?"; cat err.txt; fail=1; }; }

cat >push.txt <<'SCRIPT'
0.00 dissolve 0.5
0.00 dissolve-mode push
0.00 dissolve-shape direction
0.30 screenshot push.png
0.30 stats push.json
SCRIPT
run --script push.txt
# the orb straight ahead: from the default eye, looking at the target `stats` gives
t=$(tr -d ' \n' <push.json | grep -o '"dissolve_target":\[[^]]*\]' | sed 's/.*\[//; s/\]//; s/,/ /g')
check test -n "$t"
cat >pull.txt <<SCRIPT
0.00 dissolve 0.5
0.00 dissolve-mode pull
0.00 dissolve-shape direction
0.30 screenshot pull.png
0.30 stats pull.json
0.32 camera 0 1.9 4.7 $t
0.35 screenshot orb_pull.png
# (a command runs before the screenshot of its frame: the next one a step later)
0.38 dissolve-mode push
0.43 screenshot orb_push.png
SCRIPT
run --script pull.txt
cp pull.png pull_first.png
run --script pull.txt
check gt "$(num pull.json embers)" 0
check cmp -s pull.png pull_first.png
# hot pixels (R >= 180, R - B >= 80) below the HUD lines: the strands and the orb
R="0 30 320 150"
check gt "$("$IMGTOOL" glow pull.png $R)" "$(( 4 * $("$IMGTOOL" glow push.png $R) + 200 ))"
read -r pr pg pb _ <<<"$("$IMGTOOL" region orb_pull.png 157 87 6 6)"
read -r qr qg qb _ <<<"$("$IMGTOOL" region orb_push.png 157 87 6 6)"
check gt "$pr" 230         # white-hot core
check gt "$pr" "$pb"       # burning, not the blue marker
check gt "$qb" "$qr"       # pushing, the orb is the plain blue sphere-shape marker
[ $fail -eq 0 ] && echo "app_dissolve_pull: ok"
exit $fail

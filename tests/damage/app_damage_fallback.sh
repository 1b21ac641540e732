#!/usr/bin/env bash
# A damage shader that does not compile is a visible fallback, not a failed run: the range, run
# from a data directory (IMPRINT_DATA_DIR) whose shaders/damage_unwrap.frag has a syntax error on
# line 8, exits 0, says damage_unwrap.frag:8 on stderr, takes a blast and writes its picture; the
# damage map is still made (no "could not create").
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }

source "$TESTDIR/support/broken_shader.sh"
broken_shader damage_unwrap.frag 8 "uniform int u_count this is not glsl;"

printf '0.5 blast 0 1.2 0.3 0.3\n1 quit\n' >blast.txt
rm -f broken.png
IMPRINT_DATA_DIR="$PWD/data" "$IMPRINT" --headless --size 320x180 --scene range --seed 1 --script blast.txt \
    --screenshot broken.png 2>broken.err; rc=$?
check test "$rc" -eq 0
check test -s broken.png
check grep -q "damage_unwrap.frag:8:" broken.err
check grep -q "magenta fallback" broken.err
check test -z "$(grep -e "could not create" -e "could not be created" broken.err)"

[ $fail -eq 0 ] && echo "app_damage_fallback: ok"
exit $fail

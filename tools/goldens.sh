#!/usr/bin/env bash
# Reference images: tests/golden/NAME.png (320x180), rendered headless at the fixed step by the
# scripts tests/golden/GROUP.txt (several states per process; the header's `# golden:` line gives
# the scene and seed; every run adds --headless --size 320x180 --hud off).
#
#   tools/goldens.sh                      render every group and compare with the references
#   tools/goldens.sh --check GROUP        one group (what ctest's golden_GROUP runs)
#   tools/goldens.sh --repeat GROUP       render the group twice: every picture bit-identical
#   tools/goldens.sh --update [NAME...]   remake the references (all, or the named states only)
#   tools/goldens.sh --list               the states, one per line: GROUP NAME
#
# The rule (Filament's renderdiff's): a frame is within tolerance of its reference when at most
# 0.1 % of its pixels differ by more than 5/255 in a channel and the mean difference is at most
# 0.5/255 (tests/tools/imgtool.c, `compare`). On this machine a frame is bit-identical to the last;
# the tolerance is for other CPUs under llvmpipe. On a failure the folder (GOLDEN_OUT, default
# ./golden-out) holds GROUP/NAME.png (the frame) and GROUP/NAME.side.png: actual | reference |
# difference x8, red where a pixel is over 5/255.
# When to --update: only for a change of a picture that is meant, looked at (open the .side.png),
# and named in the commit with the reason. IMPRINT overrides the binary (build/bin/imprint).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gdir=$root/tests/golden
imprint=${IMPRINT:-$root/build/bin/imprint}
imgtool=${IMGTOOL:-$(dirname "$imprint")/imgtool}
out=${GOLDEN_OUT:-$PWD/golden-out}
level=5 maxfrac=0.001 maxmean=0.5
size=320x180

groups() { for f in "$gdir"/*.txt; do basename "$f" .txt; done; }
# the states of a group: the screenshot paths of its script
states() { grep -oE '^[0-9.]+ +screenshot +[A-Za-z0-9_-]+\.png' "$gdir/$1.txt" | awk '{ sub(/\.png$/, "", $3); print $3 }'; }
need_tools() {
  [ -x "$imprint" ] || { echo "goldens: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
  [ -x "$imgtool" ] || { echo "goldens: no imgtool at $imgtool (built with the tests, or set IMGTOOL)" >&2; exit 2; }
}
# render GROUP into DIR: the script's screenshots land there
render() {
  local g=$1 dir=$2 args
  args=$(sed -n 's/^# golden: *//p' "$gdir/$g.txt" | head -1)
  [ -n "$args" ] || { echo "goldens: tests/golden/$g.txt has no '# golden: ARGS' header line" >&2; return 2; }
  mkdir -p "$dir"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  if ! (cd "$dir" && "$imprint" --headless --size $size --hud off $args --script "$gdir/$g.txt" >render.log 2>&1); then
    echo "goldens: $g: imprint failed:" >&2; tail -5 "$dir/render.log" >&2; return 1
  fi
  echo "goldens: $g rendered in $((SECONDS - t0)) s ($(states "$g" | wc -l) states)"
}
check() {
  local g=$1 fail=0 n
  [ -f "$gdir/$g.txt" ] || { echo "goldens: no group '$g' (groups: $(groups | tr '\n' ' '))" >&2; return 2; }
  render "$g" "$out/$g" || return 1
  for n in $(states "$g"); do
    if [ ! -f "$gdir/$n.png" ]; then
      echo "FAILED $n: no reference tests/golden/$n.png; make it with: tools/goldens.sh --update $n (look at it first)"
      fail=1; continue
    fi
    if [ ! -f "$out/$g/$n.png" ]; then echo "FAILED $n: the run wrote no $n.png"; fail=1; continue; fi
    if line=$("$imgtool" compare "$gdir/$n.png" "$out/$g/$n.png" $level $maxfrac $maxmean "$out/$g/$n.side.png"); then
      echo "ok     $n: $line"
    else
      echo "FAILED $n: $line"
      echo "       actual | reference | difference: $out/$g/$n.side.png"
      fail=1
    fi
  done
  return $fail
}

case "${1:-}" in
  --list)
    for g in $(groups); do for n in $(states "$g"); do echo "$g $n"; done; done ;;
  --check)
    [ $# -eq 2 ] || { echo "usage: tools/goldens.sh --check GROUP" >&2; exit 2; }
    need_tools; check "$2"; exit $? ;;
  --repeat)
    [ $# -eq 2 ] || { echo "usage: tools/goldens.sh --repeat GROUP" >&2; exit 2; }
    need_tools
    [ -f "$gdir/$2.txt" ] || { echo "goldens: no group '$2'" >&2; exit 2; }
    render "$2" "$out/$2.a" && render "$2" "$out/$2.b" || exit 1
    fail=0
    for n in $(states "$2"); do
      if cmp -s "$out/$2.a/$n.png" "$out/$2.b/$n.png" && [ -s "$out/$2.a/$n.png" ]; then echo "ok     $n: bit-identical"
      else echo "FAILED $n: two renders on this machine differ ($out/$2.a/$n.png, $out/$2.b/$n.png)"; fail=1; fi
    done
    exit $fail ;;
  --update)
    shift; need_tools
    known=$(for g in $(groups); do for n in $(states "$g"); do echo "$g $n"; done; done)
    for n in "$@"; do
      grep -q " $n\$" <<<"$known" || { echo "goldens: unknown state '$n'; the known ones:" >&2; awk '{ print "  " $2 }' <<<"$known" >&2; exit 2; }
    done
    todo=$(if [ $# -eq 0 ]; then groups; else for n in "$@"; do grep " $n\$" <<<"$known" | cut -d' ' -f1; done | sort -u; fi)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    for g in $todo; do
      render "$g" "$tmp/$g" || exit 1
      for n in $(states "$g"); do
        if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$n"; then continue; fi
        cp "$tmp/$g/$n.png" "$gdir/$n.png" && echo "goldens: updated tests/golden/$n.png"
      done
    done ;;
  "")
    need_tools; fail=0
    for g in $(groups); do check "$g" || fail=1; done
    exit $fail ;;
  *) echo "usage: tools/goldens.sh [--check GROUP | --repeat GROUP | --update [NAME...] | --list]" >&2; exit 2 ;;
esac

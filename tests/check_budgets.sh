#!/bin/bash
# The budget table's build check (tools/embed_budgets.cmake): docs/perf.md's table embeds, and a
# table with an unknown pass, a value that is not milliseconds, a short row or no markers stops
# with one line naming what is wrong. Usage: check_budgets.sh SOURCE_DIR
set -u
root=${1:?usage: check_budgets.sh SOURCE_DIR}
cmake=${CMAKE:-cmake}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
embed() { "$cmake" -DIN="$1" -DSRC="$root/src" -DOUT="$scratch/out.c" -P "$root/tools/embed_budgets.cmake" 2>&1; }
out=$(embed "$root/docs/perf.md") || { echo "$out"; echo "check_budgets: docs/perf.md's table does not embed"; exit 1; }
rows=$(grep -c '^    {"' "$scratch/out.c")
[ "$rows" -ge 20 ] || { echo "check_budgets: only $rows rows embedded"; exit 1; }
plant() { # NAME SED-EXPRESSION EXPECTED-TEXT
    sed "$2" "$root/docs/perf.md" >"$scratch/$1.md"
    cmp -s "$root/docs/perf.md" "$scratch/$1.md" && { echo "check_budgets: $1: the plant changed nothing"; exit 1; }
    if out=$(embed "$scratch/$1.md"); then echo "check_budgets: $1: not caught"; exit 1; fi
    grep -qF -- "$3" <<<"$out" || { echo "$out"; echo "check_budgets: $1: no '$3' in the message"; exit 1; }
}
plant unknown 's/^| `post.grade` |/| `post.gradient` |/' "unknown pass 'post.gradient'"
plant value '/budgets:begin/,/budgets:end/s/^| `post.ssao` | [0-9.]* |/| `post.ssao` | fast |/' "'fast' for post.ssao is not milliseconds"
plant short '/budgets:begin/,/budgets:end/s/^| `post.dof` | \([^|]*\)|.*$/| `post.dof` | \1|/' "a row without five cells"
plant markers 's/<!-- budgets:begin -->//' "no <!-- budgets:begin -->"
echo "check_budgets: docs/perf.md's $rows budgets embed; an unknown pass, a bad value, a short row, no markers each stop the build"

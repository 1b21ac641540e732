#!/bin/bash
# Files small enough to read in one sitting: no source file in src/ over 600 lines (DESIGN.md,
# "Module shape"). A file that grows past it splits by responsibility, with a shared *_internal.h.
# No page docs/*.md over 450 lines either (issue 48, "Pages that stay short"): a technique page
# keeps what the technique does and moves its measurement history to docs/perf.md, which is the
# one page exempt (it keeps every dated figure and may grow).
# Usage: check_file_size.sh SOURCE_DIR
set -u
root=${1:?usage: check_file_size.sh SOURCE_DIR}
max=600
doc_max=450
[ -d "$root/src" ] || { echo "check_file_size: no $root/src"; exit 1; }
n=$(find "$root/src" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) | wc -l)
[ "$n" -gt 50 ] || { echo "check_file_size: only $n sources under $root/src (wrong folder?)"; exit 1; }
over=$(find "$root/src" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -exec wc -l {} + |
       awk -v max=$max '$2 != "total" && $1 > max { print "  " $2 ": " $1 " lines" }')
fail=0
if [ -n "$over" ]; then
    echo "check_file_size: files over $max lines (split them by responsibility):"
    echo "$over"
    fail=1
fi
[ -d "$root/docs" ] || { echo "check_file_size: no $root/docs"; exit 1; }
pages=$(find "$root/docs" -maxdepth 1 -type f -name '*.md' ! -name perf.md | wc -l)
[ "$pages" -gt 5 ] || { echo "check_file_size: only $pages pages under $root/docs (wrong folder?)"; exit 1; }
# grep -c '' counts a last line without a newline too
long=$(find "$root/docs" -maxdepth 1 -type f -name '*.md' ! -name perf.md -exec grep -c '' {} + |
       awk -F: -v max=$doc_max '$NF > max { print "  " $1 ": " $NF " lines" }')
if [ -n "$long" ]; then
    echo "check_file_size: pages over $doc_max lines (move measurement history to docs/perf.md):"
    echo "$long"
    fail=1
fi
[ $fail -eq 0 ] || exit 1
echo "check_file_size: $n sources, none over $max lines; $pages pages (docs/perf.md aside), none over $doc_max lines"

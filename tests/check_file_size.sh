#!/bin/bash
# Files small enough to read in one sitting: no source file in src/ over 600 lines (DESIGN.md,
# "Module shape"). A file that grows past it splits by responsibility, with a shared *_internal.h.
# Usage: check_file_size.sh SOURCE_DIR
set -u
root=${1:?usage: check_file_size.sh SOURCE_DIR}
max=600
[ -d "$root/src" ] || { echo "check_file_size: no $root/src"; exit 1; }
n=$(find "$root/src" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) | wc -l)
[ "$n" -gt 50 ] || { echo "check_file_size: only $n sources under $root/src (wrong folder?)"; exit 1; }
over=$(find "$root/src" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -exec wc -l {} + |
       awk -v max=$max '$2 != "total" && $1 > max { print "  " $2 ": " $1 " lines" }')
if [ -n "$over" ]; then
    echo "check_file_size: files over $max lines (split them by responsibility):"
    echo "$over"
    exit 1
fi
echo "check_file_size: $n sources, none over $max lines"

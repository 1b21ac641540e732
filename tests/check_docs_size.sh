#!/bin/bash
# The docs' pictures stay small: docs/img at most 15 MB in all and no file over 400 KB. Every
# version of a picture stays in git forever, so scene shots are JPEG (screenshot PATH.jpg) and
# tools/docs_pictures.sh replaces a picture only when it changed beyond tolerance.
# Usage: check_docs_size.sh SOURCE_DIR
set -u
root=${1:?usage: check_docs_size.sh SOURCE_DIR}
dir=$root/docs/img
max_total=$((15 * 1000 * 1000)) max_file=$((400 * 1000))
[ -d "$dir" ] || { echo "check_docs_size: no $dir"; exit 1; }
n=$(find "$dir" -type f | wc -l)
[ "$n" -gt 20 ] || { echo "check_docs_size: only $n files in $dir (wrong folder?)"; exit 1; }
total=$(find "$dir" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
big=$(find "$dir" -type f -size +${max_file}c -printf '  %f: %s bytes\n')
fail=0
if [ "$total" -gt "$max_total" ]; then
  echo "check_docs_size: docs/img holds $total bytes, over $max_total (scene shots as JPEG; drop unused pictures)"
  fail=1
fi
if [ -n "$big" ]; then
  echo "check_docs_size: files over $max_file bytes (a scene shot as JPEG, a smaller size):"
  echo "$big"
  fail=1
fi
[ $fail -eq 0 ] && echo "check_docs_size: $n files, $total bytes (at most $max_total), none over $max_file"
exit $fail

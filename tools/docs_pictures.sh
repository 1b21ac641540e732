#!/usr/bin/env bash
# Remakes every picture in docs/img from the scripts in docs/scripts, headless, with the command
# line each script names in its header (the first comment line that runs imprint with
# --script). Run from anywhere after a build; IMPRINT overrides the binary (build/bin/imprint).
# Usage: tools/docs_pictures.sh [SCRIPT...]   (default: every docs/scripts/*.txt that makes pictures,
#        then the figures below that other programs of ours make)
# This script is the one place the docs' pictures come from: tests/app_docs.sh fails on a PNG in
# docs/img that no docs/scripts file and no line here makes, unless it is in the FROZEN list.
# FROZEN: pictures of an earlier build, kept for a before/after comparison; no build makes them now:
#   mud_rut_before.png mud_top_before.png (docs/mud.md: the rut before per-pixel normals)
# END FROZEN
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
imprint=${IMPRINT:-$root/build/bin/imprint}
[ -x "$imprint" ] || { echo "docs_pictures: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
cd "$root"
scripts=("$@")
[ ${#scripts[@]} -gt 0 ] || scripts=(docs/scripts/*.txt)
fail=0
for s in "${scripts[@]}"; do
  line=$(grep -m1 -E '^#.*imprint[^ ]* .*--script' "$s" || true)
  case "$line" in *--bench*|"") echo "docs_pictures: $s: no picture command in its header, skipped"; continue;; esac
  line=${line#\#}
  env=() args=() seen=0
  for w in $line; do
    if [ $seen -eq 0 ]; then
      case "$w" in *=*) env+=("$w"); continue;; *imprint) seen=1; continue;; esac
    fi
    [ $seen -eq 1 ] && args+=("$w")
  done
  echo "docs_pictures: $s"
  if ! env "${env[@]}" "$imprint" "${args[@]}" >/dev/null; then echo "docs_pictures: FAILED: $s" >&2; fail=1; fi
done
# figures made by other programs of ours (only in a full run, not for named scripts)
if [ $# -eq 0 ]; then
  bin=$(dirname "$imprint")
  echo "docs_pictures: figure docs/img/mud_crest_trace.png (gl_mud_crest)"
  IMPRINT_CREST_PNG=docs/img/mud_crest_trace.png "$bin/gl_mud_crest" >/dev/null || { echo "docs_pictures: FAILED: gl_mud_crest" >&2; fail=1; }
fi
exit $fail

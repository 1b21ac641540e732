#!/usr/bin/env bash
# The post stack against a build of another commit (issue 52 item 2, docs/perf.md): every post
# pass of every scene (or those named), by tools/pass_bench.sh: headless at 960x540 `--quality
# high --frames 30 --bench`, alternating before and after, the median of the per-pair ratios
# after / before per pass, the frame and the process's CPU seconds, markdown.
# Usage: tools/post_bench.sh BEFORE_ROOT [AFTER_ROOT (default .)] [PAIRS (default 8)] [SCENES...]
set -euo pipefail
before=${1:?usage: post_bench.sh BEFORE_ROOT [AFTER_ROOT] [PAIRS] [SCENES...]}
after=${2:-.}
pairs=${3:-8}
shift $(($# < 3 ? $# : 3))
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(range mud face dissolve)
specs=()
for s in "${scenes[@]}"; do specs+=("$s:post,post.ssao,post.dof,post.bloom,post.exposure,post.grade,post.fxaa"); done
exec "$(dirname "$0")/pass_bench.sh" "$before" "$after" "$pairs" "${specs[@]}"

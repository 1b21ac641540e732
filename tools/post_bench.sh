#!/usr/bin/env bash
# The post stack against a build of another commit (issue 52 item 2, docs/perf.md): for every
# scene, headless at 960x540 `--quality high --frames 30 --bench`, runs alternating (before,
# after, before, after, ...) so the machine's load falls on both alike; prints per scene and per
# post pass the median of each side's run medians (`passes.*.gpu_ms`) and the median of the
# per-pair ratios after / before (the figure the issue asks for), markdown.
# Usage: tools/post_bench.sh BEFORE_ROOT [AFTER_ROOT (default .)] [PAIRS (default 8)] [SCENES...]
# Each ROOT is a source tree with its build in ROOT/build (run from there: shaders and assets).
# A run that fails (a crash) is named with its side and run once more; a second failure stops.
set -euo pipefail
before=$(cd "${1:?usage: post_bench.sh BEFORE_ROOT [AFTER_ROOT] [PAIRS] [SCENES...]}" && pwd)
after=$(cd "${2:-.}" && pwd)
pairs=${3:-8}
shift $(($# < 3 ? $# : 3))
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(range mud face dissolve)
for r in "$before" "$after"; do
    [ -x "$r/build/bin/imprint" ] || { echo "post_bench: no $r/build/bin/imprint (build first)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_once() { # ROOT SCENE OUT
    (cd "$1" && build/bin/imprint --headless --scene "$2" --size 960x540 --frames 30 --quality high \
        --bench "$3" >/dev/null 2>&1)
}
run() { # a failed run is named (side, scene, status) and run once more; a second failure stops
    run_once "$@" && return 0
    echo "post_bench: $1 $2 failed (status $?), run again" >&2
    run_once "$@" || { echo "post_bench: $1 $2 failed twice" >&2; exit 1; }
}
for s in "${scenes[@]}"; do
    for ((i = 0; i < pairs; i++)); do
        echo "post_bench: $s pair $((i + 1))/$pairs" >&2
        run "$before" "$s" "$tmp/$s.before.$i.json"
        run "$after" "$s" "$tmp/$s.after.$i.json"
    done
done
python3 - "$tmp" "$pairs" "${scenes[@]}" <<'PY'
import json, statistics, sys
tmp, pairs, scenes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def load(s, side, i):
    d = json.load(open('%s/%s.%s.%d.json' % (tmp, s, side, i)))
    r = {k: v['gpu_ms']['median'] for k, v in d['passes'].items() if k == 'post' or k.startswith('post.')}
    r['frame'] = d['frame_ms']['median']
    return r
print('| scene | pass | before ms | after ms | after / before (median of %d pairs) |' % pairs)
print('|---|---|---:|---:|---:|')
for s in scenes:
    B = [load(s, 'before', i) for i in range(pairs)]
    A = [load(s, 'after', i) for i in range(pairs)]
    keys = ['post'] + sorted(k for k in set(B[0]) | set(A[0]) if k.startswith('post.')) + ['frame']
    for k in keys:
        b = [x.get(k, 0.0) for x in B]
        a = [x.get(k, 0.0) for x in A]
        ratios = [y / x for x, y in zip(b, a) if x > 0]
        ratio = '%.2f' % statistics.median(ratios) if ratios else '-'
        name = '**%s**' % k if k == 'post' else k
        print('| %s | %s | %.2f | %.2f | %s |' % (s, name, statistics.median(b), statistics.median(a), ratio))
PY

#!/usr/bin/env bash
# Named passes against a build of another commit (issue 52 item 4, docs/perf.md): per scene,
# headless at 960x540 `--quality high --frames 30 --bench`, runs alternating (before, after,
# before, after, ...) so the machine's load falls on both alike; prints per pass the median of
# each side's run medians (`passes.*.gpu_ms`), the median of the per-pair ratios after / before,
# and the same for the frame and for each process's CPU seconds (user + system), markdown.
# Usage: tools/pass_bench.sh BEFORE_ROOT AFTER_ROOT PAIRS SCENE:PASS[,PASS...] [SCENE:PASS...]
#   e.g. tools/pass_bench.sh /work/base . 8 mud:mud.terrain face:wrinkle.skin,wrinkle.compose
# Each ROOT is a source tree with its build in ROOT/build (run from there: shaders and assets).
# A run that fails (a crash) is named with its side and run once more; a second failure stops.
set -euo pipefail
usage="usage: pass_bench.sh BEFORE_ROOT AFTER_ROOT PAIRS SCENE:PASS[,PASS...]..."
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
before=$(cd "$1" && pwd)
after=$(cd "$2" && pwd)
pairs=$3
shift 3
for r in "$before" "$after"; do
    [ -x "$r/build/bin/imprint" ] || { echo "pass_bench: no $r/build/bin/imprint (build first)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_once() { # ROOT SCENE OUT
    (cd "$1" && IMPRINT_DATA_DIR="$1" /usr/bin/time -f "%U %S" -o "$3.cpu" build/bin/imprint --headless --scene "$2" \
        --size 960x540 --frames 30 --quality high --bench "$3" >/dev/null 2>&1)
}
run() { # a failed run (a crash) is named with its side and run once more; a second failure stops
    run_once "$@" && return 0
    echo "pass_bench: $1 $2 failed (status $?), run again" >&2
    run_once "$@" || { echo "pass_bench: $1 $2 failed twice" >&2; exit 1; }
}
for spec in "$@"; do
    s=${spec%%:*}
    for ((i = 0; i < pairs; i++)); do
        echo "pass_bench: $s pair $((i + 1))/$pairs $(date -u +%H:%M:%S)" >&2
        run "$before" "$s" "$tmp/$s.before.$i.json"
        run "$after" "$s" "$tmp/$s.after.$i.json"
    done
done
python3 - "$tmp" "$pairs" "$@" <<'PY'
import json, statistics, sys
tmp, pairs, specs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def load(s, side, i, passes):
    f = '%s/%s.%s.%d.json' % (tmp, s, side, i)
    d = json.load(open(f))
    r = {p: d['passes'][p]['gpu_ms']['median'] for p in passes if p in d['passes']}
    r['frame'] = d['frame_ms']['median']
    r['process CPU s'] = sum(float(x) for x in open(f + '.cpu').read().split()[-2:])
    return r
print('| scene | pass | before ms | after ms | after / before (median of %d pairs) |' % pairs)
print('|---|---|---:|---:|---:|')
for spec in specs:
    s, ps = spec.split(':', 1)
    passes = ps.split(',')
    B = [load(s, 'before', i, passes) for i in range(pairs)]
    A = [load(s, 'after', i, passes) for i in range(pairs)]
    for k in passes + ['frame', 'process CPU s']:
        b = [x.get(k, 0.0) for x in B]
        a = [x.get(k, 0.0) for x in A]
        ratios = [y / x for x, y in zip(b, a) if x > 0]
        ratio = '%.2f' % statistics.median(ratios) if ratios else '-'
        print('| %s | %s | %.2f | %.2f | %s |' % (s, k, statistics.median(b), statistics.median(a), ratio))
PY

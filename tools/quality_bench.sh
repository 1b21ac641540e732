#!/usr/bin/env bash
# The quality presets' figure (issue 32, docs/perf.md "Quality presets"): for every scene,
#  1. headless at 960x540, `--frames 60 --bench`, --quality high and --quality low in turn (same
#     run, same load): the frame medians and their ratio (target: low <= 1/3 of high);
#  2. in a window under xvfb-run at 960x540, the default preset (auto: low on a CPU renderer, with
#     the governor at 30 fps) for 10 s of real time: the median frame time (target <= 50 ms) and
#     the scale the governor settled at.
# Prints a markdown table. Usage: tools/quality_bench.sh [BUILD_DIR] (default build)
set -euo pipefail
build=${1:-build}
bin=$build/bin/imprint
[ -x "$bin" ] || { echo "quality_bench: no $bin (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
med() { python3 -c "import json,sys; print('%.1f' % json.load(open(sys.argv[1]))['frame_ms']['median'])" "$1"; }
key() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
scenes=(range mud face dissolve)
echo "| scene | headless high ms | headless low ms | low / high | window (auto) median ms | window scale | window preset |"
echo "|---|---:|---:|---:|---:|---:|---|"
printf '9.9 stats %s/win.json\n10 quit\n' "$tmp" >"$tmp/win.txt"
for s in "${scenes[@]}"; do
    echo "quality_bench: $s headless" >&2
    "$bin" --headless --scene "$s" --size 960x540 --frames 60 --bench "$tmp/high.json" --quality high >/dev/null 2>&1
    "$bin" --headless --scene "$s" --size 960x540 --frames 60 --bench "$tmp/low.json" --quality low >/dev/null 2>&1
    h=$(med "$tmp/high.json") l=$(med "$tmp/low.json")
    echo "quality_bench: $s window" >&2
    xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --scene "$s" --size 960x540 --script "$tmp/win.txt" \
        --bench "$tmp/win_bench.json" >/dev/null 2>&1
    w=$(med "$tmp/win_bench.json")
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$s" "$h" "$l" \
        "$(python3 -c "print('%.2f' % ($l / $h))")" "$w" "$(key "$tmp/win.json" render_scale)" "$(key "$tmp/win.json" quality)"
done

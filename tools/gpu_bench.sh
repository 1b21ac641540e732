#!/usr/bin/env bash
# The GPU run in one command: `--bench` of every scene at 1920x1080 (at `--quality high` where the
# binary has --quality), then a markdown table (scene, frame median, every pass's CPU and GPU
# median and its budget, marked **over** where it is over, the GL renderer string) written between
# the gpu_bench markers of docs/perf.md; then a million GPU particles by each path (--particles-gpu-path
# feedback, texture, auto) in a second table, where the binary has that option.
# Usage: tools/gpu_bench.sh [--size WxH] [--frames N] [--window] [--print] [--force]
#   --size WxH   framebuffer size (default 1920x1080; smaller to try the script on a CPU renderer)
#   --frames N   frames per scene (default 300; imprint leaves its warm-up frames out)
#   --window     run in a window instead of headless (needs a display)
#   --print      print the table only, leave docs/perf.md alone
#   --force      write docs/perf.md even when the renderer is a software one (llvmpipe, softpipe,
#                SwiftShader): by default such a table is printed only, since docs/perf.md keeps
#                the GPU figures
#   env: IMPRINT (binary, default build/bin/imprint), IMPRINT_EGL_PLATFORM (headless EGL back
#        end; default here `device`, the way onto a real GPU), CC (default cc, for gl_renderer)
# Needs: python3 (JSON), a C compiler and libegl-dev for tools/gpu_bench/gl_renderer.c (renderer string).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
imprint=${IMPRINT:-$root/build/bin/imprint}
size=1920x1080
frames=300
window=0
print_only=0
force=0
usage() { sed -n '5,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --size) [ $# -ge 2 ] || usage; size=$2; shift 2 ;;
    --frames) [ $# -ge 2 ] || usage; frames=$2; shift 2 ;;
    --window) window=1; shift ;;
    --print) print_only=1; shift ;;
    --force) force=1; shift ;;
    *) usage ;;
  esac
done
[[ "$size" =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || { echo "gpu_bench: --size takes WxH, e.g. 1920x1080" >&2; exit 2; }
if ! [[ "$frames" =~ ^[1-9][0-9]*$ ]] || [ "$frames" -le 10 ]; then
  echo "gpu_bench: --frames takes an integer above 10" >&2; exit 2
fi
[ -x "$imprint" ] || { echo "gpu_bench: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
export IMPRINT_EGL_PLATFORM=${IMPRINT_EGL_PLATFORM:-device}

help=$("$imprint" --help 2>&1)
# the scene names from --help's "--scene NAME  range | mud | ..." line
read -ra scenes <<<"$(sed -n 's/^ *--scene NAME *\([a-z |]*[a-z]\).*/\1/p' <<<"$help" | tr -d ' ' | tr '|' ' ')"
[ ${#scenes[@]} -gt 0 ] || scenes=(range mud face dissolve)
quality=()
if grep -q -- '--quality' <<<"$help"; then quality=(--quality high); fi
mode=(--headless)
if [ "$window" = 1 ]; then mode=(); fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
${CC:-cc} -std=c11 -O2 "$root/tools/gpu_bench/gl_renderer.c" -lEGL -o "$out/gl_renderer"
if [ "$window" = 1 ]; then
  renderer="$("$out/gl_renderer" 2>/dev/null || echo unknown) (EGL's; the window's may differ)"
else
  renderer=$("$out/gl_renderer" 2>/dev/null || echo unknown)
fi

cd "$root"
for s in "${scenes[@]}"; do
  echo "gpu_bench: $s at $size, $frames frames" >&2
  "$imprint" "${mode[@]}" --scene "$s" --size "$size" --frames "$frames" "${quality[@]}" \
    --bench "$out/$s.json" >/dev/null 2>"$out/$s.log" || { cat "$out/$s.log" >&2; exit 1; }
done

# the GPU particles' two paths (issue 52 item 3): a million in the dissolve scene, each path forced,
# then auto (which logs the path it kept and why); only with a binary that has the option
paths=()
if grep -q -- '--particles-gpu-path' <<<"$help"; then paths=(feedback texture auto); fi
for p in "${paths[@]}"; do
  echo "gpu_bench: --particles-gpu 1000000 --particles-gpu-path $p at $size" >&2
  "$imprint" "${mode[@]}" --scene dissolve --size "$size" --frames "$frames" "${quality[@]}" --particles-gpu 1000000 \
    --particles-gpu-path "$p" --bench "$out/particles_$p.json" >/dev/null 2>"$out/particles_$p.log" || { cat "$out/particles_$p.log" >&2; exit 1; }
done

cmd="tools/gpu_bench.sh"
[ "$window" = 1 ] && cmd="$cmd --window"
[ "$size" != 1920x1080 ] && cmd="$cmd --size $size"
[ "$frames" != 300 ] && cmd="$cmd --frames $frames"
python3 - "$out" "$renderer" "$size" "$frames" "${quality[*]:-}" "$cmd" "${scenes[@]}" >"$out/table.md" <<'PY'
import datetime, json, sys
out, renderer, size, frames, quality, cmd, scenes = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7:]
print(f"Renderer: **{renderer}**; {size}, {frames} frames a scene (medians after the warm-up), "
      f"{quality or 'default quality (the binary has no --quality)'}; "
      f"{datetime.date.today().isoformat()}; `{cmd}`.")
print()
print("| scene | frame median ms | pass | CPU ms | GPU ms | budget ms |")
print("|---|---:|---|---:|---:|---:|")
column = ""
for s in scenes:
    d = json.load(open(f"{out}/{s}.json"))
    first = True
    for name, p in d["passes"].items():
        frame = f"{d['frame_ms']['median']:.2f}" if first else ""
        # the budget of the renderer class and size (app/budgets.h); over it: marked
        budget = f"{p['budget_ms']:.2f}" if "budget_ms" in p else ""
        if p.get("over_budget"):
            budget = f"**over** {budget}"
        print(f"| {s if first else ''} | {frame} | {name} | {p['cpu_ms']['median']:.2f} | {p['gpu_ms']['median']:.2f} | {budget} |")
        first = False
    if first:
        print(f"| {s} | {d['frame_ms']['median']:.2f} | (no passes) | | | |")
    if "budget" in d:
        column = d["budget"]["column"]
if column:
    print()
    print(f"Budgets: the column {column} of the budget per pass (\"Budgets per pass\" above); "
          "**over**: the larger of the pass's GPU and CPU medians exceeds it.")
import os
if os.path.exists(f"{out}/particles_auto.json"):
  print()
  print("GPU particles, 1 000 000 in the dissolve scene, each path (`--particles-gpu-path`; auto: feedback by rule on a CPU renderer, the faster of a startup trial on a GPU):")
  print()
  print("| path | `bb.gpu_sim` GPU ms | `bb.gpu_draw` GPU ms | frame median ms | kept, why |")
  print("|---|---:|---:|---:|---|")
  for p in ("feedback", "texture", "auto"):
    d = json.load(open(f"{out}/particles_{p}.json"))
    g, ps = d["particles_gpu"], d["passes"]
    sim = ps.get("bb.gpu_sim", {}).get("gpu_ms", {}).get("median", float("nan"))
    draw = ps.get("bb.gpu_draw", {}).get("gpu_ms", {}).get("median", float("nan"))
    print(f"| {p} | {sim:.3f} | {draw:.3f} | {d['frame_ms']['median']:.2f} | {g.get('path', '?')}: {g.get('path_reason', '')} |")
PY
cat "$out/table.md"

software=0
grep -qiE 'llvmpipe|softpipe|swiftshader' <<<"$renderer" && software=1
if [ "$print_only" = 1 ]; then exit 0; fi
if [ "$software" = 1 ] && [ "$force" = 0 ]; then
  echo "gpu_bench: $renderer is a software renderer: docs/perf.md left alone (--force writes it)" >&2
  exit 0
fi
perf=$root/docs/perf.md
if ! grep -q '<!-- gpu_bench:begin -->' "$perf" || ! grep -q '<!-- gpu_bench:end -->' "$perf"; then
  echo "gpu_bench: $perf lacks the <!-- gpu_bench:begin --> / <!-- gpu_bench:end --> markers" >&2; exit 1
fi
python3 - "$perf" "$out/table.md" <<'PY'
import sys
path, table = sys.argv[1], open(sys.argv[2]).read()
text = open(path).read()
head, rest = text.split("<!-- gpu_bench:begin -->", 1)
_, tail = rest.split("<!-- gpu_bench:end -->", 1)
open(path, "w").write(head + "<!-- gpu_bench:begin -->\n" + table + "<!-- gpu_bench:end -->" + tail)
PY
echo "gpu_bench: table written to docs/perf.md" >&2

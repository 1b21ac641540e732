#!/usr/bin/env bash
# Regenerates the PNG seeds of fuzz_image with the program's own PNG writer (tiny headless
# screenshots of three scenes). The other corpora are hand-written text, committed as they are.
# Usage: tests/fuzz/make_seeds.sh [IMPRINT_BINARY]   (default build/bin/imprint)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/bin/imprint}
out=tests/fuzz/corpus/image
"$bin" --headless --scene range --size 16x16 --frames 2 --screenshot "$out/range_16x16.png" >/dev/null
"$bin" --headless --set face.idle=off --scene face --size 16x24 --frames 2 --screenshot "$out/face_16x24.png" >/dev/null
"$bin" --headless --scene dissolve --size 32x16 --frames 2 --screenshot "$out/dissolve_32x16.png" >/dev/null
ls -l "$out"

#!/usr/bin/env bash
# Builds imprint and runs the demo. With no display it renders headless and says where the pictures went.
# Usage: scripts/run.sh [imprint options...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target imprint
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ $# -eq 0 ]; then
  mkdir -p out
  echo "imprint: no display; playing each scene's showcase headless into out/"
  for s in range mud face dissolve; do
    ./build/bin/imprint --headless --hud off --scene "$s" --screenshot "out/imprint-$s.png"
  done
  exit 0
fi
exec ./build/bin/imprint "$@"

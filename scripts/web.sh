#!/usr/bin/env bash
# The browser build (WebGL2, Debian's emscripten) of imprint, served on 127.0.0.1; see docs/web.md.
#   scripts/web.sh             install what is missing, build build-web/, serve it (prints the address)
#   scripts/web.sh --test      the same build, then the browser tests (ctest label web: headless
#                              chromium through npm's playwright-core), no server left running
#   scripts/web.sh --build     build only
# Environment: IMPRINT_WEB_PORT (default 8642), IMPRINT_WEB_BUILD (default build-web),
# IMPRINT_NATIVE_BIN (a native imprint the tests compare pictures with; default build/bin/imprint).
# Everything comes from Debian: emscripten, chromium, and the source packages of ODE and Dear ImGui
# (apt-get source, with a deb-src entry this script adds), compiled with emcc once and cached under
# build-web/deps/. The only other download is playwright-core from npm, for the tests (no browser).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
mode=serve
case "${1:-}" in
  --test) mode=test ;;
  --build) mode=build ;;
  "") ;;
  *) echo "usage: scripts/web.sh [--test|--build]" >&2; exit 2 ;;
esac
build=${IMPRINT_WEB_BUILD:-build-web}
deps=$root/$build/deps
port=${IMPRINT_WEB_PORT:-8642}
# Debian's emscripten: acorn lives in Debian's node path; node 20's fetch breaks the generated JS
export NODE_PATH=/usr/share/nodejs
export EM_NODE_JS=${EM_NODE_JS:-/usr/bin/node}
node_options=${NODE_OPTIONS:-}
export NODE_OPTIONS="$node_options --no-experimental-fetch" # for emcc's node only: playwright needs fetch
start=$(date +%s)

sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- packages ----
need=()
command -v emcc >/dev/null || need+=(emscripten)
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
command -v dpkg-source >/dev/null || need+=(dpkg-dev)
command -v cmake >/dev/null || need+=(cmake)
command -v python3 >/dev/null || need+=(python3)
[ -d /usr/include/stb ] || need+=(libstb-dev)
[ -d /usr/include/cglm ] || need+=(libcglm-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  sudo_ apt-get update -qq
  sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# ---- ODE and Dear ImGui from Debian's source packages, built once with emcc ----
mkdir -p "$deps/src" "$deps/include"
ln -sfn /usr/include/stb "$deps/include/stb"
ln -sfn /usr/include/cglm "$deps/include/cglm"
fetch_source() { # package, directory glob
  if ! compgen -G "$deps/src/$2" >/dev/null; then
    if ! (cd "$deps/src" && apt-get source -qq "$1" >/dev/null 2>&1); then
      # this function's stdout is the directory it finds: progress goes to stderr
      echo "== adding a deb-src entry for Debian's source packages" >&2
      sudo_ tee /etc/apt/sources.list.d/imprint-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
      sudo_ apt-get update -qq >&2
      (cd "$deps/src" && apt-get source -qq "$1" >/dev/null 2>&1)
    fi
  fi
  if ! compgen -G "$deps/src/$2" >/dev/null; then
    echo "web.sh: could not fetch Debian's source package '$1' (apt-get source $1)" >&2
    exit 1
  fi
  compgen -G "$deps/src/$2" | head -1
}
ode_src=$(fetch_source ode 'ode-0.*/') || exit 1
imgui_src=$(fetch_source imgui 'imgui-1.*/') || exit 1
ln -sfn "${imgui_src%/}" "$deps/imgui"
build_ode() { # prefix, extra C/C++ flags (-pthread for the threaded variant)
  [ -f "$deps/$1/lib/libode.a" ] && return
  echo "== ODE (Debian source package) with emcc${2:+ ($2)}"
  rm -rf "$deps/ode-build-$1"
  emcmake cmake -S "$ode_src" -B "$deps/ode-build-$1" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
    -DODE_WITH_DEMOS=OFF -DODE_WITH_TESTS=OFF -DODE_DOUBLE_PRECISION=ON -DODE_WITH_LIBCCD=ON \
    -DODE_NO_BUILTIN_THREADING_IMPL=ON -DCMAKE_C_FLAGS="$2" -DCMAKE_CXX_FLAGS="$2" \
    -DCMAKE_INSTALL_PREFIX="$deps/$1" >/dev/null
  # ODE's config knows no wasm: no x86 timer (rdtsc), and a POSIX platform like Linux
  sed -i -e 's|^#define PENTIUM 1|/* no PENTIUM: wasm */|' \
         -e 's|^#error "Need some help identifying the platform!"|#define ODE_PLATFORM_LINUX|' \
         "$deps/ode-build-$1/ode/src/config.h"
  if ! { cmake --build "$deps/ode-build-$1" -j"$(nproc)" && cmake --install "$deps/ode-build-$1"; } >"$deps/ode-$1.log" 2>&1; then
    tail -30 "$deps/ode-$1.log"; echo "ODE did not build: $deps/ode-$1.log" >&2; exit 1
  fi
}
build_ode prefix ""
build_ode prefix-mt -pthread

# ---- node modules for the tests (npm's playwright-core drives Debian's chromium) ----
if [ "$mode" = test ] && [ ! -d "$root/$build/node/node_modules/playwright-core" ]; then
  echo "== playwright-core (npm, no browser download)"
  mkdir -p "$root/$build/node"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --silent --no-audit --no-fund --prefix "$root/$build/node" playwright-core >/dev/null
fi

# ---- the build ----
echo "== building $build/ (emcc $(emcc --version | head -1 | grep -o '[0-9]*\.[0-9]*\.[0-9]*'))"
tests=OFF
[ "$mode" = test ] && tests=ON
# a native build to compare the static frames with (IMPRINT_NATIVE_BIN, else build/bin/imprint)
native=${IMPRINT_NATIVE_BIN:-}
[ -z "$native" ] && [ -x build/bin/imprint ] && native=$root/build/bin/imprint
emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DIMPRINT_WERROR=ON -DIMPRINT_WEB_DEPS="$deps" \
  -DIMPRINT_WEB_TESTS=$tests -DIMPRINT_NATIVE_BIN="$native" >/dev/null
cmake --build "$build" -j"$(nproc)" --target imprint
# the threaded variant, beside it in the page (loaded where the page is cross-origin isolated)
emcmake cmake -S . -B "$build/mt" -DCMAKE_BUILD_TYPE=Release -DIMPRINT_WERROR=ON -DIMPRINT_WEB_DEPS="$deps" \
  -DIMPRINT_WEB_THREADS=ON -DIMPRINT_WEB_PAGE_DIR="$root/$build/page" >/dev/null
cmake --build "$build/mt" -j"$(nproc)" --target imprint
ls -l "$build"/page/imprint*.{wasm,data,js} | awk '{print "   " $5 " bytes  " $9}'
echo "== built in $(( $(date +%s) - start )) s"

case $mode in
  build) ;;
  test)
    cd "$build"
    NODE_OPTIONS=$node_options ctest --output-on-failure -L web
    echo "imprint: web tests passed in $(( $(date +%s) - start )) s" ;;
  serve)
    echo "== serving $build/page on http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec python3 "$root/scripts/web_serve.py" "$build/page" "$port" ;;
esac

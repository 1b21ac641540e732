#!/usr/bin/env bash
# run.sh — imprint used by a program of someone else's (tests/consumer/), both ways:
#   (a) embedded: the consumer's CMakeLists does add_subdirectory(imprint) with IMPRINT_APP,
#       IMPRINT_TESTS, IMPRINT_TOOLS and IMPRINT_EXAMPLES OFF; from a clean build folder it
#       configures and builds imprint::bb alone (timed; the files compiled are counted), then the
#       rest of what the programs need;
#   (a') embedded again, the host bringing its own glad as the GL loader (IMPRINT_GL_LOADER_TARGET);
#   (b) installed: imprint configured on its own (the four OFF), built, `cmake --install`ed to a
#       prefix, and the consumer configured against it with find_package(imprint CONFIG REQUIRED).
# Each way builds examples/billboards.c and examples/damage_map.c when they exist (and runs them
# with --headless --check), else main.c (a headless check of its own), and runs what it built.
# Usage: run.sh [WORK_DIR]   (ctest `consumer`, label slow; WORK_DIR defaults to the current one)
# Environment (ctest sets them): IMPRINT_ROOT, CMAKE, CONSUMER_GENERATOR, CC, CONSUMER_WERROR,
# CONSUMER_JOBS (default nproc), CONSUMER_EXAMPLES=OFF (main.c even when the examples exist).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${IMPRINT_ROOT:-$(cd "$here/../.." && pwd)}
work=$(mkdir -p "${1:-.}" && cd "${1:-.}" && pwd)
cmake=${CMAKE:-cmake}
jobs=${CONSUMER_JOBS:-$(nproc)}
gen=()
[ -n "${CONSUMER_GENERATOR:-}" ] && gen=(-G "$CONSUMER_GENERATOR")
werror=OFF
case "${CONSUMER_WERROR:-OFF}" in ON|on|1|TRUE|true) werror=ON ;; esac
opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DIMPRINT_WERROR=$werror)

say() { echo "consumer: $*"; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
# runs a step with its output in a log; on failure shows the log's end and stops
step() {
  local log=$1; shift
  if ! "$@" >"$log" 2>&1; then
    tail -n 60 "$log"
    say "FAIL: $* (log: $log)"
    exit 1
  fi
}
run_programs() { # build dir, label [data dir: IMPRINT_DATA_DIR for the run]
  local b=$1 label=$2 data=${3:-} p args
  read -r -a progs <"$b/programs.txt"
  for p in "${progs[@]}"; do
    args=()
    [ "$p" != consumer ] && args=(--headless --check --screenshot "$b/$p.png")
    say "$label: running $p ${args[*]}"
    if ! (cd "$b" && if [ -n "$data" ]; then export IMPRINT_DATA_DIR=$data; fi && "./$p" "${args[@]}") >"$b/$p.log" 2>&1; then
      cat "$b/$p.log"
      say "FAIL: $label: $p ${args[*]} failed"
      exit 1
    fi
    sed 's/^/    /' "$b/$p.log" | tail -n 5
    if [ "$p" = consumer ] && [ -n "$data" ] && ! grep -q "shaders from $data/" "$b/$p.log"; then
      say "FAIL: $label: the shaders did not come from $data"; exit 1
    fi
  done
  say "$label: ${progs[*]} passed"
}

# ---- (a) add_subdirectory, all four options OFF ----
a=$work/embedded
rm -rf "$a"
t0=$(now)
step "$work/embedded-configure.log" "$cmake" -S "$here" -B "$a" "${gen[@]}" "${opts[@]}" \
  -DIMPRINT_ROOT="$root" -DCONSUMER_MODE=embedded -DCONSUMER_WERROR=$werror -DCONSUMER_EXAMPLES=${CONSUMER_EXAMPLES:-ON}
t1=$(now)
step "$work/embedded-bb.log" "$cmake" --build "$a" --target imprint_bb -j"$jobs"
t2=$(now)
files=$(find "$a/imprint" -name '*.o' | wc -l)
by_lib=$(find "$a/imprint" -name '*.o' | sed -E 's#.*/CMakeFiles/([^/]+)\.dir/.*#\1#' | sort | uniq -c | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1}')
# all four OFF: GLFW, Dear ImGui and cmocka are not looked up at all
if sed '/consumer: imprint added/q' "$work/embedded-configure.log" | grep -E "Checking for modules? '(glfw3|cmocka|imgui)"; then
  say "FAIL: embedded: the configure looked up GLFW, cmocka or Dear ImGui"; exit 1
fi
say "embedded: imprint::bb alone from a clean build folder: configure $(secs "$t0" "$t1") s + build $(secs "$t1" "$t2") s = $(secs "$t0" "$t2") s (-j$jobs), $files files compiled ($by_lib)"
t1=$(now)
step "$work/embedded-damage.log" "$cmake" --build "$a" --target imprint_damage -j"$jobs"
t2=$(now)
say "embedded: imprint::damage (its service dissolve with it) on top: build $(secs "$t1" "$t2") s, $(find "$a/imprint" -name '*.o' | wc -l) files compiled in all"
step "$work/embedded-build.log" "$cmake" --build "$a" -j"$jobs"
say "embedded: all the consumer needs built ($(find "$a/imprint" -name '*.o' | wc -l) files of imprint compiled in all)"
[ -e "$a/share/imprint" ] || [ -e "$a/imprint/share/imprint" ] && { say "FAIL: embedded: imprint made share/imprint in the host's tree"; exit 1; }
run_programs "$a" embedded

# ---- (a') add_subdirectory with the host's own GL loader (IMPRINT_GL_LOADER_TARGET=host_glad) ----
c=$work/own-loader
rm -rf "$c"
step "$work/own-loader-configure.log" "$cmake" -S "$here" -B "$c" "${gen[@]}" "${opts[@]}" \
  -DIMPRINT_ROOT="$root" -DCONSUMER_MODE=embedded -DCONSUMER_OWN_GLAD=ON -DCONSUMER_WERROR=$werror -DCONSUMER_EXAMPLES=${CONSUMER_EXAMPLES:-ON}
read -r -a progs <"$c/programs.txt"
for p in "${progs[@]}"; do
  step "$work/own-loader-build.log" "$cmake" --build "$c" --target "$p" -j"$jobs"
done
[ -e "$c/imprint/glad" ] && { say "FAIL: own loader: imprint generated its glad"; exit 1; }
run_programs "$c" "own loader"

# ---- (b) cmake --install, then find_package(imprint CONFIG REQUIRED) ----
lib=$work/lib prefix=$work/prefix b=$work/installed
rm -rf "$lib" "$prefix" "$b"
t0=$(now)
step "$work/lib-configure.log" "$cmake" -S "$root" -B "$lib" "${gen[@]}" "${opts[@]}" -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DIMPRINT_APP=OFF -DIMPRINT_TESTS=OFF -DIMPRINT_TOOLS=OFF -DIMPRINT_EXAMPLES=OFF
step "$work/lib-build.log" "$cmake" --build "$lib" -j"$jobs"
step "$work/lib-install.log" "$cmake" --install "$lib"
t1=$(now)
say "installed: the libraries configured, built and installed in $(secs "$t0" "$t1") s ($(find "$lib" -name '*.o' | wc -l) files compiled)"
for f in lib/cmake/imprint/imprintConfig.cmake lib/cmake/imprint/imprintConfigVersion.cmake \
         lib/cmake/imprint/imprintTargets.cmake lib/cmake/imprint/imprintMudPhysicsTargets.cmake \
         lib/libimprint_bb.a lib/libimprint_damage.a lib/libimprint_mud_physics.a lib/libimprint_glad.a \
         include/imprint/damage/damage.h include/imprint/bb/bb.h include/imprint/gfx/gl.h \
         include/imprint/glad/gl.h include/imprint/glad/egl.h include/imprint/KHR/khrplatform.h \
         share/imprint/shaders/bb_particle.frag share/imprint/assets; do
  [ -e "$prefix/$f" ] || { say "FAIL: installed: no $f under the prefix"; exit 1; }
done
[ -e "$prefix/include/imprint/app" ] && { say "FAIL: installed: the app's headers are installed"; exit 1; }
say "installed: $(find "$prefix/include/imprint" -name '*.h' | wc -l) headers, $(ls "$prefix"/lib/libimprint_*.a | wc -l) libraries, shaders and assets under $prefix"
step "$work/installed-configure.log" "$cmake" -S "$here" -B "$b" "${gen[@]}" "${opts[@]}" \
  -DCONSUMER_MODE=installed -DCMAKE_PREFIX_PATH="$prefix" -DIMPRINT_ROOT="$root" -DCONSUMER_WERROR=$werror -DCONSUMER_EXAMPLES=${CONSUMER_EXAMPLES:-ON}
grep "consumer: imprint" "$work/installed-configure.log" | sed 's/^-- /    /' || true
step "$work/installed-build.log" "$cmake" --build "$b" -j"$jobs"
run_programs "$b" installed
# the installed data alone (as a host that ships it would point to it)
run_programs "$b" "installed, data from the prefix" "$prefix/share/imprint"
say "ok: embedded and installed"

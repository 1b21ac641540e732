#!/bin/bash
# Every header under src/ is a public header a client may include alone, from C or C++
# (issue 49 item 5): for each, a one-line translation unit that includes it must compile without a
# warning as C (-std=c11 -Wall -Wextra -Wpedantic) and as C++ (-std=c++17 -Wall -Wextra), with the
# include paths the build uses (src/, glad's generated headers, cglm, stb, ODE, GLFW). A failure names
# the header, the language and the compiler's message. A self-test first requires a header with a
# warning, one without an extern "C" block (C++ link names) and a C-only construct to be caught.
# Usage: check_headers.sh SOURCE_DIR
# glad's headers: $GLAD_INCLUDE, else ../glad/include from the working directory (ctest runs this
# in <build>/tests), else generated into a temp folder with Debian's glad, as CMakeLists.txt does.
set -u
root=${1:?usage: check_headers.sh SOURCE_DIR}
root=$(cd "$root" && pwd)
CC=${CC:-cc}
CXX=${CXX:-c++}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

glad_inc=${GLAD_INCLUDE:-}
[ -n "$glad_inc" ] && [ ! -f "$glad_inc/glad/gl.h" ] && glad_inc=
if [ -z "$glad_inc" ] && [ -f ../glad/include/glad/gl.h ]; then
    glad_inc=$(cd ../glad/include && pwd)
fi
if [ -z "$glad_inc" ]; then
    if ! command -v glad >/dev/null; then
        echo "check_headers: no glad headers (set GLAD_INCLUDE or run from <build>/tests) and no glad to make them"
        exit 1
    fi
    glad --api gl:core=3.3,egl=1.5 --extensions GL_KHR_debug,GL_ARB_timer_query \
        --out-path "$tmp/glad" --reproducible --quiet c --loader || exit 1
    glad_inc=$tmp/glad/include
fi

# each package alone: one that is missing (a build without the app needs no GLFW) leaves only the
# headers that include it failing, each with its compiler message
pc_flags=
for pc in cglm stb ode glfw3; do
    if f=$(pkg-config --cflags "$pc" 2>/dev/null); then
        pc_flags="$pc_flags $f"
    else
        echo "check_headers: pkg-config does not know $pc; the headers that include it will fail"
    fi
done
# shellcheck disable=SC2206 # word splitting of pkg-config's flags is intended
common=(-fsyntax-only -D_POSIX_C_SOURCE=200809L -I"$root/src" -isystem "$glad_inc" $pc_flags -DdDOUBLE)
c_flags=(-x c -std=c11 -Wall -Wextra -Wpedantic -Werror "${common[@]}")
cxx_flags=(-x c++ -std=c++17 -Wall -Wextra -Werror "${common[@]}")

# check_one SRC_ROOT HEADER_REL: prints "HEADER (LANG): message" and returns 1 on a failure. A
# declaration compiles in C++ with or without C linkage, so the extern "C" block is looked for as text.
check_one() {
    local src=$1 h=$2 out status=0 name
    name=${h//\//_}
    printf '#include "%s"\n' "$h" >"$tmp/$name.c"
    if ! out=$("$CC" "${c_flags[@]}" -I"$src" "$tmp/$name.c" 2>&1) || [ -n "$out" ]; then
        printf '%s (C, -std=c11 -Wall -Wextra -Wpedantic):\n%s\n' "$h" "$out"
        status=1
    fi
    if ! out=$("$CXX" "${cxx_flags[@]}" -I"$src" "$tmp/$name.c" 2>&1) || [ -n "$out" ]; then
        printf '%s (C++, -std=c++17 -Wall -Wextra):\n%s\n' "$h" "$out"
        status=1
    fi
    if ! grep -q '^extern "C" {' "$src/$h"; then
        printf '%s: no extern "C" block (#ifdef __cplusplus / extern "C" { / #endif after the includes)\n' "$h"
        status=1
    fi
    return $status
}

# self-test: each planted header must fail, a good one must pass
st=$tmp/selftest
mkdir -p "$st/x"
cat >"$st/x/good.h" <<'EOF'
#ifndef X_GOOD_H
#define X_GOOD_H
#include <stdbool.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct x_desc { int size; } x_desc;
static inline int x_size(const x_desc *d) { return d->size ? d->size : 64; }
bool x_ok(void);
#ifdef __cplusplus
}
#endif
#endif
EOF
cat >"$st/x/warns.h" <<'EOF'
#ifdef __cplusplus
extern "C" {
#endif
static inline int x_unused(int a) { int b; return a; }
#ifdef __cplusplus
}
#endif
EOF
cat >"$st/x/no_externc.h" <<'EOF'
int x_plain(void);
EOF
cat >"$st/x/c_only.h" <<'EOF'
#ifdef __cplusplus
extern "C" {
#endif
static inline void *x_alloc(void *p) { int *q = p; return q; }
#ifdef __cplusplus
}
#endif
EOF
selftest_ok=1
check_one "$st" x/good.h >"$tmp/st.out" 2>&1 || { echo "check_headers self-test: a good header failed:"; cat "$tmp/st.out"; selftest_ok=0; }
for bad in x/warns.h x/no_externc.h x/c_only.h; do
    if check_one "$st" "$bad" >"$tmp/st.out" 2>&1; then
        echo "check_headers self-test: $bad was not caught"
        selftest_ok=0
    elif ! grep -q "^$bad" "$tmp/st.out"; then
        echo "check_headers self-test: the failure of $bad does not name it:"
        cat "$tmp/st.out"
        selftest_ok=0
    fi
done
[ $selftest_ok = 1 ] || exit 1

cd "$root" || exit 1
mapfile -t headers < <(cd src && find . -name '*.h' | sed 's|^\./||' | sort)
[ ${#headers[@]} -gt 0 ] || { echo "check_headers: no headers under $root/src"; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)
# each header in a background job writing its own report, at most $jobs at a time
running=0
for h in "${headers[@]}"; do
    check_one "$root/src" "$h" >"$tmp/report.${h//\//_}" 2>&1 &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
failed=0
for h in "${headers[@]}"; do
    r=$tmp/report.${h//\//_}
    if [ -s "$r" ]; then
        cat "$r"
        failed=$((failed + 1))
    fi
done
if [ $failed -gt 0 ]; then
    echo "check_headers: $failed of ${#headers[@]} headers do not compile alone as C and C++ without a warning"
    exit 1
fi
echo "check_headers: ${#headers[@]} headers compile alone as C11 (-Wpedantic) and C++17, without a warning"

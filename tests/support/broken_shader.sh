# broken_shader.sh — shared by the fallback tests (tests/<technique>/app_*_fallback.sh): a private
# copy of the shaders the executable would use, in data/shaders/ (IMPRINT_DATA_DIR=$PWD/data),
# with one line of one file replaced by text that is not GLSL.
#   source "$TESTDIR/support/broken_shader.sh"; broken_shader FILE LINE TEXT
# Its share/imprint/ may be links into the source tree: copied with -L, so the edit can only
# ever touch the copy (checked; exits 1 when it is not a private copy). Needs check() and $fail.
broken_shader() {
    local file=$1 line=$2 text=$3
    local src
    src=$(dirname "$IMPRINT")/../share/imprint/shaders
    [ -d "$src" ] || src="$TESTDIR/../shaders"
    rm -rf data && mkdir -p data/shaders && cp -RL "$src/." data/shaders/
    if [ -L data/shaders ] || [ -L "data/shaders/$file" ] || [ ! -f "data/shaders/$file" ]; then
        echo "FAILED: data/shaders is not a private copy"; exit 1
    fi
    sed -i "${line}s/.*/${text}/" "data/shaders/$file"
    check grep -q "this is not glsl" "data/shaders/$file"
    check test -z "$(grep -l "this is not glsl" "$src/$file")"
}

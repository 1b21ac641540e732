#!/bin/bash
# The slices stay apart (docs/architecture.md, "Layers and slices"): includes name the folder they
# reach into ("mud/core/level.h"), and
#   - src/base and src/gfx include no technique folder (every folder of src/ but base, gfx, app):
#     a technique reaches them only through registration (gfx/scene.h, base/script.h's vocabs);
#   - nothing outside src/app includes app/;
#   - a technique includes another technique only if that one is a service: bb/ or dissolve/;
#   - src/bb and src/dissolve, the services, include no damage/, mud/ or wrinkle/.
# A self-test first plants each kind of bad line in a scratch tree and requires it caught (and a
# good tree passed). Usage: check_slices.sh SOURCE_DIR
set -u
root=${1:?usage: check_slices.sh SOURCE_DIR}
services='bb dissolve'
inc_re='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)"'

# Prints one line per include that breaks a rule, for the tree whose sources are $1/src.
violations() {
    local src=$1/src
    local techs=() d
    for d in "$src"/*/; do
        d=$(basename "$d")
        case $d in base | gfx | app) ;; *) techs+=("$d") ;; esac
    done
    is_tech() { local t; for t in "${techs[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }
    is_service() { local t; for t in $services; do [ "$t" = "$1" ] && return 0; done; return 1; }
    local hit file rest text inc from to
    while IFS= read -r hit; do
        file=${hit%%:*}
        rest=${hit#*:}
        text=${rest#*:}
        [[ $text =~ $inc_re ]] || continue
        inc=${BASH_REMATCH[1]}
        [[ $inc == */* ]] || continue
        to=${inc%%/*}
        from=${file#"$src"/}
        from=${from%%/*}
        if [ "$to" = app ] && [ "$from" != app ]; then
            echo "$hit: app/ is included only from src/app"
        elif { [ "$from" = base ] || [ "$from" = gfx ]; } && is_tech "$to"; then
            echo "$hit: src/$from names no technique (register through gfx/scene.h or base/script.h)"
        elif is_tech "$from" && is_tech "$to" && [ "$to" != "$from" ]; then
            if is_service "$from" && ! is_service "$to"; then
                echo "$hit: src/$from is a service: it includes no technique but the services ($services)"
            elif ! is_service "$to"; then
                echo "$hit: src/$from includes another technique; only the services ($services) may be"
            fi
        fi
    done < <(grep -rnE --include='*.c' --include='*.h' --include='*.cpp' "$inc_re" "$src" 2>/dev/null)
}

# Self-test: a good tree passes; each planted line, alone in a copy of it, is caught.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
good=$scratch/good/src
mkdir -p "$good"/{base,gfx,app,bb/core,dissolve/core,damage/core,mud,wrinkle}
printf '#include "base/log.h"\n' >"$good/gfx/a.c"
printf '#include "app/registry.h"\n#include "mud/core/mud_vocab.h"\n' >"$good/app/a.c"
printf '#include "bb/fx.h"\n#include "dissolve/dissolve.h"\n#include "damage/core/robot.h"\n#include <stdio.h>\n' >"$good/damage/a.c"
printf '#include "dissolve/core/props.h"\n#include "gfx/scene.h"\n' >"$good/mud/a.c"
printf '#include "bb/core/particles.h"\n' >"$good/dissolve/a.c"
printf '#include "base/mesh.h"\n' >"$good/bb/core/a.c"
if [ -n "$(violations "$scratch/good")" ]; then
    echo "check_slices: self-test: the good tree fails:"; violations "$scratch/good"; exit 1
fi
planted=(
    'base/x.c|#include "mud/core/level.h"'
    'base/x.h|  #  include "bb/core/bb_batch.h"'
    'gfx/scene.h|#include "mud/core/level.h"'
    'damage/x.c|#include "app/registry.h"'
    'gfx/x.c|#include "app/ui.h"'
    'dissolve/core/gallery.c|#include "damage/core/robot.h"'
    'dissolve/x.c|#include "wrinkle/core/head.h"'
    'bb/x.c|#include "mud/mud.h"'
    'mud/x.c|#include "wrinkle/core/head.h"'
    'wrinkle/core/x.h|#include "damage/core/weapon.h"'
)
n=0
for p in "${planted[@]}"; do
    n=$((n + 1))
    t=$scratch/t$n
    cp -r "$scratch/good" "$t"
    mkdir -p "$(dirname "$t/src/${p%%|*}")"
    printf '%s\n' "${p#*|}" >>"$t/src/${p%%|*}"
    [ -n "$(violations "$t")" ] || { echo "check_slices: self-test: '${p#*|}' in src/${p%%|*} is not caught"; exit 1; }
done

[ -d "$root/src/base" ] && [ -d "$root/src/gfx" ] || { echo "check_slices: no $root/src/base or src/gfx"; exit 1; }
hits=$(violations "$root")
if [ -n "$hits" ]; then
    echo "includes across slices (docs/architecture.md, \"Layers and slices\"):"
    echo "$hits"
    exit 1
fi
echo "check_slices: base and gfx name no technique, app/ stays in src/app, techniques use only the services ($services)"

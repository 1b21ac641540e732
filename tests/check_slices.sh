#!/bin/bash
# The slices stay apart (docs/architecture.md, "Layers and slices"), by includes and by names:
#   - src/base includes only base; src/gfx only base and gfx;
#   - src/base and src/gfx name no technique: comments aside, none of the tokens damage, mud,
#     wrinkle(s), bb, dissolve, robot, truck, face, particle(s) in an identifier (its parts split at
#     _ and at lower-to-upper case) or a string; GL's own names (GL_*, gl*) are GL's;
#   - a technique's library (src/<t>/*.[ch], src/<t>/core/) includes base, gfx, itself and the
#     techniques CMake says it USES (CMakeLists.txt, imprint_technique(<t> USES ...)), each a
#     service (bb, dissolve, damage), and USES names exactly the ones it includes; no cycle;
#   - the scene layer: src/scene/ (the scene contract, window input, the app's particles) includes
#     base, gfx, itself and technique libraries; a technique's scene (src/<t>/scene/) that, its
#     technique and its USES, never another technique's scene;
#   - nothing outside src/app includes app/, nothing but the scene layer and the app includes
#     scene/ or <t>/scene/.
# A self-test first plants each kind of bad line in a scratch tree and requires it caught (and a
# good tree passed). Usage: check_slices.sh SOURCE_DIR
set -u
root=${1:?usage: check_slices.sh SOURCE_DIR}
[ -d "$root/src/base" ] && [ -d "$root/src/gfx" ] || { echo "check_slices: no $root/src/base or src/gfx"; exit 1; }

# Prints one line per broken rule for the tree at $1 (its src/ and CMakeLists.txt).
violations() {
    python3 - "$1" <<'PY'
import os, re, sys
root = sys.argv[1]
src = os.path.join(root, 'src')
SERVICES = {'bb', 'dissolve', 'damage'}
TOKENS = {'damage', 'mud', 'wrinkle', 'wrinkles', 'bb', 'dissolve', 'robot', 'truck', 'face', 'particle', 'particles'}
INC = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
techs = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)) and d not in ('base', 'gfx', 'app', 'scene'))

def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i); i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2); end = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, end)); i = end
        elif text[i] in '"\'':
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1]); i = j + 1
        else:
            out.append(text[i]); i += 1
    return ''.join(out)

def layer(rel):  # rel: path under src/
    parts = rel.split('/')
    top = parts[0]
    if top in ('base', 'gfx', 'app', 'scene'):
        return top, None
    if len(parts) > 2 and parts[1] == 'scene':
        return 'tscene', top
    return 'lib', top

# USES from CMakeLists.txt
uses = {t: set() for t in techs}
try:
    cm = open(os.path.join(root, 'CMakeLists.txt')).read()
except OSError:
    cm = ''
for m in re.finditer(r'^\s*imprint_technique\(\s*(\w+)([^)]*)\)', cm, re.M):
    args = m.group(2).split()
    if 'USES' in args:
        k = args.index('USES') + 1
        while k < len(args) and not args[k].isupper():
            uses.setdefault(m.group(1), set()).add(args[k]); k += 1
out = []
included = {t: set() for t in techs}
for dp, _, fs in os.walk(src):
    for f in sorted(fs):
        if not f.endswith(('.c', '.h', '.cpp')):
            continue
        path = os.path.join(dp, f)
        rel = os.path.relpath(path, src)
        kind, tech = layer(rel)
        text = open(path, errors='replace').read()
        for ln, line in enumerate(text.split('\n'), 1):
            m = INC.match(line)
            if not m or '/' not in m.group(1):
                continue
            inc = m.group(1)
            to = inc.split('/')[0]
            to_scene = to == 'scene' or (to in techs and inc.split('/')[1] == 'scene')
            where = f'src/{rel}:{ln}: #include "{inc}"'
            if to == 'app' and kind != 'app':
                out.append(f'{where}: app/ is included only from src/app')
            elif kind == 'base' and to != 'base':
                out.append(f'{where}: src/base includes only base')
            elif kind == 'gfx' and to not in ('base', 'gfx'):
                out.append(f'{where}: src/gfx includes only base and gfx')
            elif to_scene and kind not in ('scene', 'tscene', 'app'):
                out.append(f'{where}: the scene layer (src/scene, src/<t>/scene) is included only by scenes and the app')
            elif kind == 'tscene' and to in techs and to != tech and to_scene:
                out.append(f'{where}: src/{tech}/scene includes another technique\'s scene')
            elif kind in ('lib', 'tscene') and to in techs and to != tech:
                if kind == 'lib':
                    included[tech].add(to)
                if to not in uses.get(tech, set()):
                    out.append(f'{where}: {tech} does not declare USES {to} (CMakeLists.txt imprint_technique)')
        if kind in ('base', 'gfx'):
            for ln, line in enumerate(strip_comments(text).split('\n'), 1):
                if line.lstrip().startswith('#include'):
                    continue
                for w in re.findall(r'[A-Za-z_][A-Za-z0-9_]*', line):
                    if w.startswith('GL_') or re.match(r'gl[A-Z]', w):
                        continue
                    hit = [p.lower() for p in re.split(r'_|(?<=[a-z0-9])(?=[A-Z])', w) if p.lower() in TOKENS]
                    if hit:
                        out.append(f'src/{rel}:{ln}: {w}: src/{kind} names no technique ({hit[0]}); register it from the technique')
for t in techs:
    extra = uses.get(t, set()) - included[t]
    if extra:
        out.append(f'CMakeLists.txt: {t} declares USES {" ".join(sorted(extra))} but its library includes none of it')
    for u in uses.get(t, set()):
        if u not in SERVICES:
            out.append(f'CMakeLists.txt: {t} USES {u}, which is not a service ({" ".join(sorted(SERVICES))})')
def cyclic(t, seen):
    if t in seen:
        return True
    return any(cyclic(u, seen | {t}) for u in uses.get(t, set()))
for t in techs:
    if cyclic(t, set()):
        out.append(f'CMakeLists.txt: the USES of {t} make a cycle')
        break
print('\n'.join(out))
PY
}

# Self-test: a good tree passes; each planted line, alone in a copy of it, is caught.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
good=$scratch/good
mkdir -p "$good"/src/{base,gfx,app,scene,bb/core,dissolve/core,damage/core,damage/scene,mud/scene,wrinkle}
printf 'imprint_technique(bb)\nimprint_technique(dissolve)\nimprint_technique(damage USES dissolve)\nimprint_technique(mud USES damage CORE_EXCLUDE "x")\nimprint_technique(wrinkle)\n' >"$good/CMakeLists.txt"
printf '#include "base/log.h"\nstatic int cube_sides; /* the face of a robot: comments may name anything */\nint x = GL_CULL_FACE; void f(void) { glCullFace(0); }\n' >"$good/src/gfx/a.c"
printf '#include "app/registry.h"\n#include "mud/scene/mud_vocab.h"\n#include "scene/scene.h"\n' >"$good/src/app/a.c"
printf '#include "dissolve/dissolve.h"\n#include "damage/core/robot.h"\n#include <stdio.h>\n' >"$good/src/damage/a.c"
printf '#include "scene/scene.h"\n#include "damage/scene/weapon.h"\n#include "dissolve/core/dissolve_math.h"\n' >"$good/src/damage/scene/a.c"
printf '#include "bb/bb.h"\n#include "base/log.h"\n' >"$good/src/scene/fx.c"
printf '#include "scene/scene.h"\n#include "mud/core/level.h"\n' >"$good/src/mud/scene/a.c"
printf '#include "base/mesh.h"\n' >"$good/src/bb/core/a.c"
printf '#include "damage/damage.h"\n#include "mud/core/truck_dirt.h"\n' >"$good/src/mud/a.c"
printf '#include "base/mesh.h"\n' >"$good/src/dissolve/core/a.c"
if [ -n "$(violations "$good")" ]; then
    echo "check_slices: self-test: the good tree fails:"; violations "$good"; exit 1
fi
planted=(
    'src/base/x.c|#include "mud/core/level.h"'
    'src/base/x.h|  #  include "gfx/gl.h"'
    'src/gfx/x.h|#include "scene/scene.h"'
    'src/damage/x.c|#include "app/registry.h"'
    'src/gfx/x.c|#include "app/ui.h"'
    'src/dissolve/core/gallery.c|#include "damage/core/robot.h"'
    'src/mud/x.c|#include "wrinkle/core/head.h"'
    'src/wrinkle/core/x.h|#include "damage/scene/weapon.h"'
    'src/damage/x.c|#include "scene/fx.h"'
    'src/damage/scene/b.c|#include "mud/scene/mud_vocab.h"'
    'src/damage/x.c|#include "bb/bb.h"'
    'src/base/x.c|static const char *k = "dissolve.detail";'
    'src/base/x.h|    long particles_gpu;'
    'src/gfx/x.h|enum { GFX_UNIT_DISSOLVE_NOISE = 13 };'
    'src/gfx/x.c|static void drawRobotArm(void);'
    'src/base/x.c|int bb_align;'
    'CMakeLists.txt|imprint_technique(wrinkle USES bb)'
    'CMakeLists.txt|imprint_technique(bb USES mud)'
    'CMakeLists.txt|imprint_technique(dissolve USES damage)'
    'src/damage/core/x.c|#include "mud/core/truck_dirt.h"'
    'src/mud/scene/b.c|#include "damage/scene/weapon.h"'
)
n=0
for p in "${planted[@]}"; do
    n=$((n + 1))
    t=$scratch/t$n
    cp -r "$good" "$t"
    mkdir -p "$(dirname "$t/${p%%|*}")"
    printf '%s\n' "${p#*|}" >>"$t/${p%%|*}"
    [ -n "$(violations "$t")" ] || { echo "check_slices: self-test: '${p#*|}' in ${p%%|*} is not caught"; exit 1; }
done

hits=$(violations "$root")
if [ -n "$hits" ]; then
    echo "the slices (docs/architecture.md, \"Layers and slices\"):"
    echo "$hits"
    exit 1
fi
echo "check_slices: base and gfx name no technique; each library includes what its USES say (services only, no cycle); the scene layer and app/ stay above"

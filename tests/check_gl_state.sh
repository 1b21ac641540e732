#!/bin/bash
# Fixed-function GL state has one owner, src/gfx/state.c: outside src/gfx/ no source file may
# call glEnable/glDisable, glBlendFunc*/glBlendEquation*, glDepthMask, glDepthFunc, glCullFace,
# glFrontFace, glColorMask, glPolygonOffset or glScissor; draws declare their state with
# gfx_state_set. The one exemption is src/app/ui.cpp, the Dear ImGui panel: its backend sets state
# itself (and the panel calls gfx_state_invalidate after it). Usage: check_gl_state.sh SOURCE_DIR
set -u
root=${1:?usage: check_gl_state.sh SOURCE_DIR}
re='\bgl(Enable|Disable|Enablei|Disablei|BlendFunc|BlendFuncSeparate|BlendFunci|BlendEquation|BlendEquationSeparate|BlendEquationi|DepthMask|DepthFunc|CullFace|FrontFace|ColorMask|ColorMaski|PolygonOffset|Scissor)[[:space:]]*\('

# the pattern itself must catch a raw call and let the vertex-attribute calls through
for bad in 'glDisable(GL_BLEND);' 'glBlendEquation (GL_MAX);' 'x; glDepthMask(GL_FALSE);'; do
    grep -qE "$re" <<<"$bad" || { echo "check_gl_state: pattern misses '$bad'"; exit 1; }
done
grep -qE "$re" <<<'glEnableVertexAttribArray(0);' && { echo "check_gl_state: pattern too wide"; exit 1; }

[ -d "$root/src/gfx" ] || { echo "check_gl_state: no $root/src/gfx"; exit 1; }
hits=$(grep -rnE --include='*.c' --include='*.h' --include='*.cpp' "$re" "$root/src" "$root/tools" 2>/dev/null \
       | grep -v "^$root/src/gfx/" | grep -v "^$root/src/app/ui.cpp:")
if [ -n "$hits" ]; then
    echo "raw GL state calls outside src/gfx/ (use gfx_state_set from gfx/state.h):"
    echo "$hits"
    exit 1
fi
echo "check_gl_state: no raw GL state call outside src/gfx/"

#!/bin/bash
# Fixed-function GL state and render targets have one owner, src/gfx/: outside it no source file
# may call glEnable/glDisable, glBlendFunc*/glBlendEquation*, glDepthMask, glDepthFunc,
# glCullFace, glFrontFace, glColorMask, glPolygonOffset or glScissor (draws declare their state
# with gfx_state_set, gfx/state.h), nor bind framebuffers or set the viewport or clear colour
# itself: glBindFramebuffer, glViewport, glClearColor, or glGetIntegerv of
# GL_FRAMEBUFFER_BINDING / GL_DRAW_FRAMEBUFFER_BINDING / GL_READ_FRAMEBUFFER_BINDING / GL_VIEWPORT
# to save them (passes do all of it: gfx_target_begin/_end, gfx_read_begin/_end, gfx/target.h).
# The one exemption is src/app/ui.cpp, the Dear ImGui panel: its backend sets state itself (and
# the panel calls gfx_state_invalidate after it). Usage: check_gl_state.sh SOURCE_DIR
set -u
root=${1:?usage: check_gl_state.sh SOURCE_DIR}
state_re='\bgl(Enable|Disable|Enablei|Disablei|BlendFunc|BlendFuncSeparate|BlendFunci|BlendEquation|BlendEquationSeparate|BlendEquationi|DepthMask|DepthFunc|CullFace|FrontFace|ColorMask|ColorMaski|PolygonOffset|Scissor)[[:space:]]*\('
target_re='\bgl(BindFramebuffer|Viewport|ClearColor)[[:space:]]*\(|\bglGetIntegerv[[:space:]]*\([[:space:]]*GL_((DRAW_|READ_)?FRAMEBUFFER_BINDING|VIEWPORT)[[:space:]]*,'

# the patterns themselves must catch a raw call and let the look-alikes through
for bad in 'glDisable(GL_BLEND);' 'glBlendEquation (GL_MAX);' 'x; glDepthMask(GL_FALSE);' 'glScissor(0, 0, 4, 4);'; do
    grep -qE "$state_re" <<<"$bad" || { echo "check_gl_state: state pattern misses '$bad'"; exit 1; }
done
grep -qE "$state_re" <<<'glEnableVertexAttribArray(0);' && { echo "check_gl_state: state pattern too wide"; exit 1; }
for bad in 'glBindFramebuffer(GL_FRAMEBUFFER, 0);' '    glBindFramebuffer (GL_READ_FRAMEBUFFER, fbo);' \
           'glViewport(0, 0, w, h);' 'glClearColor(0, 0, 0, 1);' 'glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev);' \
           'glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &prev);' 'glGetIntegerv( GL_READ_FRAMEBUFFER_BINDING, &p);' \
           'glGetIntegerv(GL_VIEWPORT, vp);'; do
    grep -qE "$target_re" <<<"$bad" || { echo "check_gl_state: target pattern misses '$bad'"; exit 1; }
done
for ok in 'glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);' 'glGetIntegerv(GL_MAX_SAMPLES, &n);' \
          'glBindFramebufferEXT_unused' 'glClearColorIuiEXT(0, 0, 0, 0);' 'gfx_target_viewport(0, 0, w, h);' \
          'glBindRenderbuffer(GL_RENDERBUFFER, rb);'; do
    grep -qE "$target_re" <<<"$ok" && { echo "check_gl_state: target pattern too wide ('$ok')"; exit 1; }
done

[ -d "$root/src/gfx" ] || { echo "check_gl_state: no $root/src/gfx"; exit 1; }
scan() {
    grep -rnE --include='*.c' --include='*.h' --include='*.cpp' "$1" "$root/src" "$root/tools" 2>/dev/null \
        | grep -v "^$root/src/gfx/" | grep -v "^$root/src/app/ui.cpp:"
}
status=0
hits=$(scan "$state_re")
if [ -n "$hits" ]; then
    echo "raw GL state calls outside src/gfx/ (use gfx_state_set from gfx/state.h):"
    echo "$hits"
    status=1
fi
hits=$(scan "$target_re")
if [ -n "$hits" ]; then
    echo "raw framebuffer / viewport / clear-colour calls outside src/gfx/ (use the passes of gfx/target.h):"
    echo "$hits"
    status=1
fi
[ $status = 0 ] && echo "check_gl_state: no raw GL state or render-target call outside src/gfx/"
exit $status

#include "gfx/state.h"

#include <stdbool.h>

static struct {
    gfx_state cur;
    bool valid;
    bool scissor_valid;
    int scissor[4];
    gfx_state_counters n;
} st;

static void state__toggle(GLenum cap, bool on)
{
    if (on) glEnable(cap);
    else glDisable(cap);
    st.n.gl_calls++;
}

static void state__depth(gfx_state s)
{
    gfx_state t = s & GFX_DEPTH_TEST_MASK;
    bool was_on = st.valid && (st.cur & GFX_DEPTH_TEST_MASK);
    if (!st.valid || (t != 0) != was_on) state__toggle(GL_DEPTH_TEST, t != 0);
    /* the func of a disabled test is left as it was: it matters again only when a set turns it on */
    if (t && (!st.valid || t != (st.cur & GFX_DEPTH_TEST_MASK))) {
        glDepthFunc(t == GFX_DEPTH_LEQUAL ? GL_LEQUAL : GL_LESS);
        st.n.gl_calls++;
    }
    if (!st.valid || ((s ^ st.cur) & GFX_DEPTH_WRITE)) {
        glDepthMask((s & GFX_DEPTH_WRITE) ? GL_TRUE : GL_FALSE);
        st.n.gl_calls++;
    }
}

static void state__cull(gfx_state s)
{
    gfx_state c = s & GFX_CULL_MASK, old = st.cur & GFX_CULL_MASK;
    if (!st.valid || (c != 0) != (old != 0)) state__toggle(GL_CULL_FACE, c != 0);
    if (c && (!st.valid || c != old)) {
        glCullFace(c == GFX_CULL_FRONT ? GL_FRONT : GL_BACK);
        st.n.gl_calls++;
    }
}

static void state__blend(gfx_state s)
{
    gfx_state b = s & GFX_BLEND_MASK, old = st.cur & GFX_BLEND_MASK;
    if (!st.valid || (b != 0) != (old != 0)) state__toggle(GL_BLEND, b != 0);
    if (!b || (st.valid && b == old)) return;
    /* equation and factors together: two calls per change of mode, never a stale half */
    switch (b) {
    case GFX_BLEND_ALPHA:
        glBlendEquation(GL_FUNC_ADD);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        break;
    case GFX_BLEND_ADD:
        glBlendEquation(GL_FUNC_ADD);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE);
        break;
    default: /* GFX_BLEND_MAX: the factors are ignored by GL_MAX; ONE, ONE keeps a capture readable */
        glBlendEquation(GL_MAX);
        glBlendFunc(GL_ONE, GL_ONE);
        break;
    }
    st.n.gl_calls += 2;
}

void gfx_state_set(gfx_state s)
{
    st.n.sets++;
    if (st.valid && s == st.cur) return;
    state__depth(s);
    state__cull(s);
    state__blend(s);
    if (!st.valid || ((s ^ st.cur) & GFX_COLOR_OFF)) {
        GLboolean on = (s & GFX_COLOR_OFF) ? GL_FALSE : GL_TRUE;
        glColorMask(on, on, on, on);
        st.n.gl_calls++;
    }
    if (!st.valid || ((s ^ st.cur) & GFX_SCISSOR)) state__toggle(GL_SCISSOR_TEST, (s & GFX_SCISSOR) != 0);
    if (!st.valid || ((s ^ st.cur) & GFX_OFFSET_SHADOW)) {
        state__toggle(GL_POLYGON_OFFSET_FILL, (s & GFX_OFFSET_SHADOW) != 0);
        if (s & GFX_OFFSET_SHADOW) {
            glPolygonOffset(1.5f, 2.0f);
            st.n.gl_calls++;
        }
    }
    if (!st.valid || ((s ^ st.cur) & GFX_RASTERIZER_OFF)) state__toggle(GL_RASTERIZER_DISCARD, (s & GFX_RASTERIZER_OFF) != 0);
    st.cur = s;
    st.valid = true;
}

gfx_state gfx_state_get(void) { return st.cur; }

void gfx_state_invalidate(void)
{
    st.valid = false;
    st.scissor_valid = false;
}

void gfx_state_scissor(int x, int y, int w, int h)
{
    if (st.scissor_valid && st.scissor[0] == x && st.scissor[1] == y && st.scissor[2] == w && st.scissor[3] == h) return;
    glScissor(x, y, w, h);
    st.n.gl_calls++;
    st.scissor[0] = x;
    st.scissor[1] = y;
    st.scissor[2] = w;
    st.scissor[3] = h;
    st.scissor_valid = true;
}

void gfx_state_clear(GLbitfield buffers)
{
    gfx_state s = st.cur & ~(gfx_state)(GFX_COLOR_OFF | GFX_SCISSOR | GFX_RASTERIZER_OFF);
    if (buffers & GL_DEPTH_BUFFER_BIT) s |= GFX_DEPTH_WRITE;
    /* from an unknown cache nothing is kept: the plain state plus the masks the clear needs */
    if (!st.valid) s = (buffers & GL_DEPTH_BUFFER_BIT) ? GFX_DEPTH_WRITE : 0;
    gfx_state_set(s);
    glClear(buffers);
}

gfx_state_counters gfx_state_get_counters(void) { return st.n; }

/* state.h — the one owner of fixed-function GL state (Quake III's GL_State): depth test, depth
 * func and write, face culling, blending, colour writes, scissor and polygon offset are ONE value.
 *
 *   gfx_state_set(GFX_DEPTH_LESS | GFX_DEPTH_WRITE | GFX_CULL_BACK);   an opaque mesh
 *   gfx_state_set(GFX_DEPTH_LESS | GFX_BLEND_ADD);                     additive sparks, no depth write
 *   gfx_state_set(GFX_BLEND_MAX);                                      UV-space unwrap: no depth, max blend
 *   gfx_state_set(GFX_STATE_CASTER);                                   shadow casters (biased, two-sided)
 *   gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);        glClear with the write masks on
 *   gfx_state_invalidate();   after code that touched GL state behind the module's back (a UI backend)
 *
 * Every draw entry point declares the whole state it needs with one gfx_state_set; nothing relies
 * on what the previous draw left, and no file outside src/gfx/ calls glEnable/glDisable,
 * glBlendFunc/glBlendEquation, glDepthMask/glDepthFunc, glCullFace, glColorMask or glPolygonOffset
 * (tests/check_gl_state.sh keeps it so).
 *
 * The zero value is the "plain" state: depth test off, depth writes off, no culling, no blending,
 * all colour channels written, scissor off, no polygon offset. Fields:
 *   depth   GFX_DEPTH_LESS | GFX_DEPTH_LEQUAL (test on with that func), GFX_DEPTH_WRITE (the depth
 *           mask: with the test off nothing is written by draws, but glClear honours it)
 *   cull    GFX_CULL_BACK | GFX_CULL_FRONT (counter-clockwise front faces, GL's default)
 *   blend   GFX_BLEND_ALPHA  src*a + dst*(1-a)          HUD, smoke/fire/clod billboards
 *           GFX_BLEND_ADD    src*a + dst                sparks
 *           GFX_BLEND_MAX    max(src, dst)              damage unwrap and cut (max of old and new)
 *   colour  GFX_COLOR_OFF (no colour writes: depth-only passes)
 *   other   GFX_SCISSOR (test on, rectangle from gfx_state_scissor), GFX_OFFSET_SHADOW (the shadow
 *           map's slope-scaled bias, glPolygonOffset(1.5, 2)), GFX_RASTERIZER_OFF (nothing is
 *           rasterized: transform-feedback passes, GL_RASTERIZER_DISCARD)
 *
 * gfx_state_set compares with a cached copy and issues only the GL calls for fields that differ;
 * the cache starts (and after gfx_state_invalidate is) unknown, so the next set applies every field.
 * One GL context, one cache (module state like gfx timers). gfx_state_counters tells how many sets
 * and GL calls happened (tests check that redundant sets cost nothing).
 */
#ifndef IMPRINT_GFX_STATE_H
#define IMPRINT_GFX_STATE_H

#include <stdint.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t gfx_state;

enum {
    GFX_DEPTH_LESS = 1u << 0,
    GFX_DEPTH_LEQUAL = 2u << 0,
    GFX_DEPTH_TEST_MASK = 3u << 0,
    GFX_DEPTH_WRITE = 1u << 2,

    GFX_CULL_BACK = 1u << 3,
    GFX_CULL_FRONT = 2u << 3,
    GFX_CULL_MASK = 3u << 3,

    GFX_BLEND_ALPHA = 1u << 5,
    GFX_BLEND_ADD = 2u << 5,
    GFX_BLEND_MAX = 3u << 5,
    GFX_BLEND_MASK = 7u << 5,

    GFX_COLOR_OFF = 1u << 8,
    GFX_SCISSOR = 1u << 9,
    GFX_OFFSET_SHADOW = 1u << 10,
    GFX_RASTERIZER_OFF = 1u << 11,
};

/* The states most draws use, named once. */
#define GFX_STATE_OPAQUE (GFX_DEPTH_LESS | GFX_DEPTH_WRITE | GFX_CULL_BACK)
#define GFX_STATE_OPAQUE_TWO_SIDED (GFX_DEPTH_LESS | GFX_DEPTH_WRITE)
/* Shadow casters: biased, and two-sided so thin armor and open shells cast from both sides. */
#define GFX_STATE_CASTER (GFX_DEPTH_LESS | GFX_DEPTH_WRITE | GFX_OFFSET_SHADOW)
/* Fullscreen passes and screen overlays: no depth, no culling, nothing blended. */
#define GFX_STATE_FULLSCREEN ((gfx_state)0)

typedef struct gfx_state_counters {
    long long sets;     /* gfx_state_set calls */
    long long gl_calls; /* GL calls they issued */
} gfx_state_counters;

void gfx_state_set(gfx_state s);
gfx_state gfx_state_get(void); /* the cached value (meaningless right after an invalidate) */
/* Forget the cache: the next gfx_state_set applies every field. */
void gfx_state_invalidate(void);
/* Rectangle used while GFX_SCISSOR is on (window pixels, origin bottom-left); cached too. */
void gfx_state_scissor(int x, int y, int w, int h);
/* glClear(buffers) with colour and depth writes on and the scissor off; the state stays so. */
void gfx_state_clear(GLbitfield buffers);
gfx_state_counters gfx_state_get_counters(void);

#ifdef __cplusplus
}
#endif

#endif

/* bb.h — billboards on the GPU: the caller's atlases, the three batchers, blending and soft edges.
 *
 *   bb_atlas ring = { .pixels = rgba, .width = 512, .height = 512, .emission = 4 };  grid 8 x 8
 *   bb_renderer *bb = bb_renderer_create(&(bb_desc){ .capacity = pool->capacity,
 *                                                    .atlases = &ring, .atlas_count = 1 });
 *   each frame, after the opaque pass (depth test against it, no depth writes):
 *     bb_renderer_build(bb, pool, view, proj);    CPU: cull, group, sort, fill, upload
 *     bb_renderer_draw(bb, &(bb_draw_params){ .scene_depth = tex, .width = w, .height = h });
 *   bb_renderer_destroy(bb);
 *
 * Atlases (bb_desc.atlases, up to BB_ATLAS_MAX = 8: a billboard names its own in 3 bits,
 * particle.atlas): each is the caller's pixels (uploaded) or GL texture (level 0 copied), all of
 * one size, cut into a grid of frames (8 x 8 by default, at most 64 cells, read row by row from
 * the image's top-left) that glows (emission, an HDR gain) or is lit (ambient + sun). The
 * renderer copies them into the layers of one sRGB texture array, layer = index, with mipmaps
 * down to 8-pixel cells so neighbouring frames never mix: alpha billboards of every atlas then
 * share one draw and one back-to-front order. A billboard whose atlas is past the count shows the
 * last one. No atlases given: one built-in soft white disc (one frame, emission 1). The app's
 * five (fire, spark, smoke, clod, spray) are the range's and the mud scene's choice
 * (bb/fx_atlases.h), not the renderer's.
 * Owns the atlas array, the programs (shaders/bb_*) and a
 * ring of three streamed vertex buffers: each frame the builder writes straight into the next
 * one, mapped unsynchronized after its fence (set when it was last drawn) has signalled, so
 * neither the CPU nor the GPU waits while the GPU keeps up (the CPU blocks on the fence, at
 * most 1 s, only when the GPU is more than two frames behind) and nothing is copied twice.
 * Batchers (bb_desc.batcher, `--batcher instanced|quads|cpu`):
 *   A BB_BATCHER_INSTANCED (default): 32 bytes per billboard (core/bb_batch.h); a 4-vertex
 *     strip per instance, corners and atlas cells computed in the vertex shader.
 *   B BB_BATCHER_QUADS: the reference's method, 4 vertices x 13 floats (208 bytes) each
 *     carrying the centre, expanded in view space by the vertex shader.
 *   C BB_BATCHER_CPU: 4 vertices x 13 floats (208 bytes) with world-space corners built on
 *     the CPU (OGRE's way). B and C draw with a static index buffer (6 indices per quad, made
 *     once at creation).
 * All: one draw per blend mode: first every alpha billboard, whatever its atlas, in one
 * back-to-front order (unless bb_desc.no_sort), blended SRC_ALPHA / ONE_MINUS_SRC_ALPHA; then
 * every additive one (SRC_ALPHA / ONE). Depth test on, depth writes off. Soft edges: alpha fades to zero where the
 * billboard is closer than soft * size in front of the scene depth (bb_draw_params.scene_depth).
 * Fire and sparks are emissive (HDR gain); smoke and clods are lit: bb_draw_params.ambient plus
 * bb_draw_params.sun times the sun's visibility in the shadow map (five PCF taps at the
 * billboard's centre in the vertex shader; batcher C at each corner), so a puff in a shadow is
 * darker by the shadow factor on the sun's part only.
 * Alignment (particle.align, or bb_desc.align for all): screen, view-point or velocity
 * (stretched along the projected velocity by BB_VELOCITY_STRETCH seconds of motion); all three
 * batchers expand the same way (shaders/bb_common.glsl, bb_corners on the CPU).
 *
 * GL state a draw leaves: program 0, vertex array 0, no buffer bound to GL_ARRAY_BUFFER, unit 0
 * active with no array texture bound, gfx_state GFX_DEPTH_LESS with the last blend mode drawn
 * (the state cache knows it), bb_draw_params.scene_depth still bound on unit GFX_UNIT_SCENE_DEPTH
 * (12) and the shadow map on GFX_UNIT_SHADOW (15). Texture units it uses: 0 (the atlases), 12, 15.
 *
 * Defaults (zero fields, resolved in one place): capacity 100 000, instanced, sorted, soft 0.5,
 * one built-in atlas; per atlas grid 8 x 8, emission 1. Bad input, logged in one line naming the
 * field, create returns NULL: more than 8 atlases (or a negative count, or none with a count),
 * an atlas with neither pixels nor texture, a size of 0 or unlike the first's, a grid with a 0 or
 * negative side or over 64 cells, a negative emission, a texture that cannot be read. Failure:
 * create returns NULL when a program cannot be built (logged with file:line).
 */
#ifndef IMPRINT_BB_BB_H
#define IMPRINT_BB_BB_H

#include <stdbool.h>
#include <stddef.h>

#include <cglm/cglm.h>

#include "bb/core/bb_batch.h"
#include "bb/core/particles.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One atlas of animation frames, as the caller hands it over (copied at create: the pixels may
 * be freed, the texture deleted, right after). */
typedef struct bb_atlas {
    const void *pixels;  /* RGBA8, sRGB, width x height, rows top-down as an image file holds them */
    GLuint texture;      /* or (pixels NULL): a GL_TEXTURE_2D whose level 0, width x height in GL's
                          * bottom-up rows, is copied (it must be colour-renderable, e.g. GL_SRGB8_ALPHA8) */
    int width, height;   /* of either; every atlas of one renderer the same */
    int grid[2];         /* columns, rows of frames; {0, 0} = 8 x 8; at most 64 cells */
    float emission;      /* how much it glows: the HDR gain of its colour; 0 = 1 */
    bool lit;            /* lit instead: bb_draw_params.ambient + .sun x shadow (smoke, dust) */
} bb_atlas;

typedef struct bb_desc {
    int capacity;        /* most billboards drawn per frame; 0 = PARTICLES_DEFAULT_CAPACITY */
    bb_batcher batcher;
    bool no_sort;        /* skip the back-to-front order of alpha groups */
    bb_align_override align; /* `--bb-align`: BB_ALIGN_AUTO keeps each billboard's own */
    float soft;          /* soft-edge distance in billboard sizes; 0 = 0.5, negative = hard edges */
    const bb_atlas *atlases; /* particle.atlas indexes them; additive or alpha is the billboard's (particle.blend) */
    int atlas_count;     /* 0 = one built-in soft white disc; at most BB_ATLAS_MAX */
} bb_desc;

typedef struct bb_draw_params {
    GLuint scene_depth;  /* depth texture of the opaque pass; 0 = no soft edges */
    int width, height;   /* viewport in pixels */
    float ambient[3];    /* light of smoke and clods that no shadow dims; with sun all zero = white */
    float sun[3];        /* the sun's part of their light, times its visibility in shadow_map */
    GLuint shadow_map;   /* depth texture, compare mode on (unit GFX_UNIT_SHADOW); 0 = full sun */
    mat4 light_viewproj; /* world to the shadow map's clip space */
    bool no_frame_blend; /* show each atlas cell whole instead of blending it into the next */
    float near_fade;     /* metres from the camera over which billboards fade in (0 = none) */
} bb_draw_params;

typedef struct bb_renderer bb_renderer;

bb_renderer *bb_renderer_create(const bb_desc *desc);
void bb_renderer_destroy(bb_renderer *r);

/* Bytes streamed to the GPU per drawn billboard (28 for A, 208 for B and C). */
size_t bb_batcher_bytes(bb_batcher b);

/* CPU half of a frame: culls, groups, sorts and fills this frame's data and uploads it.
 * Returns the number of billboards that will be drawn. */
int bb_renderer_build(bb_renderer *r, const particles *p, mat4 view, mat4 proj);
/* GPU half: one draw per non-empty group, into the bound framebuffer. */
void bb_renderer_draw(bb_renderer *r, const bb_draw_params *params);

/* The last build: billboards drawn, culled, bytes uploaded, draw calls issued by the last draw,
 * and the CPU time of the build split into filling the records and handing them to GL. */
typedef struct bb_frame_info {
    int drawn, culled, draws;
    int chunks_in, chunks_straddle, chunks_out; /* chunk culling (bb/core/bb_batch.h) */
    size_t upload_bytes;
    float fill_ms, upload_ms;
} bb_frame_info;
bb_frame_info bb_renderer_info(const bb_renderer *r);
/* The atlases: a GL_TEXTURE_2D_ARRAY, layer = index in bb_desc.atlases (tests, debug views). */
GLuint bb_renderer_atlases(const bb_renderer *r);
/* Atlas a's columns and rows of frames as resolved (8 x 8 where the desc said {0, 0}); an index
 * past the count answers for the last atlas, as drawing does. */
void bb_renderer_atlas_grid(const bb_renderer *r, int a, int grid[2]);

#ifdef __cplusplus
}
#endif

#endif

/* ssao.h — screen-space ambient occlusion at quarter size: a normal-oriented hemisphere of 6
 * samples per pixel around the view-space position rebuilt from depth (the normal too, from the
 * neighbours with the smaller depth step, so silhouettes do not smear), then a 4x4 depth-aware
 * blur that steps up to half size (one pass of four bilinear taps, each a 2x2 block, weighted by
 * each block's distance against the half-size pixel's own from depth) that removes the 4x4
 * rotation pattern without bleeding across depth edges.
 *
 *   gfx_ssao *s = gfx_ssao_create(&(gfx_ssao_desc){.width = 1280, .height = 720});
 *   GLuint ao = gfx_ssao_run(s, depth_tex, proj);   half size, .r: 1 = open, lower = occluded
 *   gfx_ssao_destroy(s);
 *
 * depth_tex is a full-size depth texture (or R32F) of window depth in 0..1, made with the
 * perspective matrix proj (column-major, as cglm's mat4). Sky (depth 1) stays 1. A flat
 * surface occludes nothing (its hemisphere is open); an inside corner darkens along its crease.
 * Sky pixels are written by a cheap first draw and the occlusion draw is depth-tested against
 * them, so a software rasterizer skips blocks of sky (the quarter-size raw target has a depth buffer
 * for that).
 * Defaults: radius 0.6 m, strength 1.2 (exponent on the open fraction). Timed as "post.ssao".
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_SSAO_H
#define IMPRINT_GFX_POST_SSAO_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_ssao_desc {
    int width, height; /* full size of the depth input */
    float radius;      /* metres */
    float strength;
} gfx_ssao_desc;

typedef struct gfx_ssao gfx_ssao;

gfx_ssao *gfx_ssao_create(const gfx_ssao_desc *desc);
void gfx_ssao_destroy(gfx_ssao *s);
bool gfx_ssao_resize(gfx_ssao *s, int width, int height);
GLuint gfx_ssao_run(gfx_ssao *s, GLuint depth, const float proj[16]);

#ifdef __cplusplus
}
#endif

#endif

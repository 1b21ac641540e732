/* fxaa.h — the last pass of the post stack: FXAA, edge-directed anti-aliasing on the tone-mapped
 * image (after Lottes' FXAA 3.11 quality variant: the pixel and its 4 neighbours decide whether
 * it is on an edge; on edges the diagonals give the orientation and sub-pixel amount and a
 * 3-step search along the edge (7 pixels each way) finds its ends).
 *
 *   gfx_grade_run(g, &(gfx_grade_inputs){..., .fxaa_tex = ldr_tex}, &dst);  picture + candidates
 *   gfx_fxaa *f = gfx_fxaa_create();
 *   gfx_fxaa_run(f, ldr_tex, &dst);   ldr_tex: sRGB-encoded, luma in alpha, filtered linearly
 *   gfx_fxaa_destroy(f);
 *
 * dst already holds the picture, and its depth marks FXAA's candidates with 1 (the colour pass
 * writes both, see grade.h; its mark is a little generous). The pass is depth-tested so only
 * candidates are shaded (a software rasterizer skips blocks without one); a candidate that is no
 * edge by FXAA's own threshold is discarded and keeps dst's pixel, so the result equals running
 * FXAA on every pixel wherever the mark covers the edges. Headless runs have no MSAA, so this is
 * their anti-aliasing; a window keeps its MSAA and still runs FXAA on what is left.
 * Timed as "post.fxaa". Sharpening is the colour pass's (grade.h).
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_FXAA_H
#define IMPRINT_GFX_POST_FXAA_H

#include <stdbool.h>

#include "gfx/gl.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_fxaa gfx_fxaa;

gfx_fxaa *gfx_fxaa_create(void);
void gfx_fxaa_destroy(gfx_fxaa *f);
void gfx_fxaa_run(gfx_fxaa *f, GLuint src, const gfx_target *dst);

#ifdef __cplusplus
}
#endif

#endif

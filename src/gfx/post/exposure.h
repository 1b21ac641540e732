/* exposure.h — auto exposure: the scene's average log luminance, and an exposure that adapts
 * towards the one that maps it to a mid grey, over time, entirely on the GPU (no read-back).
 *
 *   gfx_exposure *e = gfx_exposure_create(&(gfx_exposure_desc){0});
 *   GLuint ex = gfx_exposure_run(e, hdr_tex, dt, 0); 1x1 R32F texture: the exposure multiplier
 *   gfx_exposure_reset(e);                          next run jumps to the target (scene switch)
 *   gfx_exposure_destroy(e);
 *
 * Two tiny passes (both "post.exposure"): 16x16 cells of log2 luminance (4x4 bilinear taps per
 * cell), then one pixel that averages them and moves the previous exposure towards
 * min(key / average luminance, guard / brightest cell's) by 1 - exp(-dt * speed) in log2 space,
 * clamped to [min, max]: the mid grey where it can be, no large area clipped where it cannot.
 * The first run after create/reset takes the target directly. The result depends only on the
 * frames and their dt, so fixed-step runs are reproducible. Defaults: key 0.8 * 0.2 (the fixed
 * exposure 0.8 of a frame whose average luminance is 0.2), guard 2.5, speed 1.5 /s, min 0.3, max 2.4.
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_EXPOSURE_H
#define IMPRINT_GFX_POST_EXPOSURE_H

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_exposure_desc {
    float key;      /* exposure * average luminance aimed at */
    float speed;    /* adaptation rate, 1/s */
    float min, max; /* clamp of the exposure multiplier */
    float guard;    /* exposed luminance the brightest of the 16x16 cells may reach (default 2.5: the
                     * tone curve's 0.93, just under clipping); it wins over key when lower */
} gfx_exposure_desc;

typedef struct gfx_exposure gfx_exposure;

gfx_exposure *gfx_exposure_create(const gfx_exposure_desc *desc);
void gfx_exposure_destroy(gfx_exposure *e);
void gfx_exposure_reset(gfx_exposure *e);
/* ev: compensation, the key times 2^ev (the guard stays: it keeps large areas out of clipping). */
GLuint gfx_exposure_run(gfx_exposure *e, GLuint hdr, float dt, float ev);
/* Where the average is metered from the next run on: the 16x16 cells that overlap rect (fractions
 * x0 y0 x1 y1 of the image from the top left: a subject before a dark backdrop), NULL: every cell
 * (the default). The guard still reads every cell. */
void gfx_exposure_meter(gfx_exposure *e, const float *rect);

#ifdef __cplusplus
}
#endif

#endif

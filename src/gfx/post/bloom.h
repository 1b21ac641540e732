/* bloom.h — energy-conserving bloom: a down chain of 4x4 box filters and an up chain of tent
 * filters, each level mixed with the blurrier one below it. No threshold: every pixel blooms by
 * the same small share, so only what is far brighter than its surroundings (HDR emissive: hot
 * damage rims, dissolve edges, fireballs, sparks) shows a visible glow.
 *
 *   gfx_bloom *b = gfx_bloom_create(&(gfx_bloom_desc){.width = 1280, .height = 720});
 *   GLuint blur = gfx_bloom_run(b, hdr_tex, ao_tex, 0);   ao_tex 0 = no ambient occlusion applied
 *   GLuint low = gfx_bloom_run(b, 0, ao_tex, half);       level 0 given (DOF's half-size colour):
 *   ... the caller's last step: mix(texture(low, uv), half, gfx_bloom_keep(b)) ...   one level down
 *   ... final pass: mix(hdr, texture(blur, uv), strength) ...
 *   gfx_bloom_destroy(b);
 *
 * Level 0 is half the source size (RGBA16F), each further level half the previous, down to
 * `levels` (default 6) or 4 pixels. The result is a half-size texture holding a weighted sum of
 * blurs of the source whose weights add up to 1 (keep, keep*(1-keep), ... the last takes the
 * rest): the blur spreads a bright pixel's energy, never adds to it, so mix(src, blur, s) has
 * the source's total energy for any s. The down filter is a 4x4 box from 4 bilinear taps and the
 * up filter a normalized 3x3 tent, except the last step to level 0, one bilinear tap (the level
 * below is smooth by then; a quarter of the taps where the level is largest): all conserve energy
 * away from the borders (clamp to edge).
 * A given level 0 (half size, occlusion applied: DOF's first step, a 2x2 average, which keeps
 * energy too) replaces the first down step, so the stack downsamples the full-size image once;
 * then the chain stops one step short and returns level 1's up result (quarter size): the caller
 * (DOF's gather) takes the last step as it reads it, mix(bilinear(low), level 0, keep), and no
 * half-size pass writes the bloom. Otherwise, with ao, the result's alpha carries the occlusion
 * too (the colour pass then reads one half-size texture for both); alpha is 1 without.
 * Failure (no targets, shader error): create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_BLOOM_H
#define IMPRINT_GFX_POST_BLOOM_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_bloom_desc {
    int width, height; /* of the source */
    int levels;        /* default 6 */
    float keep;        /* share each level keeps in the up chain, default 0.35 */
} gfx_bloom_desc;

typedef struct gfx_bloom gfx_bloom;

gfx_bloom *gfx_bloom_create(const gfx_bloom_desc *desc);
void gfx_bloom_destroy(gfx_bloom *b);
bool gfx_bloom_resize(gfx_bloom *b, int width, int height);
/* Runs the chain (pass "post.bloom"); returns the half-size result texture, or with level0 the
 * quarter-size one a last step short (above). */
GLuint gfx_bloom_run(gfx_bloom *b, GLuint src, GLuint ao, GLuint level0);
/* The share each level keeps of its own down result (the caller's last step with level0). */
float gfx_bloom_keep(const gfx_bloom *b);
/* Size of the result (half the source, rounded up). */
void gfx_bloom_size(const gfx_bloom *b, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif

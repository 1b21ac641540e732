/* grade.h — the one full-size colour pass of the post stack: it composites what the half-size
 * passes made (ambient occlusion, depth of field, bloom), applies the exposure, the ACES filmic
 * tone map, the colour grade (lift / gamma / gain and saturation, on display-referred values)
 * and the sRGB encoding. Per-pixel maths share this pass because on a software renderer each
 * full-size pass costs about a fifth of the whole scene.
 *
 *   gfx_grade *g = gfx_grade_create(&(gfx_grade_desc){0});          the default look
 *   gfx_grade_run(g, &(gfx_grade_inputs){.hdr = tex, .exposure_fixed = 0.8f}, &dst_target);
 *   gfx_grade_destroy(g);
 *
 * Inputs left 0 are skipped: no ao (nothing darkened), no bloom, no dof (sharp), no exposure
 * texture (exposure_fixed is used), grade off (identity), no sharpening, no FXAA to prepare.
 * Sharpening and FXAA's preparation read the pixel's four HDR neighbours and judge them by an
 * approximation of their final luma (this pixel's composite, the exposure, the tone curve, a
 * square-root encoding): CAS on luma, and an edge mark a little below FXAA's threshold so that
 * every edge FXAA would find is marked (gfx_fxaa_run then shades only marked pixels and discards
 * those that are no edge after all). Alpha is 1. An identity grade
 * (lift 0, gamma 1, gain 1, saturation 1) changes no pixel: the pass skips the maths for it
 * rather than trusting pow(x, 1) to be exact. Timed as "post.grade" (exposure applied,
 * tone map, grade, sharpening and FXAA's edge mark: one pass). Each combination of stages is its own program, compiled on first
 * use: a software rasterizer executes both sides of a branch, so a stage that is off costs
 * nothing only if it is not in the code. A variant that fails to compile falls back to the plain
 * tone map (logged once); a plain tone map that fails is gfx's magenta fallback (gfx/shader.h).
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_GRADE_H
#define IMPRINT_GFX_POST_GRADE_H

#include <stdbool.h>

#include "gfx/gl.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_grade_look {
    float lift[3], gamma[3], gain[3];
    float saturation;
} gfx_grade_look;

/* The four neighbours' luma (sharpening, FXAA's mark): AUTO shares them across each 2x2 quad on
 * llvmpipe (whose derivatives are per row and column: the neighbour inside the quad is this
 * pixel's value plus the derivative, only the one outside is fetched: two full-size HDR fetches a
 * pixel instead of four, the same luma up to rounding) and fetches all four elsewhere (a GPU may
 * take derivatives per quad; its fetches are cheap). FETCH and QUAD force one way (tests). */
typedef enum gfx_grade_neighbours {
    GFX_GRADE_NEIGHBOURS_AUTO,
    GFX_GRADE_NEIGHBOURS_FETCH,
    GFX_GRADE_NEIGHBOURS_QUAD
} gfx_grade_neighbours;

typedef struct gfx_grade_desc {
    const gfx_grade_look *look; /* NULL = the default look (slightly warm, a little more saturated) */
    float bloom_strength;       /* share of the bloom blur in the image, default 0.08 */
    float sharpen;              /* sharpening strength 0..1, default 0.5 */
    gfx_grade_neighbours neighbours; /* how sharpening and FXAA's mark get the four neighbours' luma */
} gfx_grade_desc;

typedef struct gfx_grade_inputs {
    GLuint hdr;            /* full size, linear HDR */
    GLuint ao;             /* half size, .r = ambient occlusion (1 = open), 0 = none */
    GLuint bloom;          /* half size energy-conserving blur (.a = the occlusion when ao is set), 0 = none */
    GLuint dof;            /* half size composite from gfx_dof_run (sharp * a + rgb: ao and bloom already
                              in it, so those two are not read), 0 = none */
    GLuint exposure;       /* 1x1 R32F exposure multiplier, 0 = exposure_fixed */
    float exposure_fixed;
    bool grade;            /* apply the look */
    bool sharpen;          /* contrast-adaptive sharpening (on luma, from the HDR neighbours) */
    GLuint fxaa_tex;       /* full-size RGBA8 texture that receives FXAA's input (the unsharpened picture,
                              luma in alpha) while dst's depth receives FXAA's candidates (1); 0 = no FXAA.
                              dst must then have a single-sampled depth texture */
} gfx_grade_inputs;

typedef struct gfx_grade gfx_grade;

gfx_grade *gfx_grade_create(const gfx_grade_desc *desc);
void gfx_grade_destroy(gfx_grade *g);
void gfx_grade_set_look(gfx_grade *g, const gfx_grade_look *look);
/* The bloom's share s of the image (DOF's composite uses it too). */
float gfx_grade_bloom_strength(const gfx_grade *g);
/* The identity look: the pass then leaves tone-mapped pixels as they are. */
gfx_grade_look gfx_grade_identity(void);
void gfx_grade_run(gfx_grade *g, const gfx_grade_inputs *in, const gfx_target *dst);

#ifdef __cplusplus
}
#endif

#endif

/* dof.h — depth of field at half size: a circle of confusion per pixel from depth and a focus
 * distance (the scene's subject: the robot, the truck, the face), then one gather blur whose
 * taps count only where their own circle reaches this pixel: the background blurs behind a
 * sharp subject without the subject bleeding into it, and a near object blurs over the subject.
 *
 *   gfx_dof *d = gfx_dof_create(&(gfx_dof_desc){.width = 1280, .height = 720});
 *   float params[4]; gfx_dof_params(d, proj, focus_m, params);
 *   GLuint half = gfx_dof_half(d, hdr_tex, depth_tex, ao_tex, params);   step 1
 *   ... bloom may start its chain from `half` ...
 *   GLuint comp = gfx_dof_run(d, &(gfx_dof_composite){.bloom = low, .ao = ao_tex, .bloom_strength = 0.08f,
 *                                                      .bloom_keep = gfx_bloom_keep(b)}, params);  step 2
 *   ... colour pass: sharp * comp.a + comp.rgb ...
 *   gfx_dof_destroy(d);
 *
 * CoC in half-size pixels: 0 from 0.4 to 1.5 times the focus distance (the subject and the
 * ground around it stay sharp), growing to max at 5 times behind it and to -max at the camera
 * (negative: in front).
 * Default max: 4 half pixels at 720 lines, scaled with the height.
 * Step 1 writes the half-size colour (2x2 average, occlusion applied; ao_tex 0 = none) with the
 * signed CoC in alpha (also gfx_dof_coc, the `coc` view): bloom's first level when both run.
 * Step 2 gathers the blur (share k from the near-field coverage and the pixel's own circle) and
 * composites at half size what the colour pass would otherwise fetch three times:
 *   final = sharp * a + rgb,  a = (1 - s) (1 - k) ao,  rgb = (1 - s) k blur + s bloom
 * (s = bloom_strength when bloom is given, else 0). The bloom given is the chain a step short
 * (gfx_bloom_run with level 0 = step 1's colour): the gather takes the last up step itself,
 * bloom = mix(bilinear(low), step 1's colour at this pixel, bloom_keep), so no half-size pass
 * writes the bloom.
 * Both steps are timed as "post.dof" (one sample per frame, their sum).
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_DOF_H
#define IMPRINT_GFX_POST_DOF_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_dof_desc {
    int width, height;   /* full size */
    float max_coc_720;   /* largest CoC in half pixels at 720 lines, default 4 */
} gfx_dof_desc;

typedef struct gfx_dof gfx_dof;

gfx_dof *gfx_dof_create(const gfx_dof_desc *desc);
void gfx_dof_destroy(gfx_dof *d);
bool gfx_dof_resize(gfx_dof *d, int width, int height);
void gfx_dof_params(const gfx_dof *d, const float proj[16], float focus_m, float out[4]);
typedef struct gfx_dof_composite {
    GLuint bloom;         /* bloom a last step short (quarter size, from gfx_bloom_run with step 1's colour), 0 = none */
    GLuint ao;            /* half-size occlusion (.r); 0 = none */
    float bloom_strength; /* s above */
    float bloom_keep;     /* the bloom's share kept per level (gfx_bloom_keep), for the last step */
} gfx_dof_composite;

GLuint gfx_dof_half(gfx_dof *d, GLuint hdr, GLuint depth, GLuint ao, const float params[4]);
GLuint gfx_dof_run(gfx_dof *d, const gfx_dof_composite *c, const float params[4]);
GLuint gfx_dof_coc(const gfx_dof *d);

#ifdef __cplusplus
}
#endif

#endif

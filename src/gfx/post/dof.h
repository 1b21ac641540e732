/* dof.h — depth of field at half size: a circle of confusion per pixel from depth and a focus
 * distance (the scene's subject: the robot, the truck, the face), then one gather blur whose
 * taps count only where their own circle reaches this pixel: the background blurs behind a
 * sharp subject without the subject bleeding into it, and a near object blurs over the subject.
 *
 *   gfx_dof *d = gfx_dof_create(&(gfx_dof_desc){.width = 1280, .height = 720});
 *   float params[4]; gfx_dof_params(d, proj, focus_m, params);   for the colour pass too
 *   GLuint blur = gfx_dof_run(d, hdr_tex, depth_tex, ao_tex, params);
 *   ... colour pass: mix(sharp, blur, smoothstep(0.5, 1.5, max(own CoC, blur.a))) ...
 *   gfx_dof_destroy(d);
 *
 * CoC in half-size pixels: 0 from 0.4 to 1.5 times the focus distance (the subject and the
 * ground around it stay sharp), growing to max at 5 times behind it and to -max at the camera
 * (negative: in front).
 * Default max: 4 half pixels at 720 lines, scaled with the height.
 * Outputs: the blurred colour (rgb) with near-field coverage (a); gfx_dof_coc is the half-size
 * colour with the signed CoC in alpha (the `coc` view). ao_tex 0 = none. Timed as "post.dof".
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_DOF_H
#define IMPRINT_GFX_POST_DOF_H

#include <stdbool.h>

#include "gfx/gl.h"

typedef struct gfx_dof_desc {
    int width, height;   /* full size */
    float max_coc_720;   /* largest CoC in half pixels at 720 lines, default 4 */
} gfx_dof_desc;

typedef struct gfx_dof gfx_dof;

gfx_dof *gfx_dof_create(const gfx_dof_desc *desc);
void gfx_dof_destroy(gfx_dof *d);
bool gfx_dof_resize(gfx_dof *d, int width, int height);
void gfx_dof_params(const gfx_dof *d, const float proj[16], float focus_m, float out[4]);
GLuint gfx_dof_run(gfx_dof *d, GLuint hdr, GLuint depth, GLuint ao, const float params[4]);
GLuint gfx_dof_coc(const gfx_dof *d);

#endif

/* post.h — the post stack: what happens between the HDR main target and the picture.
 *
 *   gfx_post *p = gfx_post_create(&(gfx_post_desc){.width = 1280, .height = 720});
 *   gfx_post_run(p, &(gfx_post_frame){.hdr = tex, .depth = depth_tex, .proj = proj,
 *                                     .focus_m = 4.5f, .dt = 1/60.f, .settings = &ps}, &ldr_target);
 *   GLuint t = gfx_post_view(p, "bloom", &mode);   debug views: ssao, bloom, coc (0 when not run)
 *   gfx_post_destroy(p);
 *
 * Passes (each stage skipped when switched off in post_settings):
 *   SSAO (quarter, blurred up to half, post.ssao) -> DOF step 1: half-size colour + CoC (post.dof)
 *   -> bloom chain from it, one up step short (post.bloom; from its own first level and whole
 *   without DOF) -> DOF step 2: gather, occlusion and bloom's last step composited (half, post.dof) -> exposure (16x16 + 1x1, post.exposure) -> colour pass:
 *   the composite, exposure, tone map, grade, sharpening and FXAA's edge mark into dst's colour
 *   and depth, FXAA's input into a second target (full, post.grade) -> FXAA on the marked
 *   pixels only (post.fxaa). The picture composes the effects in DESIGN's order all the same.
 * The whole stack is also timed as "post". dst needs a depth texture for FXAA (without one FXAA
 * is skipped); with every effect off the stack is the old fixed tone map (exposure 0.8). Exposure off means that fixed exposure; turning it on again (or
 * gfx_post_reset, on a scene switch) starts adapting from the frame's own target.
 * The textures each stage writes and reads (format, size) are tabled in docs/post.md.
 * Failure: create returns NULL after logging (every module it needs is created or none).
 */
#ifndef IMPRINT_GFX_POST_POST_H
#define IMPRINT_GFX_POST_POST_H

#include <stdbool.h>

#include "base/post_settings.h"
#include "gfx/gl.h"
#include "gfx/panel.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_post_desc {
    int width, height;
} gfx_post_desc;

typedef struct gfx_post_frame {
    GLuint hdr;            /* full-size linear HDR colour (single-sampled) */
    GLuint depth;          /* full-size depth of the opaque pass */
    const float *proj;     /* the frame's projection matrix (16 floats, column-major) */
    float focus_m;         /* distance to the subject, for DOF */
    float dt;              /* simulated seconds since the previous frame, for exposure adaptation */
    float exposure_ev;     /* compensation: the key (auto) or the fixed exposure times 2^ev */
    const float *meter;    /* auto exposure's metered part (gfx_exposure_meter), NULL = all */
    const post_settings *settings; /* NULL = every effect on */
} gfx_post_frame;

typedef struct gfx_post gfx_post;

gfx_post *gfx_post_create(const gfx_post_desc *desc);
void gfx_post_destroy(gfx_post *p);
bool gfx_post_resize(gfx_post *p, int width, int height);
void gfx_post_reset(gfx_post *p);
void gfx_post_run(gfx_post *p, const gfx_post_frame *f, const gfx_target *dst);
/* Texture of a debug view ("ssao", "bloom", "coc") and how to show it; 0 when unknown. */
GLuint gfx_post_view(const gfx_post *p, const char *name, gfx_panel_mode *mode);

#ifdef __cplusplus
}
#endif

#endif

/* renderer.h — the rendering base every scene draws into: per-frame uniforms, a sun with a
 * shadow map, sky and ground, an HDR main target (MSAA in the window), tone mapping to sRGB.
 *
 * One frame, in this order (the app drives it; scenes only draw):
 *   renderer_begin_frame(r, view, proj, cam_pos, time)   fills the Frame uniform block (binding 0)
 *   renderer_shadow_begin(r)   ... scene draws casters with SHADOW_PASS programs ...   renderer_shadow_end(r)
 *   renderer_main_begin(r)     ... scene draws opaque geometry; renderer_draw_ground() ...
 *   renderer_opaque_end(r)     sky; resolved scene depth bound to GFX_UNIT_SCENE_DEPTH (soft particles)
 *                              ... transparent passes (particles) ...
 *   renderer_finish(r)         resolve + the post stack (gfx/post/post.h: SSAO, bloom, DOF, exposure,
 *                              tone map, grade, FXAA, sharpen) into the LDR target (renderer_ldr),
 *                              which the app shows, screenshots and draws the HUD/debug panels over
 *
 * renderer_set_post(r, &settings, dt) says which post effects run (default: all) and the simulated
 * time since the previous frame (exposure adaptation); DOF focuses at the shadow focus centre.
 *
 * The shadow map is an orthographic fit around a sphere the scene sets (renderer_set_shadow_focus).
 * Programs that include shaders/common.glsl get the Frame block and u_shadow_map automatically.
 * renderer_draw_lit / renderer_draw_caster draw a gfx_mesh with the plain lit program (any scene
 * prop); modules with special vertex work use their own programs with the same conventions.
 */
#ifndef IMPRINT_GFX_RENDERER_H
#define IMPRINT_GFX_RENDERER_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "base/post_settings.h"
#include "gfx/mesh_gl.h"
#include "gfx/panel.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct renderer renderer;

typedef struct renderer_desc {
    int width, height;
    int msaa;        /* samples of the main target; 0/1 = none (headless default) */
    int shadow_size; /* default 2048 */
    float scale;     /* internal resolution / output size, 0.25..1 (0 = 1) */
} renderer_desc;

/* The Frame uniform block, std140 (mirrors shaders/common.glsl). */
typedef struct renderer_frame {
    mat4 view, proj, viewproj, inv_viewproj, light_viewproj;
    vec4 camera_pos;  /* w: time */
    vec4 light_dir;   /* towards the sun; w: shadow texel size in metres */
    vec4 light_color; /* w: ambient */
    vec4 sky_zenith, sky_horizon;
    vec4 viewport;
    vec4 fog;         /* rgb, density */
} renderer_frame;

renderer *renderer_create(const renderer_desc *desc);
void renderer_destroy(renderer *r);
/* The output size (the window's framebuffer); the scene is drawn at that times the scale. */
bool renderer_resize(renderer *r, int width, int height);
/* The internal size: what the main target, the post stack and renderer_ldr have. */
void renderer_size(const renderer *r, int *width, int *height);
/* The quality preset's part of the renderer (base/quality.h): internal scale 0.25..1, MSAA samples
 * of the main target, shadow map size. Targets are remade only for what changed; at scale 1 there
 * is no upscale and the frame is what it was without presets. False when a target failed. */
bool renderer_set_quality(renderer *r, float scale, int msaa, int shadow_size);
float renderer_scale(const renderer *r);

/* Exposure compensation in EV (0 = the post stack's key as it is), kept until set again. */
void renderer_set_exposure_ev(renderer *r, float ev);
/* This frame only (renderer_begin_frame forgets it): meter the auto exposure on a part of the
 * picture (fractions x0 y0 x1 y1 from the top left: a subject before a dark backdrop), NULL: all. */
void renderer_set_exposure_meter(renderer *r, const float *rect);
void renderer_set_shadow_focus(renderer *r, const vec3 center, float radius);
void renderer_set_fog(renderer *r, const vec3 color, float density);
void renderer_begin_frame(renderer *r, mat4 view, mat4 proj, const vec3 cam_pos, float time);
const renderer_frame *renderer_frame_uniforms(const renderer *r);

/* Before renderer_begin_frame: reuse the shadow map of an earlier frame (the preset's
 * render.shadow_interval: casters drawn every Nth frame). True when there is one to reuse: then
 * skip the shadow pass; the frame keeps the light matrix the map was drawn with. */
bool renderer_reuse_shadow(renderer *r, bool reuse);
void renderer_shadow_begin(renderer *r);
void renderer_shadow_end(renderer *r);
void renderer_main_begin(renderer *r);
void renderer_opaque_end(renderer *r);
void renderer_finish(renderer *r);
void renderer_set_post(renderer *r, const post_settings *on, float dt);
/* Auto exposure starts again from the next frame's own target (a scene switch). */
void renderer_post_reset(renderer *r);
/* Debug views of the post stack: "ssao", "bloom", "coc"; 0 when unknown or not run last frame. */
GLuint renderer_post_view(const renderer *r, const char *name, gfx_panel_mode *mode);

/* Plain lit mesh (main pass) / its shadow caster (shadow pass). renderer_draw_lit takes the
 * default highlight (a painted, semi-gloss surface); _spec names its strength and shininess (a
 * matte cloth: a weak, broad one). */
#define RENDERER_LIT_SPEC 0.35f
#define RENDERER_LIT_SHININESS 48.0f
void renderer_draw_lit(renderer *r, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive);
void renderer_draw_lit_spec(renderer *r, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive, float spec,
                            float shininess);
void renderer_draw_caster(renderer *r, const gfx_mesh *m, mat4 model);
/* The 400 m ground plane at y = 0, lit and shadowed (main pass only; it receives, never casts). */
void renderer_draw_ground(renderer *r);

GLuint renderer_shadow_map(const renderer *r);     /* depth texture (compare mode on) */
GLuint renderer_scene_depth(const renderer *r);    /* resolved depth of the opaque pass */
const gfx_target *renderer_ldr(const renderer *r); /* the post stack's image at the internal size, RGBA8, sRGB-encoded */
/* After renderer_finish: the image at the output size. At scale 1 that is renderer_ldr itself;
 * below, the pass "upscale" draws the LDR image bilinearly with a contrast-adaptive sharpen into
 * an output-size RGBA8 target. Overlays (HUD, panel) go on it afterwards, crisp at full size. */
const gfx_target *renderer_output(renderer *r);
/* The target renderer_output last returned (screenshots read it). */
const gfx_target *renderer_final(const renderer *r);
const gfx_target *renderer_hdr(const renderer *r); /* main target (multisampled when msaa > 1) */

#ifdef __cplusplus
}
#endif

#endif

#include "gfx/renderer.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mesh.h"
#include "gfx/post/post.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

struct renderer {
    renderer_frame frame; /* first: cglm matrices need 16-byte alignment */
    int width, height, msaa, shadow_size; /* width, height: the internal size, out_w x out_h x scale */
    int out_w, out_h;
    float scale;
    gfx_target hdr, hdr_resolved, depth_resolved, ldr, shadow, out;
    GLuint ubo;
    GLuint prog_lit, prog_caster, prog_ground, prog_sky, prog_upscale;
    GLint upscale_sharpen;
    GLint lit_model, lit_albedo, lit_emissive, lit_spec, caster_model, ground_model, ground_albedo;
    gfx_post *post;
    post_settings post_on;
    float post_dt;
    float exposure_ev;
    float meter[4];
    bool metered; /* meter set for this frame */
    bool shadow_valid, shadow_reuse; /* the map holds casters drawn with frame.light_viewproj; reuse it this frame */
    gfx_mesh ground;
    vec3 focus;
    float focus_radius;
};

static int renderer__scaled(int n, float scale)
{
    int m = (int)(n * scale + 0.5f);
    return m < 1 ? 1 : m > n ? n : m;
}

static bool renderer__targets(renderer *r)
{
    r->width = renderer__scaled(r->out_w, r->scale);
    r->height = renderer__scaled(r->out_h, r->scale);
    gfx_target_destroy(&r->out);
    gfx_target_destroy(&r->hdr);
    gfx_target_destroy(&r->hdr_resolved);
    gfx_target_destroy(&r->depth_resolved);
    gfx_target_destroy(&r->ldr);
    bool ok = gfx_target_create(&r->hdr, &(gfx_target_desc){.width = r->width, .height = r->height,
                                          .color = {GL_RGBA16F}, .depth = GL_DEPTH_COMPONENT24,
                                          .samples = r->msaa, .label = "main.hdr"});
    if (ok && r->msaa > 1)
        ok = gfx_target_create(&r->hdr_resolved, &(gfx_target_desc){.width = r->width, .height = r->height,
                                                   .color = {GL_RGBA16F}, .label = "main.hdr_resolved"});
    ok = ok && gfx_target_create(&r->depth_resolved, &(gfx_target_desc){.width = r->width, .height = r->height,
                                                      .depth = GL_DEPTH_COMPONENT24, .label = "main.depth"});
    ok = ok && gfx_target_create(&r->ldr, &(gfx_target_desc){.width = r->width, .height = r->height,
                                           .color = {GL_RGBA8}, .depth = GL_DEPTH_COMPONENT24, .label = "main.ldr"});
    if (ok && (r->width != r->out_w || r->height != r->out_h))
        ok = gfx_target_create(&r->out, &(gfx_target_desc){.width = r->out_w, .height = r->out_h,
                                                        .color = {GL_RGBA8}, .label = "main.out"});
    if (ok && r->post) ok = gfx_post_resize(r->post, r->width, r->height);
    return ok;
}

static bool renderer__shadow(renderer *r)
{
    r->shadow_valid = false;
    gfx_target_destroy(&r->shadow);
    return gfx_target_create(&r->shadow, &(gfx_target_desc){.width = r->shadow_size, .height = r->shadow_size,
                                                            .depth = GL_DEPTH_COMPONENT24, .depth_compare = true,
                                                            .label = "shadow"});
}

renderer *renderer_create(const renderer_desc *d)
{
    renderer *r = aligned_alloc(16, (sizeof *r + 15) & ~(size_t)15);
    if (!r) return NULL;
    memset(r, 0, sizeof *r);
    r->out_w = d->width > 0 ? d->width : 1280;
    r->out_h = d->height > 0 ? d->height : 720;
    r->scale = d->scale > 0 && d->scale < 1 ? d->scale : 1.0f;
    r->msaa = d->msaa > 1 ? d->msaa : 1;
    r->shadow_size = d->shadow_size > 0 ? d->shadow_size : 2048;
    glm_vec3_zero(r->focus);
    r->focus[1] = 1.0f;
    r->focus_radius = 6.0f;
    glm_vec4_copy((vec4){0.62f, 0.66f, 0.72f, 0.004f}, r->frame.fog);

    if (!renderer__targets(r) || !renderer__shadow(r)) goto fail;
    r->prog_lit = gfx_program_load("gfx_lit.vert", "gfx_lit.frag", NULL);
    r->prog_caster = gfx_program_load("gfx_lit.vert", "gfx_lit.frag", "#define SHADOW_PASS 1\n");
    r->prog_ground = gfx_program_load("gfx_lit.vert", "gfx_ground.frag", NULL);
    r->prog_sky = gfx_program_load("gfx_sky.vert", "gfx_sky.frag", NULL);
    r->prog_upscale = gfx_program_load("gfx_fullscreen.vert", "gfx_upscale.frag", NULL);
    r->post = gfx_post_create(&(gfx_post_desc){.width = r->width, .height = r->height});
    post_settings_default(&r->post_on);
    r->post_dt = 1.0f / 60.0f;
    if (!r->prog_lit || !r->prog_caster || !r->prog_ground || !r->prog_sky || !r->prog_upscale || !r->post) goto fail;
    glUseProgram(r->prog_upscale);
    glUniform1i(gfx_uniform(r->prog_upscale, "u_src"), 0);
    glUseProgram(0);
    r->upscale_sharpen = gfx_uniform(r->prog_upscale, "u_sharpen");
    r->lit_model = gfx_uniform(r->prog_lit, "u_model");
    r->lit_albedo = gfx_uniform(r->prog_lit, "u_albedo");
    r->lit_emissive = gfx_uniform(r->prog_lit, "u_emissive");
    r->lit_spec = gfx_uniform(r->prog_lit, "u_spec");
    r->caster_model = gfx_uniform(r->prog_caster, "u_model");
    r->ground_model = gfx_uniform(r->prog_ground, "u_model");
    r->ground_albedo = gfx_uniform(r->prog_ground, "u_albedo");

    glGenBuffers(1, &r->ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, r->ubo);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(renderer_frame), NULL, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_UNIFORM_BUFFER, 0);
    gfx_label(GL_BUFFER, r->ubo, "frame.ubo");

    mesh_data plane = {0};
    mesh_build_plane(&plane, 400.0f, 400.0f, 8);
    r->ground = gfx_mesh_create(&plane, "ground");
    mesh_data_free(&plane);
    return r;
fail:
    log_error("renderer: cannot create the rendering base (see above)");
    renderer_destroy(r);
    return NULL;
}

void renderer_destroy(renderer *r)
{
    if (!r) return;
    gfx_target_destroy(&r->hdr);
    gfx_target_destroy(&r->hdr_resolved);
    gfx_target_destroy(&r->depth_resolved);
    gfx_target_destroy(&r->ldr);
    gfx_target_destroy(&r->shadow);
    gfx_target_destroy(&r->out);
    gfx_post_destroy(r->post);
    GLuint progs[] = {r->prog_lit, r->prog_caster, r->prog_ground, r->prog_sky, r->prog_upscale};
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++)
        if (progs[i]) glDeleteProgram(progs[i]);
    if (r->ubo) glDeleteBuffers(1, &r->ubo);
    gfx_mesh_destroy(&r->ground);
    free(r);
}

bool renderer_resize(renderer *r, int w, int h)
{
    if (w <= 0 || h <= 0) return false; /* minimized: keep the old targets, draw nothing */
    if (w == r->out_w && h == r->out_h) return true;
    r->out_w = w;
    r->out_h = h;
    return renderer__targets(r);
}

bool renderer_set_quality(renderer *r, float scale, int msaa, int shadow_size)
{
    scale = scale < 0.25f ? 0.25f : scale > 1.0f ? 1.0f : scale;
    msaa = msaa > 1 ? msaa : 1;
    shadow_size = shadow_size >= 64 ? shadow_size : 64;
    bool ok = true;
    if (scale != r->scale || msaa != r->msaa) {
        r->scale = scale;
        r->msaa = msaa;
        ok = renderer__targets(r);
    }
    if (shadow_size != r->shadow_size) {
        r->shadow_size = shadow_size;
        ok = renderer__shadow(r) && ok;
    }
    return ok;
}

float renderer_scale(const renderer *r) { return r->scale; }

void renderer_size(const renderer *r, int *w, int *h)
{
    *w = r->width;
    *h = r->height;
}

void renderer_set_shadow_focus(renderer *r, const vec3 c, float radius)
{
    glm_vec3_copy((float *)c, r->focus);
    r->focus_radius = radius > 0.1f ? radius : 0.1f;
}

void renderer_set_fog(renderer *r, const vec3 color, float density)
{
    glm_vec4_copy((vec4){color[0], color[1], color[2], density}, r->frame.fog);
}

void renderer_begin_frame(renderer *r, mat4 view, mat4 proj, const vec3 cam_pos, float time)
{
    renderer_frame *f = &r->frame;
    glm_mat4_copy(view, f->view);
    glm_mat4_copy(proj, f->proj);
    glm_mat4_mul(proj, view, f->viewproj);
    glm_mat4_inv(f->viewproj, f->inv_viewproj);
    glm_vec4_copy((vec4){cam_pos[0], cam_pos[1], cam_pos[2], time}, f->camera_pos);
    r->metered = false; /* a scene meters for the frame it draws (renderer_set_exposure_meter) */
    vec3 l = {0.45f, 0.8f, 0.38f};
    glm_vec3_normalize(l);

    /* Sun: orthographic box around the focus sphere, snapped to whole texels so shadows do not
     * shimmer when the focus moves (a moving truck). */
    float rad = r->focus_radius;
    float texel = 2.0f * rad / (float)r->shadow_size;
    mat4 lv, lp;
    vec3 eye, up = {0, 1, 0};
    glm_lookat((vec3){0, 0, 0}, (vec3){-l[0], -l[1], -l[2]}, up, lv);
    vec3 fc;
    glm_mat4_mulv3(lv, r->focus, 1.0f, fc);
    fc[0] = floorf(fc[0] / texel) * texel;
    fc[1] = floorf(fc[1] / texel) * texel;
    glm_ortho(fc[0] - rad, fc[0] + rad, fc[1] - rad, fc[1] + rad, -fc[2] - rad * 4.0f, -fc[2] + rad * 4.0f, lp);
    (void)eye;
    if (!r->shadow_reuse || !r->shadow_valid) {
        glm_mat4_mul(lp, lv, f->light_viewproj);
        glm_vec4_copy((vec4){l[0], l[1], l[2], texel}, f->light_dir);
    } /* else the map of an earlier frame, read with the matrix and texel size it was drawn with */
    glm_vec4_copy((vec4){2.3f, 2.15f, 1.95f, 0.6f}, f->light_color);
    glm_vec4_copy((vec4){0.22f, 0.42f, 0.80f, 0}, f->sky_zenith);
    glm_vec4_copy((vec4){0.70f, 0.76f, 0.84f, 0}, f->sky_horizon);
    glm_vec4_copy((vec4){(float)r->width, (float)r->height, 1.0f / r->width, 1.0f / r->height}, f->viewport);

    glBindBuffer(GL_UNIFORM_BUFFER, r->ubo);
    glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof *f, f);
    glBindBuffer(GL_UNIFORM_BUFFER, 0);
    glBindBufferBase(GL_UNIFORM_BUFFER, GFX_UBO_FRAME, r->ubo);
}

const renderer_frame *renderer_frame_uniforms(const renderer *r) { return &r->frame; }

void renderer_shadow_begin(renderer *r)
{
    gfx_pass_begin("shadow");
    /* the shadow map must not be bound for sampling while it is the render target */
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SHADOW);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_target_bind(&r->shadow);
    gfx_state_clear(GL_DEPTH_BUFFER_BIT); /* casters declare GFX_STATE_CASTER themselves */
}

void renderer_shadow_end(renderer *r)
{
    r->shadow_valid = true;
    gfx_pass_end();
}

bool renderer_reuse_shadow(renderer *r, bool reuse)
{
    r->shadow_reuse = reuse;
    return reuse && r->shadow_valid;
}

void renderer_main_begin(renderer *r)
{
    gfx_pass_begin("main");
    gfx_target_bind(&r->hdr);
    glClearColor(0, 0, 0, 1);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SHADOW);
    glBindTexture(GL_TEXTURE_2D, r->shadow.depth);
    glActiveTexture(GL_TEXTURE0);
}

void renderer_opaque_end(renderer *r)
{
    /* sky where nothing was drawn: at the far plane, so LEQUAL, and it writes no depth */
    gfx_state_set(GFX_DEPTH_LEQUAL);
    glUseProgram(r->prog_sky);
    gfx_fullscreen_draw();
    gfx_pass_end();
    /* resolved depth for soft particles; the main target stays bound for transparent passes */
    gfx_target_resolve(&r->hdr, &r->depth_resolved, true);
    gfx_target_bind(&r->hdr);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SCENE_DEPTH);
    glBindTexture(GL_TEXTURE_2D, r->depth_resolved.depth);
    glActiveTexture(GL_TEXTURE0);
}

void renderer_finish(renderer *r)
{
    GLuint src = r->hdr.color[0];
    if (r->msaa > 1) {
        gfx_target_resolve(&r->hdr, &r->hdr_resolved, false);
        src = r->hdr_resolved.color[0];
    }
    /* depth of field focuses on the scene's subject: the centre it fits the shadow map around */
    const float *cam = r->frame.camera_pos;
    float focus = glm_vec3_distance((float *)cam, r->focus);
    gfx_post_run(r->post, &(gfx_post_frame){.hdr = src, .depth = r->depth_resolved.depth, .proj = (const float *)r->frame.proj,
                                           .focus_m = focus, .dt = r->post_dt, .exposure_ev = r->exposure_ev,
                                           .meter = r->metered ? r->meter : NULL, .settings = &r->post_on}, &r->ldr);
}

const gfx_target *renderer_output(renderer *r)
{
    if (!r->out.fbo) return &r->ldr;
    /* bilinear from the internal size, then a contrast-adaptive sharpen that gives back some of
     * the detail the smaller image lost, less where the neighbours already differ (no halos) */
    gfx_pass_begin("upscale");
    gfx_target_bind(&r->out);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, r->ldr.color[0]);
    glUseProgram(r->prog_upscale);
    glUniform1f(r->upscale_sharpen, 1.0f - r->scale * 0.6f);
    gfx_fullscreen_draw();
    glUseProgram(0);
    gfx_pass_end();
    return &r->out;
}

const gfx_target *renderer_final(const renderer *r) { return r->out.fbo ? &r->out : &r->ldr; }

void renderer_set_exposure_ev(renderer *r, float ev) { r->exposure_ev = ev; }

void renderer_set_exposure_meter(renderer *r, const float *rect)
{
    r->metered = rect != NULL;
    if (rect) memcpy(r->meter, rect, sizeof r->meter);
}

void renderer_set_post(renderer *r, const post_settings *on, float dt)
{
    r->post_on = *on;
    r->post_dt = dt;
}

void renderer_post_reset(renderer *r) { gfx_post_reset(r->post); }

GLuint renderer_post_view(const renderer *r, const char *name, gfx_panel_mode *mode)
{
    return gfx_post_view(r->post, name, mode);
}

void renderer_draw_lit_spec(renderer *r, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive, float spec,
                            float shininess)
{
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(r->prog_lit);
    glUniformMatrix4fv(r->lit_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(r->lit_albedo, 1, albedo);
    glUniform3fv(r->lit_emissive, 1, emissive ? emissive : (const float[3]){0, 0, 0});
    glUniform2f(r->lit_spec, spec, shininess);
    gfx_mesh_draw(m);
}

void renderer_draw_lit(renderer *r, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive)
{
    renderer_draw_lit_spec(r, m, model, albedo, emissive, RENDERER_LIT_SPEC, RENDERER_LIT_SHININESS);
}

void renderer_draw_caster(renderer *r, const gfx_mesh *m, mat4 model)
{
    gfx_state_set(GFX_STATE_CASTER);
    glUseProgram(r->prog_caster);
    glUniformMatrix4fv(r->caster_model, 1, GL_FALSE, (const float *)model);
    gfx_mesh_draw(m);
}

void renderer_draw_ground(renderer *r)
{
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(r->prog_ground);
    glUniformMatrix4fv(r->ground_model, 1, GL_FALSE, (const float *)id);
    glUniform3f(r->ground_albedo, 0.30f, 0.29f, 0.26f);
    gfx_mesh_draw(&r->ground);
}

GLuint renderer_shadow_map(const renderer *r) { return r->shadow.depth; }
GLuint renderer_scene_depth(const renderer *r) { return r->depth_resolved.depth; }
const gfx_target *renderer_ldr(const renderer *r) { return &r->ldr; }
const gfx_target *renderer_hdr(const renderer *r) { return &r->hdr; }

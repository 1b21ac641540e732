/* bb_gpu_texture.c — the GPU particles' texture path (a fragment pass over RGBA32F state
 * textures; the feedback path is bb_gpu.c) and the startup trial that picks between the two. See
 * bb_gpu.h. */
#include "bb/bb_gpu_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

void bb_gpu__sim_uniforms(GLuint s, bb_gpu_sim_u *u)
{
    *u = (bb_gpu_sim_u){
        .dt = gfx_uniform(s, "u_dt"), .step = gfx_uniform(s, "u_step"), .seed = gfx_uniform(s, "u_seed"),
        .emitter = gfx_uniform(s, "u_emitter"), .jitter = gfx_uniform(s, "u_jitter"), .spread = gfx_uniform(s, "u_spread"),
        .gravity = gfx_uniform(s, "u_gravity"), .drag = gfx_uniform(s, "u_drag"), .ground = gfx_uniform(s, "u_ground"),
        .bounce = gfx_uniform(s, "u_bounce"), .impact_life = gfx_uniform(s, "u_impact_life"),
        .use_depth = gfx_uniform(s, "u_use_depth"), .surface = gfx_uniform(s, "u_surface"),
        .surface_size = gfx_uniform(s, "u_surface_size"), .dview = gfx_uniform(s, "u_dview"),
        .dproj = gfx_uniform(s, "u_dproj"), .thick = gfx_uniform(s, "u_thick"),
        .state_pos = gfx_uniform(s, "u_state_pos"), .state_vel = gfx_uniform(s, "u_state_vel"),
        .state_width = gfx_uniform(s, "u_state_width")};
}

void bb_gpu__draw_uniforms(GLuint p, bb_gpu_draw_u *u)
{
    *u = (bb_gpu_draw_u){
        .view = gfx_uniform(p, "u_view"), .proj = gfx_uniform(p, "u_proj"), .stretch = gfx_uniform(p, "u_stretch"),
        .size = gfx_uniform(p, "u_size"), .tint = gfx_uniform(p, "u_tint"), .hero = gfx_uniform(p, "u_hero"),
        .layer = gfx_uniform(p, "u_layer"), .gain = gfx_uniform(p, "u_gain"), .grid = gfx_uniform(p, "u_grid"),
        .soft = gfx_uniform(p, "u_soft"), .near_fade = gfx_uniform(p, "u_near_fade"),
        .inv_viewport = gfx_uniform(p, "u_inv_viewport"), .atlas = gfx_uniform(p, "u_atlas"),
        .frame_blend = gfx_uniform(p, "u_frame_blend"), .state_pos = gfx_uniform(p, "u_state_pos"),
        .state_vel = gfx_uniform(p, "u_state_vel"), .state_width = gfx_uniform(p, "u_state_width")};
}

/* The texture path's latest state set to init: its two textures, row by row in chunks (the texels
 * past count, in the last row, are zero: stepped like the others, never drawn nor counted). */
bool bb_gpu__texture_upload(bb_gpu *g, const bb_gpu_particle *init)
{
    enum { ROWS = 64 };
    const int w = g->tex_w;
    float *pa = malloc((size_t)w * ROWS * 4 * sizeof *pa), *vl = malloc((size_t)w * ROWS * 4 * sizeof *vl);
    if (!pa || !vl) {
        free(pa);
        free(vl);
        log_error("bb_gpu: cannot allocate the upload of %d particles", g->count);
        return false;
    }
    g->state.cur = 0;
    const gfx_target *t = &g->state.t[0];
    for (int y0 = 0; y0 < g->tex_h; y0 += ROWS) {
        const int rows = g->tex_h - y0 < ROWS ? g->tex_h - y0 : ROWS;
        for (int k = 0; k < w * rows; k++) {
            const long i = (long)y0 * w + k;
            const bb_gpu_particle *q = i < g->count ? &init[i] : NULL;
            for (int c = 0; c < 3; c++) {
                pa[k * 4 + c] = q ? q->pos[c] : 0.0f;
                vl[k * 4 + c] = q ? q->vel[c] : 0.0f;
            }
            pa[k * 4 + 3] = q ? q->age : 0.0f;
            vl[k * 4 + 3] = q ? q->life : 0.0f;
        }
        glBindTexture(GL_TEXTURE_2D, t->color[0]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, w, rows, GL_RGBA, GL_FLOAT, pa);
        glBindTexture(GL_TEXTURE_2D, t->color[1]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, w, rows, GL_RGBA, GL_FLOAT, vl);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    free(pa);
    free(vl);
    return true;
}

/* The texture path's programs and state targets, the initial state in the first. False (logged)
 * when the state does not fit a texture. */
bool bb_gpu__texture_create(bb_gpu *g, const bb_gpu_particle *init)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
    g->tex_w = g->count < BB_GPU_TEX_WIDTH ? g->count : BB_GPU_TEX_WIDTH;
    g->tex_h = (g->count + g->tex_w - 1) / g->tex_w;
    if (g->tex_h > max) {
        log_error("bb_gpu: %d particles need a %d x %d state texture, over this renderer's %d", g->count, g->tex_w,
                  g->tex_h, (int)max);
        return false;
    }
    g->tsim = gfx_program_load("gfx_fullscreen.vert", "bb_gpu_sim.frag", NULL);
    g->tdraw = gfx_program_load("bb_gpu.vert", "bb_particle.frag", "#define BB_GPU_STATE_TEXTURE 1\n");
    if (!g->tsim || !g->tdraw || gfx_program_is_fallback(g->tsim) || gfx_program_is_fallback(g->tdraw)) return false;
    if (!gfx_pingpong_create(&g->state, &(gfx_target_desc){.width = g->tex_w, .height = g->tex_h,
                                                          .color = {GL_RGBA32F, GL_RGBA32F}, .nearest = true,
                                                          .label = "bb_gpu.state"}))
        return false;
    glGenVertexArrays(1, &g->empty_vao);
    bb_gpu__sim_uniforms(g->tsim, &g->tsu);
    bb_gpu__draw_uniforms(g->tdraw, &g->tdu);
    return bb_gpu__texture_upload(g, init);
}

void bb_gpu__texture_destroy(bb_gpu *g)
{
    gfx_pingpong_destroy(&g->state);
    if (g->tsim) glDeleteProgram(g->tsim);
    if (g->tdraw) glDeleteProgram(g->tdraw);
    if (g->empty_vao) glDeleteVertexArrays(1, &g->empty_vao);
    g->tsim = g->tdraw = g->empty_vao = 0;
}

/* Seconds of one step of `path`, the GPU's work finished (glFinish on both sides). */
static double bb_gpu__timed_step(bb_gpu *g, bb_gpu_path path)
{
    glFinish();
    const double t0 = gfx_now();
    bb_gpu__step_path(g, path, 1.0f / 60.0f);
    glFinish();
    return gfx_now() - t0;
}

/* Seconds of a draw of the first `n` particles by `path` into the 1 x 1 sink, finished: the
 * vertex stage, where the paths differ (attributes against fetches from the state textures). The
 * camera looks at the fountain from 10 m; one light budget as bb_gpu_draw's. */
static double bb_gpu__timed_draw(bb_gpu *g, bb_gpu_path path, int n)
{
    const bool tex = path == BB_GPU_PATH_TEXTURE;
    const bb_gpu_draw_u *u = tex ? &g->tdu : &g->du;
    mat4 view, proj;
    glm_lookat((vec3){0.0f, 3.0f, 10.0f}, (vec3){0.0f, 2.0f, -1.5f}, (vec3){0.0f, 1.0f, 0.0f}, view);
    glm_perspective(glm_rad(50.0f), 1.0f, 0.1f, 100.0f, proj);
    float gain[BB_ATLAS_MAX][3] = {{1.0f, 1.0f, 1.0f}};
    GLint grid[BB_ATLAS_MAX][2] = {{8, 8}};
    glFinish();
    const double t0 = gfx_now();
    glUseProgram(tex ? g->tdraw : g->draw);
    glUniformMatrix4fv(u->view, 1, GL_FALSE, (const float *)view);
    glUniformMatrix4fv(u->proj, 1, GL_FALSE, (const float *)proj);
    glUniform1f(u->stretch, BB_VELOCITY_STRETCH);
    glUniform1f(u->size, g->size);
    glUniform4f(u->tint, 1.0f, 1.0f, 1.0f, 1.0f);
    glUniform4f(u->hero, (float)BB_GPU_HERO, BB_GPU_HERO_SIZE, BB_GPU_HERO_GAIN, BB_GPU_EMBER_GAIN);
    glUniform1i(u->layer, 0);
    glUniform3fv(u->gain, BB_ATLAS_MAX, &gain[0][0]);
    glUniform2iv(u->grid, BB_ATLAS_MAX, &grid[0][0]);
    glUniform2f(u->inv_viewport, 1.0f, 1.0f);
    if (tex) bb_gpu__bind_state(g, u->state_pos, u->state_vel, u->state_width);
    gfx_target_begin(&g->sink, NULL);
    gfx_state_set(GFX_BLEND_ADD);
    glBindVertexArray(tex ? g->empty_vao : g->draw_vao[g->cur]);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, n);
    glBindVertexArray(0);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_end();
    if (tex) bb_gpu__unbind_state();
    glUseProgram(0);
    glFinish();
    return gfx_now() - t0;
}

/* auto: both paths step the same particles in turn and draw the first BB_GPU_TRIAL_DRAW of them
 * (a warm-up round, then BB_GPU_TRIAL_STEPS rounds, alternating); a path's cost is its best step
 * plus its best draw scaled to every particle, the cheaper is kept; its state goes back to init. */
void bb_gpu__trial(bb_gpu *g)
{
    const int n = g->count < BB_GPU_TRIAL_DRAW ? g->count : BB_GPU_TRIAL_DRAW;
    double step[BB_GPU_PATH_COUNT] = {0}, draw[BB_GPU_PATH_COUNT] = {0};
    for (int r = 0; r <= BB_GPU_TRIAL_STEPS; r++)
        for (bb_gpu_path p = BB_GPU_PATH_FEEDBACK; p <= BB_GPU_PATH_TEXTURE; p++) {
            const double ts = bb_gpu__timed_step(g, p), td = bb_gpu__timed_draw(g, p, n);
            /* r == 0: the warm-up (shader JIT, first use) */
            if (r == 1 || (r > 1 && ts < step[p])) step[p] = ts;
            if (r == 1 || (r > 1 && td < draw[p])) draw[p] = td;
        }
    double cost[BB_GPU_PATH_COUNT];
    for (int p = BB_GPU_PATH_FEEDBACK; p <= BB_GPU_PATH_TEXTURE; p++)
        cost[p] = (step[p] + draw[p] * (double)g->count / (double)n) * 1000.0;
    g->path = cost[BB_GPU_PATH_TEXTURE] < cost[BB_GPU_PATH_FEEDBACK] ? BB_GPU_PATH_TEXTURE : BB_GPU_PATH_FEEDBACK;
    snprintf(g->reason, sizeof g->reason,
             "timed at startup (best of %d): step + draw of %d, texture %.2f + %.2f ms, feedback %.2f + %.2f ms",
             BB_GPU_TRIAL_STEPS, g->count, step[BB_GPU_PATH_TEXTURE] * 1000.0, cost[BB_GPU_PATH_TEXTURE] - step[BB_GPU_PATH_TEXTURE] * 1000.0,
             step[BB_GPU_PATH_FEEDBACK] * 1000.0, cost[BB_GPU_PATH_FEEDBACK] - step[BB_GPU_PATH_FEEDBACK] * 1000.0);
}

/* The texture path's latest state on units 1 and 2 for the bound program (its uniforms u). */
void bb_gpu__bind_state(const bb_gpu *g, GLint u_pos, GLint u_vel, GLint u_width)
{
    const gfx_target *t = &g->state.t[g->state.cur];
    glUniform1i(u_pos, 1);
    glUniform1i(u_vel, 2);
    glUniform1i(u_width, g->tex_w);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, t->color[0]);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, t->color[1]);
    glActiveTexture(GL_TEXTURE0);
}

void bb_gpu__unbind_state(void)
{
    for (int u = 2; u >= 0; u--) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)u);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
}

/* The texture path's latest state read back: both textures whole, then interleaved into out. */
bool bb_gpu__texture_read(const bb_gpu *g, bb_gpu_particle *out)
{
    /* both textures whole, then interleaved into out */
    const size_t texels = (size_t)g->tex_w * (size_t)g->tex_h;
    float *pa = malloc(texels * 4 * sizeof *pa), *vl = malloc(texels * 4 * sizeof *vl);
    if (!pa || !vl) {
        free(pa);
        free(vl);
        log_error("bb_gpu: cannot allocate the read-back of %d particles", g->count);
        return false;
    }
    gfx_read_begin(g->state.t[g->state.cur].fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(0, 0, g->tex_w, g->tex_h, GL_RGBA, GL_FLOAT, pa);
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glReadPixels(0, 0, g->tex_w, g->tex_h, GL_RGBA, GL_FLOAT, vl);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    gfx_read_end();
    for (int i = 0; i < g->count; i++) {
        for (int c = 0; c < 3; c++) {
            out[i].pos[c] = pa[(size_t)i * 4 + (size_t)c];
            out[i].vel[c] = vl[(size_t)i * 4 + (size_t)c];
        }
        out[i].age = pa[(size_t)i * 4 + 3];
        out[i].life = vl[(size_t)i * 4 + 3];
    }
    free(pa);
    free(vl);
    return true;
}

/* bb_gpu.c — see bb_gpu.h: creation, the feedback path, the steps and the draw of both paths (the
 * texture path's own resources and the startup trial: bb_gpu_texture.c). */
#include "bb/bb_gpu_internal.h"
#include "base/alloc.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/log.h"
#include "base/quality.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

/* The two vec4 attributes of a particle, per vertex (simulation) or per instance (draw). */
static void point(GLuint vao, GLuint vbo, GLuint divisor)
{
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    for (GLuint a = 0; a < 2; a++) {
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, sizeof(bb_gpu_particle), (void *)(a * 4 * sizeof(float)));
        glVertexAttribDivisor(a, divisor);
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

/* The feedback path's programs, buffers (the initial state in the first) and vertex arrays. */
static bool bb_gpu__feedback_create(bb_gpu *g, const bb_gpu_particle *init)
{
    static const char *const varyings[2] = {"o_pos_age", "o_vel_life"};
    g->sim = gfx_program_load_feedback("bb_gpu_sim.vert", NULL, varyings, 2);
    g->draw = gfx_program_load("bb_gpu.vert", "bb_particle.frag", NULL);
    if (!g->sim || !g->draw) return false;
    glGenBuffers(2, g->vbo);
    glGenVertexArrays(2, g->sim_vao);
    glGenVertexArrays(2, g->draw_vao);
    for (int i = 0; i < 2; i++) {
        glBindBuffer(GL_ARRAY_BUFFER, g->vbo[i]);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)g->count * sizeof *init), i == 0 ? init : NULL, GL_DYNAMIC_COPY);
        gfx_label(GL_BUFFER, g->vbo[i], i == 0 ? "bb_gpu_state_a" : "bb_gpu_state_b");
        point(g->sim_vao[i], g->vbo[i], 0);
        point(g->draw_vao[i], g->vbo[i], 1);
    }
    g->cur = 0;
    if (!gfx_target_create(&g->sink, &(gfx_target_desc){.width = 1, .height = 1, .color = {GL_R8}, .label = "bb_gpu.sink"}))
        return false;
    bb_gpu__sim_uniforms(g->sim, &g->su);
    bb_gpu__draw_uniforms(g->draw, &g->du);
    return true;
}

static void bb_gpu__feedback_destroy(bb_gpu *g)
{
    gfx_target_destroy(&g->sink);
    if (g->sim) glDeleteProgram(g->sim);
    if (g->draw) glDeleteProgram(g->draw);
    for (int i = 0; i < 2; i++) {
        if (g->vbo[i]) glDeleteBuffers(1, &g->vbo[i]);
        if (g->sim_vao[i]) glDeleteVertexArrays(1, &g->sim_vao[i]);
        if (g->draw_vao[i]) glDeleteVertexArrays(1, &g->draw_vao[i]);
    }
    g->sim = g->draw = 0;
    g->vbo[0] = g->vbo[1] = g->sim_vao[0] = g->sim_vao[1] = g->draw_vao[0] = g->draw_vao[1] = 0;
}

bb_gpu *bb_gpu_create(const bb_gpu_desc *desc)
{
    const bb_gpu_desc d = desc ? *desc : (bb_gpu_desc){0};
    bb_gpu *g = ALLOC_STRUCT(bb_gpu);
    bb_gpu_particle *init = NULL;
    if (!g) goto fail;
    g->count = d.count > 0 ? d.count : 1000000;
    g->prm = d.params ? *d.params : bb_gpu_params_default();
    g->size = d.size > 0.0f ? d.size : 0.06f;
    g->path = d.path > BB_GPU_PATH_AUTO && d.path < BB_GPU_PATH_COUNT ? d.path : BB_GPU_PATH_AUTO;
    /* auto on a CPU renderer: the rule, not the trial (a trial's timings there swing with the load
     * on the CPU and picked the texture path in 2 of 8 runs on a loaded machine) */
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    const bool ruled = g->path == BB_GPU_PATH_AUTO && !d.timed && quality_auto(renderer, false) == QUALITY_LOW;
    if (ruled) {
        g->path = BB_GPU_PATH_FEEDBACK;
        snprintf(g->reason, sizeof g->reason, "the rule on a CPU renderer (%.40s): its texture path's draw fetches cost "
                 "3.7x the feedback path's attributes at 1000000 (docs/bb_gpu_paths.md)", renderer ? renderer : "?");
    }
    g->surface_prog = gfx_program_load("gfx_fullscreen.vert", "bb_gpu_surface.frag", NULL);
    if (!g->surface_prog) goto fail;
    g->u_sdepth = gfx_uniform(g->surface_prog, "u_depth");
    g->u_sproj = gfx_uniform(g->surface_prog, "u_dproj");
    init = malloc((size_t)g->count * sizeof *init);
    if (!init) {
        log_error("bb_gpu: cannot allocate the initial state of %d particles", g->count);
        goto fail;
    }
    bb_gpu_sim_init(init, (uint32_t)g->count, &g->prm);
    const bool feedback = g->path != BB_GPU_PATH_TEXTURE && bb_gpu__feedback_create(g, init);
    const bool texture = g->path != BB_GPU_PATH_FEEDBACK && bb_gpu__texture_create(g, init);
    if (glGetError() == GL_OUT_OF_MEMORY) {
        log_error("bb_gpu: out of GPU memory for %d particles", g->count);
        goto fail;
    }
    if (g->path == BB_GPU_PATH_AUTO) {
        if (feedback && texture) {
            bb_gpu__trial(g);
            /* the loser goes, the winner starts again from the initial state */
            if (g->path == BB_GPU_PATH_TEXTURE) {
                bb_gpu__feedback_destroy(g);
                if (!bb_gpu__texture_upload(g, init)) goto fail;
            } else {
                bb_gpu__texture_destroy(g);
                glBindBuffer(GL_ARRAY_BUFFER, g->vbo[0]);
                glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)((size_t)g->count * sizeof *init), init);
                glBindBuffer(GL_ARRAY_BUFFER, 0);
                g->cur = 0;
            }
        } else if (feedback || texture) {
            g->path = feedback ? BB_GPU_PATH_FEEDBACK : BB_GPU_PATH_TEXTURE;
            snprintf(g->reason, sizeof g->reason, "the only one this renderer could make (see above)");
            if (feedback) bb_gpu__texture_destroy(g);
            else bb_gpu__feedback_destroy(g);
        } else {
            goto fail;
        }
    } else {
        if (!(g->path == BB_GPU_PATH_FEEDBACK ? feedback : texture)) goto fail;
        if (!ruled) snprintf(g->reason, sizeof g->reason, "forced (--particles-gpu-path %s)", bb_gpu_path_name(g->path));
    }
    g->steps = 0;
    free(init);
    log_info("particles: the GPU particles step by %s, %s", g->path == BB_GPU_PATH_TEXTURE ? "a fragment pass over state textures (texture)" : "transform feedback (feedback)", g->reason);
    return g;
fail:
    free(init);
    bb_gpu_destroy(g);
    return NULL;
}

void bb_gpu_destroy(bb_gpu *g)
{
    if (!g) return;
    gfx_target_destroy(&g->surface);
    if (g->surface_prog) glDeleteProgram(g->surface_prog);
    bb_gpu__feedback_destroy(g);
    bb_gpu__texture_destroy(g);
    free(g);
}

/* CPU time of the calling thread, s (0 where there is no such clock) */
static double bb_gpu__thread_s(void)
{
#if defined(CLOCK_THREAD_CPUTIME_ID)
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
    return 0.0;
}

/* The depth's surface per texel (bb_gpu_surface.frag), at the depth's size: once for all the steps
 * of a frame. False when the depth texture has no size or the target cannot be made (gfx_target
 * logs it): the steps then skip the depth, and the next step tries again. */
static bool bb_gpu__surface(bb_gpu *g)
{
    int w = 0, h = 0;
    GLenum ifmt;
    if (!gfx_texture_info(g->depth, &w, &h, &ifmt) || w <= 0 || h <= 0) return false;
    if (!g->surface.desc.color[0])
        g->surface.desc = (gfx_target_desc){.color = {GL_RGBA32F}, .nearest = true, .label = "bb_gpu.surface"};
    if (!gfx_target_resize(&g->surface, w, h)) return false;
    gfx_target_begin(&g->surface, NULL);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(g->surface_prog);
    glUniform1i(g->u_sdepth, 0);
    glUniformMatrix4fv(g->u_sproj, 1, GL_FALSE, (const float *)g->dproj);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, g->depth);
    gfx_fullscreen_draw();
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_target_end();
    g->surface_stale = false;
    return true;
}

/* The step's uniforms (bb_gpu_sim.glsl), on the bound program of the path. */
static void bb_gpu__set_sim_uniforms(const bb_gpu *g, const bb_gpu_sim_u *u, float dt, bool depth)
{
    const bb_gpu_params *m = &g->prm;
    glUniform1f(u->dt, dt);
    glUniform1ui(u->step, g->steps);
    glUniform1ui(u->seed, m->seed);
    glUniform3fv(u->emitter, 1, m->emitter);
    glUniform1f(u->jitter, m->jitter);
    glUniform1f(u->spread, m->spread);
    glUniform3fv(u->gravity, 1, m->gravity);
    glUniform1f(u->drag, m->drag);
    glUniform3f(u->ground, m->ground, m->amp, m->freq);
    glUniform2f(u->bounce, m->restitution, m->friction);
    glUniform1f(u->impact_life, m->impact_life);
    glUniform1i(u->use_depth, depth);
    glUniform1i(u->surface, 0);
    glUniform2i(u->surface_size, g->surface.width, g->surface.height);
    glUniformMatrix4fv(u->dview, 1, GL_FALSE, (const float *)g->dview);
    glUniformMatrix4fv(u->dproj, 1, GL_FALSE, (const float *)g->dproj);
    glUniform1f(u->thick, g->thickness);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, depth ? g->surface.color[0] : 0);
}

void bb_gpu__step_path(bb_gpu *g, bb_gpu_path path, float dt)
{
    const double t0 = gfx_now();
    const bool depth = g->depth && (!g->surface_stale || bb_gpu__surface(g));
    g->steps++;
    double t1, t2, c1, c2;
    if (path == BB_GPU_PATH_TEXTURE) {
        /* one fragment a particle: read state.cur, write the other pair */
        glUseProgram(g->tsim);
        bb_gpu__set_sim_uniforms(g, &g->tsu, dt, depth);
        bb_gpu__bind_state(g, g->tsu.state_pos, g->tsu.state_vel, g->tsu.state_width);
        gfx_target_begin(gfx_pingpong_write(&g->state), NULL);
        gfx_state_set(GFX_STATE_FULLSCREEN);
        t1 = gfx_now();
        c1 = bb_gpu__thread_s();
        gfx_fullscreen_draw();
        c2 = bb_gpu__thread_s();
        t2 = gfx_now();
        gfx_target_end();
        bb_gpu__unbind_state();
        gfx_pingpong_swap(&g->state);
    } else {
        glUseProgram(g->sim);
        bb_gpu__set_sim_uniforms(g, &g->su, dt, depth);
        const int next = 1 - g->cur;
        gfx_target_begin(&g->sink, NULL);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, g->vbo[next]);
        gfx_state_set(GFX_RASTERIZER_OFF);
        glBindVertexArray(g->sim_vao[g->cur]);
        t1 = gfx_now();
        c1 = bb_gpu__thread_s();
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, g->count);
        glEndTransformFeedback();
        c2 = bb_gpu__thread_s();
        t2 = gfx_now();
        glBindVertexArray(0);
        glBindTexture(GL_TEXTURE_2D, 0);
        gfx_state_set(GFX_STATE_FULLSCREEN);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
        gfx_target_end();
        g->cur = next;
    }
    glUseProgram(0);
    g->call_ms += (c2 - c1) * 1000.0;
    g->cpu_ms += (t1 - t0 + gfx_now() - t2) * 1000.0;
}

void bb_gpu_step(bb_gpu *g, float dt)
{
    assert(g && dt >= 0.0f);
    bb_gpu__step_path(g, g->path, dt);
}

void bb_gpu_draw(bb_gpu *g, mat4 view, mat4 proj, const bb_renderer *atlases, int atlas, const bb_draw_params *dp)
{
    assert(g && atlases && dp && dp->width > 0 && dp->height > 0 && atlas >= 0 && atlas < BB_ATLAS_MAX);
    const double t0 = gfx_now();
    const bool tex = g->path == BB_GPU_PATH_TEXTURE;
    const bb_gpu_draw_u *u = tex ? &g->tdu : &g->du;
    glUseProgram(tex ? g->tdraw : g->draw);
    glUniformMatrix4fv(u->view, 1, GL_FALSE, (const float *)view);
    glUniformMatrix4fv(u->proj, 1, GL_FALSE, (const float *)proj);
    glUniform1f(u->stretch, BB_VELOCITY_STRETCH);
    glUniform1f(u->size, g->size);
    glUniform4f(u->tint, 1.0f, 1.0f, 1.0f, 1.0f); /* the spark atlas is coloured by its temperature */
    /* the additive light budget (bb_gpu.vert): 1 in BB_GPU_HERO sparks bright and larger, the
     * rest faint embers whose sum is a glow, not a white dome */
    glUniform4f(u->hero, (float)BB_GPU_HERO, BB_GPU_HERO_SIZE, BB_GPU_HERO_GAIN, BB_GPU_EMBER_GAIN);
    glUniform1i(u->layer, atlas);
    /* gain 1 whatever the atlas's emission: the hero budget above sets the light */
    float gain[BB_ATLAS_MAX][3] = {{0}};
    GLint grid[BB_ATLAS_MAX][2] = {{0}};
    for (int k = 0; k < 3; k++) gain[atlas][k] = 1.0f;
    bb_renderer_atlas_grid(atlases, atlas, grid[atlas]);
    glUniform3fv(u->gain, BB_ATLAS_MAX, &gain[0][0]);
    glUniform2iv(u->grid, BB_ATLAS_MAX, &grid[0][0]);
    glUniform1f(u->soft, dp->scene_depth ? 0.5f : 0.0f);
    glUniform1f(u->near_fade, dp->near_fade);
    glUniform1f(u->frame_blend, dp->no_frame_blend ? 0.0f : 1.0f);
    glUniform2f(u->inv_viewport, 1.0f / (float)dp->width, 1.0f / (float)dp->height);
    glUniform1i(u->atlas, 0);
    if (tex) bb_gpu__bind_state(g, u->state_pos, u->state_vel, u->state_width);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SCENE_DEPTH);
    glBindTexture(GL_TEXTURE_2D, dp->scene_depth);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, bb_renderer_atlases(atlases));
    gfx_state_set(GFX_DEPTH_LESS | GFX_BLEND_ADD);
    glBindVertexArray(tex ? g->empty_vao : g->draw_vao[g->cur]);
    const double t1 = gfx_now();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, g->count);
    const double t2 = gfx_now();
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    if (tex) bb_gpu__unbind_state();
    glUseProgram(0);
    g->cpu_ms += (t1 - t0 + gfx_now() - t2) * 1000.0;
}

float bb_gpu_take_call_ms(bb_gpu *g)
{
    const float ms = (float)g->call_ms;
    g->call_ms = 0.0;
    return ms;
}

float bb_gpu_take_cpu_ms(bb_gpu *g)
{
    const float ms = (float)g->cpu_ms;
    g->cpu_ms = 0.0;
    return ms;
}

int bb_gpu_count(const bb_gpu *g) { return g ? g->count : 0; }
uint32_t bb_gpu_steps(const bb_gpu *g) { return g->steps; }
bb_gpu_path bb_gpu_path_used(const bb_gpu *g) { return g ? g->path : BB_GPU_PATH_AUTO; }
const char *bb_gpu_path_reason(const bb_gpu *g) { return g ? g->reason : ""; }

void bb_gpu_set_depth(bb_gpu *g, GLuint depth, mat4 view, mat4 proj, float thickness)
{
    g->depth = depth;
    if (depth) {
        glm_mat4_copy(view, g->dview);
        glm_mat4_copy(proj, g->dproj);
        g->surface_stale = true;
    }
    g->thickness = thickness;
}

void bb_gpu_set_bounce(bb_gpu *g, float restitution, float friction, float impact_life)
{
    g->prm.restitution = restitution;
    g->prm.friction = friction;
    g->prm.impact_life = impact_life;
}

bool bb_gpu_read_state(const bb_gpu *g, bb_gpu_particle *out)
{
    if (g->path == BB_GPU_PATH_TEXTURE) return bb_gpu__texture_read(g, out);
    glBindBuffer(GL_ARRAY_BUFFER, g->vbo[g->cur]);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)((size_t)g->count * sizeof *out), out);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

int bb_gpu_collisions(const bb_gpu *g)
{
    if (!g) return 0;
    bb_gpu_particle *s = malloc((size_t)g->count * sizeof *s);
    if (!s) return 0;
    int n = 0;
    if (bb_gpu_read_state(g, s))
        for (int i = 0; i < g->count; i++) n += s[i].life < 0.0f;
    free(s);
    return n;
}

/* bb_gpu.c — see bb_gpu.h. */
#include "bb/bb_gpu.h"
#include "base/alloc.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

/* The light budget of a million additive sparks (the u_hero of bb_gpu.vert). */
#define BB_GPU_HERO 800
#define BB_GPU_HERO_SIZE 1.6f
#define BB_GPU_HERO_GAIN 12.0f
#define BB_GPU_EMBER_GAIN 0.035f

struct bb_gpu {
    int count;
    bb_gpu_params prm;
    float size;
    uint32_t steps;
    GLuint sim, draw, surface_prog; /* programs */
    GLuint vbo[2], sim_vao[2], draw_vao[2];
    gfx_target sink;      /* 1 x 1: a draw needs a complete framebuffer even with nothing rasterized */
    int cur;              /* vbo[cur] holds the latest state */
    double cpu_ms;        /* CPU time of steps and draws around their draw calls, since last taken */
    double call_ms;       /* this thread's CPU time inside the steps' transform-feedback draws, since last taken */
    GLint u_dt, u_step, u_seed, u_emitter, u_jitter, u_spread, u_gravity, u_drag, u_ground, u_bounce;
    GLint u_impact_life, u_use_depth, u_surface, u_surface_size, u_dview, u_dproj, u_thick;
    GLint u_sdepth, u_sproj;  /* the surface pass's */
    GLuint depth;         /* depth texture the steps collide with (0: none), its matrices */
    mat4 dview, dproj;
    float thickness;
    gfx_target surface;   /* the depth's normal and distance per texel, RGBA32F, made on first use */
    bool surface_stale;   /* the depth changed since the surface was made */
    GLint u_view, u_proj, u_stretch, u_size, u_tint, u_hero, u_layer, u_gain, u_grid, u_soft, u_inv_viewport, u_atlas, u_frame_blend, u_near_fade;
};

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

bb_gpu *bb_gpu_create(const bb_gpu_desc *desc)
{
    const bb_gpu_desc d = desc ? *desc : (bb_gpu_desc){0};
    bb_gpu *g = ALLOC_STRUCT(bb_gpu);
    bb_gpu_particle *init = NULL;
    if (!g) goto fail;
    g->count = d.count > 0 ? d.count : 1000000;
    g->prm = d.params ? *d.params : bb_gpu_params_default();
    g->size = d.size > 0.0f ? d.size : 0.06f;
    static const char *const varyings[2] = {"o_pos_age", "o_vel_life"};
    g->sim = gfx_program_load_feedback("bb_gpu_sim.vert", NULL, varyings, 2);
    g->draw = gfx_program_load("bb_gpu.vert", "bb_particle.frag", NULL);
    g->surface_prog = gfx_program_load("gfx_fullscreen.vert", "bb_gpu_surface.frag", NULL);
    if (!g->sim || !g->draw || !g->surface_prog) goto fail;
    init = malloc((size_t)g->count * sizeof *init);
    if (!init) {
        log_error("bb_gpu: cannot allocate the initial state of %d particles", g->count);
        goto fail;
    }
    bb_gpu_sim_init(init, (uint32_t)g->count, &g->prm);
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
    free(init);
    init = NULL;
    if (!gfx_target_create(&g->sink, &(gfx_target_desc){.width = 1, .height = 1, .color = {GL_R8}, .label = "bb_gpu.sink"}))
        goto fail;
    if (glGetError() == GL_OUT_OF_MEMORY) {
        log_error("bb_gpu: out of GPU memory for %d particles", g->count);
        goto fail;
    }
    const GLuint s = g->sim, p = g->draw;
    g->u_dt = gfx_uniform(s, "u_dt");
    g->u_step = gfx_uniform(s, "u_step");
    g->u_seed = gfx_uniform(s, "u_seed");
    g->u_emitter = gfx_uniform(s, "u_emitter");
    g->u_jitter = gfx_uniform(s, "u_jitter");
    g->u_spread = gfx_uniform(s, "u_spread");
    g->u_gravity = gfx_uniform(s, "u_gravity");
    g->u_drag = gfx_uniform(s, "u_drag");
    g->u_ground = gfx_uniform(s, "u_ground");
    g->u_bounce = gfx_uniform(s, "u_bounce");
    g->u_impact_life = gfx_uniform(s, "u_impact_life");
    g->u_use_depth = gfx_uniform(s, "u_use_depth");
    g->u_surface = gfx_uniform(s, "u_surface");
    g->u_surface_size = gfx_uniform(s, "u_surface_size");
    g->u_sdepth = gfx_uniform(g->surface_prog, "u_depth");
    g->u_sproj = gfx_uniform(g->surface_prog, "u_dproj");
    g->u_dview = gfx_uniform(s, "u_dview");
    g->u_dproj = gfx_uniform(s, "u_dproj");
    g->u_thick = gfx_uniform(s, "u_thick");
    g->u_view = gfx_uniform(p, "u_view");
    g->u_proj = gfx_uniform(p, "u_proj");
    g->u_stretch = gfx_uniform(p, "u_stretch");
    g->u_size = gfx_uniform(p, "u_size");
    g->u_tint = gfx_uniform(p, "u_tint");
    g->u_hero = gfx_uniform(p, "u_hero");
    g->u_layer = gfx_uniform(p, "u_layer");
    g->u_gain = gfx_uniform(p, "u_gain");
    g->u_grid = gfx_uniform(p, "u_grid");
    g->u_soft = gfx_uniform(p, "u_soft");
    g->u_near_fade = gfx_uniform(p, "u_near_fade");
    g->u_inv_viewport = gfx_uniform(p, "u_inv_viewport");
    g->u_atlas = gfx_uniform(p, "u_atlas");
    g->u_frame_blend = gfx_uniform(p, "u_frame_blend");
    return g;
fail:
    free(init);
    bb_gpu_destroy(g);
    return NULL;
}

void bb_gpu_destroy(bb_gpu *g)
{
    if (!g) return;
    gfx_target_destroy(&g->sink);
    gfx_target_destroy(&g->surface);
    if (g->surface_prog) glDeleteProgram(g->surface_prog);
    if (g->sim) glDeleteProgram(g->sim);
    if (g->draw) glDeleteProgram(g->draw);
    for (int i = 0; i < 2; i++) {
        if (g->vbo[i]) glDeleteBuffers(1, &g->vbo[i]);
        if (g->sim_vao[i]) glDeleteVertexArrays(1, &g->sim_vao[i]);
        if (g->draw_vao[i]) glDeleteVertexArrays(1, &g->draw_vao[i]);
    }
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

void bb_gpu_step(bb_gpu *g, float dt)
{
    assert(g && dt >= 0.0f);
    const double t0 = gfx_now();
    const bool depth = g->depth && (!g->surface_stale || bb_gpu__surface(g));
    const bb_gpu_params *m = &g->prm;
    g->steps++;
    glUseProgram(g->sim);
    glUniform1f(g->u_dt, dt);
    glUniform1ui(g->u_step, g->steps);
    glUniform1ui(g->u_seed, m->seed);
    glUniform3fv(g->u_emitter, 1, m->emitter);
    glUniform1f(g->u_jitter, m->jitter);
    glUniform1f(g->u_spread, m->spread);
    glUniform3fv(g->u_gravity, 1, m->gravity);
    glUniform1f(g->u_drag, m->drag);
    glUniform3f(g->u_ground, m->ground, m->amp, m->freq);
    glUniform2f(g->u_bounce, m->restitution, m->friction);
    glUniform1f(g->u_impact_life, m->impact_life);
    glUniform1i(g->u_use_depth, depth);
    glUniform1i(g->u_surface, 0);
    glUniform2i(g->u_surface_size, g->surface.width, g->surface.height);
    glUniformMatrix4fv(g->u_dview, 1, GL_FALSE, (const float *)g->dview);
    glUniformMatrix4fv(g->u_dproj, 1, GL_FALSE, (const float *)g->dproj);
    glUniform1f(g->u_thick, g->thickness);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, depth ? g->surface.color[0] : 0);
    const int next = 1 - g->cur;
    gfx_target_begin(&g->sink, NULL);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, g->vbo[next]);
    gfx_state_set(GFX_RASTERIZER_OFF);
    glBindVertexArray(g->sim_vao[g->cur]);
    const double t1 = gfx_now();
    const double c1 = bb_gpu__thread_s();
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, g->count);
    glEndTransformFeedback();
    const double c2 = bb_gpu__thread_s();
    const double t2 = gfx_now();
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    gfx_target_end();
    glUseProgram(0);
    g->cur = next;
    g->call_ms += (c2 - c1) * 1000.0;
    g->cpu_ms += (t1 - t0 + gfx_now() - t2) * 1000.0;
}

void bb_gpu_draw(bb_gpu *g, mat4 view, mat4 proj, const bb_renderer *atlases, int atlas, const bb_draw_params *dp)
{
    assert(g && atlases && dp && dp->width > 0 && dp->height > 0 && atlas >= 0 && atlas < BB_ATLAS_MAX);
    const double t0 = gfx_now();
    glUseProgram(g->draw);
    glUniformMatrix4fv(g->u_view, 1, GL_FALSE, (const float *)view);
    glUniformMatrix4fv(g->u_proj, 1, GL_FALSE, (const float *)proj);
    glUniform1f(g->u_stretch, BB_VELOCITY_STRETCH);
    glUniform1f(g->u_size, g->size);
    glUniform4f(g->u_tint, 1.0f, 1.0f, 1.0f, 1.0f); /* the spark atlas is coloured by its temperature */
    /* the additive light budget (bb_gpu.vert): 1 in BB_GPU_HERO sparks bright and larger, the
     * rest faint embers whose sum is a glow, not a white dome */
    glUniform4f(g->u_hero, (float)BB_GPU_HERO, BB_GPU_HERO_SIZE, BB_GPU_HERO_GAIN, BB_GPU_EMBER_GAIN);
    glUniform1i(g->u_layer, atlas);
    /* gain 1 whatever the atlas's emission: the hero budget above sets the light */
    float gain[BB_ATLAS_MAX][3] = {{0}};
    GLint grid[BB_ATLAS_MAX][2] = {{0}};
    for (int k = 0; k < 3; k++) gain[atlas][k] = 1.0f;
    bb_renderer_atlas_grid(atlases, atlas, grid[atlas]);
    glUniform3fv(g->u_gain, BB_ATLAS_MAX, &gain[0][0]);
    glUniform2iv(g->u_grid, BB_ATLAS_MAX, &grid[0][0]);
    glUniform1f(g->u_soft, dp->scene_depth ? 0.5f : 0.0f);
    glUniform1f(g->u_near_fade, dp->near_fade);
    glUniform1f(g->u_frame_blend, dp->no_frame_blend ? 0.0f : 1.0f);
    glUniform2f(g->u_inv_viewport, 1.0f / (float)dp->width, 1.0f / (float)dp->height);
    glUniform1i(g->u_atlas, 0);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SCENE_DEPTH);
    glBindTexture(GL_TEXTURE_2D, dp->scene_depth);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, bb_renderer_atlases(atlases));
    gfx_state_set(GFX_DEPTH_LESS | GFX_BLEND_ADD);
    glBindVertexArray(g->draw_vao[g->cur]);
    const double t1 = gfx_now();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, g->count);
    const double t2 = gfx_now();
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
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
GLuint bb_gpu_state_buffer(const bb_gpu *g) { return g->vbo[g->cur]; }
uint32_t bb_gpu_steps(const bb_gpu *g) { return g->steps; }

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

int bb_gpu_collisions(const bb_gpu *g)
{
    if (!g) return 0;
    bb_gpu_particle *s = malloc((size_t)g->count * sizeof *s);
    if (!s) return 0;
    glBindBuffer(GL_ARRAY_BUFFER, g->vbo[g->cur]);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)((size_t)g->count * sizeof *s), s);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    int n = 0;
    for (int i = 0; i < g->count; i++) n += s[i].life < 0.0f;
    free(s);
    return n;
}

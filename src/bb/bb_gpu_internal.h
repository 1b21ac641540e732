/* bb_gpu_internal.h — what bb_gpu.c (the feedback path, the steps, the draw) and bb_gpu_texture.c
 * (the texture path, the startup trial) share: the object and the uniforms of its programs. */
#ifndef IMPRINT_BB_GPU_INTERNAL_H
#define IMPRINT_BB_GPU_INTERNAL_H

#include <stdbool.h>

#include "bb/bb_gpu.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The light budget of a million additive sparks (the u_hero of bb_gpu.vert). */
#define BB_GPU_HERO 800
#define BB_GPU_HERO_SIZE 1.6f
#define BB_GPU_HERO_GAIN 12.0f
#define BB_GPU_EMBER_GAIN 0.035f

/* The uniforms of one step program (bb_gpu_sim.glsl; the texture path's also its state's). */
typedef struct bb_gpu_sim_u {
    GLint dt, step, seed, emitter, jitter, spread, gravity, drag, ground, bounce;
    GLint impact_life, use_depth, surface, surface_size, dview, dproj, thick;
    GLint state_pos, state_vel, state_width;
} bb_gpu_sim_u;

/* The uniforms of one draw program (bb_gpu.vert; the texture path's also its state's). */
typedef struct bb_gpu_draw_u {
    GLint view, proj, stretch, size, tint, hero, layer, gain, grid, soft, inv_viewport, atlas, frame_blend, near_fade;
    GLint state_pos, state_vel, state_width;
} bb_gpu_draw_u;

/* The texture path's state is BB_GPU_TEX_WIDTH texels a row: particle i at (i % width, i / width). */
#define BB_GPU_TEX_WIDTH 1024
/* Startup trial (auto): one warm-up round of each path, then this many timed in turn; the best of each. */
#define BB_GPU_TRIAL_STEPS 3
/* and draws this many particles a round (the vertex stage; scaled to the count) */
#define BB_GPU_TRIAL_DRAW 65536

struct bb_gpu {
    int count;
    bb_gpu_params prm;
    float size;
    uint32_t steps;
    bb_gpu_path path;     /* the path that steps and draws (never auto once created) */
    char reason[200];     /* why that path (bb_gpu_path_reason) */
    GLuint surface_prog;
    /* the feedback path: two vertex buffers, read and captured in turn */
    GLuint sim, draw; /* programs */
    GLuint vbo[2], sim_vao[2], draw_vao[2];
    gfx_target sink;      /* 1 x 1: a draw needs a complete framebuffer even with nothing rasterized */
    int cur;              /* vbo[cur] holds the latest state */
    bb_gpu_sim_u su;
    bb_gpu_draw_u du;
    /* the texture path: two targets of two RGBA32F textures (position and age, velocity and life) */
    GLuint tsim, tdraw; /* programs */
    gfx_pingpong state;   /* state.t[state.cur] holds the latest state */
    int tex_w, tex_h;
    GLuint empty_vao;     /* the texture path's draw reads no attribute */
    bb_gpu_sim_u tsu;
    bb_gpu_draw_u tdu;
    double cpu_ms;        /* CPU time of steps and draws around their draw calls, since last taken */
    double call_ms;       /* this thread's CPU time inside the steps' draw calls, since last taken */
    GLint u_sdepth, u_sproj;  /* the surface pass's */
    GLuint depth;         /* depth texture the steps collide with (0: none), its matrices */
    mat4 dview, dproj;
    float thickness;
    gfx_target surface;   /* the depth's normal and distance per texel, RGBA32F, made on first use */
    bool surface_stale;   /* the depth changed since the surface was made */
};

/* The uniform locations of a step program and of a draw program. */
void bb_gpu__sim_uniforms(GLuint prog, bb_gpu_sim_u *u);
void bb_gpu__draw_uniforms(GLuint prog, bb_gpu_draw_u *u);
/* One step by `path` (its resources made), the surface pass first when the depth changed. */
void bb_gpu__step_path(bb_gpu *g, bb_gpu_path path, float dt);
/* The texture path: made with the initial state (false, logged, when it cannot be), freed (safe on
 * a zeroed one), its latest state set to init, bound for the bound program on units 1 and 2 (and
 * unbound), read back. */
bool bb_gpu__texture_create(bb_gpu *g, const bb_gpu_particle *init);
void bb_gpu__texture_destroy(bb_gpu *g);
bool bb_gpu__texture_upload(bb_gpu *g, const bb_gpu_particle *init);
void bb_gpu__bind_state(const bb_gpu *g, GLint u_pos, GLint u_vel, GLint u_width);
void bb_gpu__unbind_state(void);
bool bb_gpu__texture_read(const bb_gpu *g, bb_gpu_particle *out);
/* auto, both paths made: times them (bb_gpu_texture.c), sets g->path and g->reason. The caller
 * frees the loser and sets the winner back to the initial state. */
void bb_gpu__trial(bb_gpu *g);

#ifdef __cplusplus
}
#endif

#endif

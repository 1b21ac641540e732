/* bb_gpu.h — particles simulated on the GPU (GL 3.3), drawn as velocity-aligned billboards
 * straight from the simulation's state: nothing crosses the bus per frame but a few uniforms.
 *
 *   bb_gpu *g = bb_gpu_create(&(bb_gpu_desc){ .count = 1000000 });   NULL (logged) on failure
 *   each fixed step:   bb_gpu_step(g, dt);          one pass over every particle
 *   each frame, after the opaque pass, into the bound framebuffer:
 *     bb_gpu_draw(g, view, proj, bb, BB_ATLAS_SPARK, &(bb_draw_params){ ... });   bb's atlas 1
 *   bb_gpu_destroy(g);
 *
 * Two paths, the same particles (bb/core/bb_gpu_sim.h: position and age, velocity and life; the
 * equations of shaders/bb_gpu_sim.glsl, mirrored on the CPU by bb_gpu_sim_step, gl tests hold
 * both paths to it):
 *   feedback: two vertex buffers of count x 32 bytes; a step is a vertex pass (bb_gpu_sim.vert,
 *             gl_VertexID the index) captured by transform feedback into the other (rasterizer
 *             off); the draw reads the latest as instance attributes.
 *   texture:  two targets of two RGBA32F textures, 1024 texels a row (particle i at (i % 1024,
 *             i / 1024)); a step is a full-screen fragment pass (bb_gpu_sim.frag) reading one
 *             pair and writing the other; the draw fetches the latest by gl_InstanceID.
 * desc.path picks one; auto (0) on a GPU makes both, times a warm-up round and then the best of
 * three alternating rounds of each (a step of all, a draw of 65 536 scaled to all), with the GPU's
 * work finished, keeps the cheaper and frees the other (the kept one starts again from the initial
 * state, so the choice changes no result); on a CPU renderer (the GL renderer string names
 * llvmpipe, softpipe or SwiftShader, base/quality.h's quality_auto) it takes feedback by rule
 * (measured: docs/bb_gpu_paths.md) unless desc.timed. One log line says which and why
 * (bb_gpu_path_reason). The state never leaves the GPU; the
 * initial state (spread ages) comes from bb_gpu_sim_init, uploaded once.
 * Drawing: one instanced draw of 4-vertex strips, one atlas of a renderer's
 * (its layer and grid; gain 1, the light budget is bb_gpu.vert's),
 * additive (order-independent: no sort), depth-tested against the scene, soft edges as the
 * other billboards (shaders/bb_gpu.vert + bb_particle.frag).
 * Defaults: count 1 000 000, bb_gpu_params_default() (the fountain's place and numbers, flat
 * ground at y = 0), size 0.06 m, path auto. Every particle is always alive: a dead one is emitted
 * again in the same step.
 */
#ifndef IMPRINT_BB_GPU_H
#define IMPRINT_BB_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/cglm.h>

#include "bb/bb.h"
#include "bb/core/bb_gpu_sim.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bb_gpu_desc {
    int count;                   /* particles; 0 = 1 000 000 */
    const bb_gpu_params *params; /* NULL = bb_gpu_params_default() */
    float size;                  /* billboard width, metres; 0 = 0.06 */
    bb_gpu_path path;            /* BB_GPU_PATH_AUTO (0): timed at creation, the faster kept; on
                                  * a CPU renderer (llvmpipe, softpipe, SwiftShader) feedback */
    bool timed;                  /* auto times both on a CPU renderer too (tests) */
} bb_gpu_desc;

typedef struct bb_gpu bb_gpu;

bb_gpu *bb_gpu_create(const bb_gpu_desc *desc);
void bb_gpu_destroy(bb_gpu *g);
/* Advances every particle by dt (one draw of the path's). */
void bb_gpu_step(bb_gpu *g, float dt);
void bb_gpu_draw(bb_gpu *g, mat4 view, mat4 proj, const bb_renderer *atlases, int atlas, const bb_draw_params *dp);
int bb_gpu_count(const bb_gpu *g);
/* The CPU's share of the steps and draws since the last call, in ms: everything around the
 * draw calls themselves (uniforms, bindings, state), that is all the CPU prepares per frame;
 * what the draw calls execute is GPU work (on llvmpipe it runs on the CPU inside the call,
 * timed as the passes' GPU time, not here). */
float bb_gpu_take_cpu_ms(bb_gpu *g);
/* The calling thread's CPU time inside the steps' draw calls since the last
 * call, in ms (0 where the platform has no thread clock). On a software renderer (llvmpipe) the
 * feedback path's vertex stage runs inside that call on this thread, so this is the steps' own
 * work, not counting the time its rasterizer threads take the CPU to finish the last frame; the
 * texture path's fragments run on those rasterizer threads, so there it is only the set-up, as
 * on a GPU. The bench reports it as particles_gpu.step_call_ms. */
float bb_gpu_take_call_ms(bb_gpu *g);
/* The depth buffer the next steps collide with (bb/core/bb_gpu_collide.h): a depth texture
 * (nearest texels; 0 = none, only the analytic ground), the view and projection it was drawn
 * with, the thickness of what is behind a surface. The app hands it the last frame's resolved
 * depth: the steps run before this frame's opaque pass. The first step after it turns the depth
 * into a surface per texel (normal and distance, RGBA32F, bb_gpu_surface.frag), one fetch a
 * particle. */
void bb_gpu_set_depth(bb_gpu *g, GLuint depth, mat4 view, mat4 proj, float thickness);
/* Restitution and friction of a bounce, seconds of life an impact takes. */
void bb_gpu_set_bounce(bb_gpu *g, float restitution, float friction, float impact_life);
/* Impacts in the last step: the state read back and its marks counted (for stats, not per frame). */
int bb_gpu_collisions(const bb_gpu *g);
/* The latest state read back into out (count particles, the layout of bb_gpu_particle), whichever
 * the path; false (logged) when the read-back cannot be allocated. For tests and stats, not per frame. */
bool bb_gpu_read_state(const bb_gpu *g, bb_gpu_particle *out);
uint32_t bb_gpu_steps(const bb_gpu *g);
/* The path that steps and draws (never auto), and why it was chosen (one line, no newline). */
bb_gpu_path bb_gpu_path_used(const bb_gpu *g);
const char *bb_gpu_path_reason(const bb_gpu *g);

#ifdef __cplusplus
}
#endif

#endif

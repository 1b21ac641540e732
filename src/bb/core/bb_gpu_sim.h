/* bb_gpu_sim.h — the GPU particle simulation's equations, on the CPU (GL-free): the reference
 * shaders/bb_gpu_sim.glsl is tested against, and the initial state the GPU starts from.
 *
 *   bb_gpu_params prm = bb_gpu_params_default();          // the fountain of `--particles-gpu`
 *   bb_gpu_particle *s = malloc(n * sizeof *s);
 *   bb_gpu_sim_init(s, n, &prm);                            // spread-out ages on their paths
 *   for (uint32_t k = 1; k <= steps; k++) bb_gpu_sim_step(s, n, &prm, dt, k);
 *
 * One particle is 32 bytes, the layout of the GPU's buffers: position and age, velocity and
 * life. A step, for particle i at step k:
 *   age += dt; when age >= life the particle is emitted again: at the emitter (+- jitter), shot
 *   up at 6-9 m/s with a horizontal spread of up to `spread` m/s, life 1-2.5 s, age 0; its
 *   random numbers come from hash(i, k) (base/mathx.h hash_u32, integer-exact on both sides);
 *   otherwise v = (v + g dt) / (1 + drag dt), p += v dt, and below the ground h(x, z) =
 *   ground + amp * sin(x * freq) * sin(z * freq) the particle is put back on it and, if it
 *   moves into the ground, bounces off the height field's normal n: the normal part of v
 *   reverses times `restitution`, the tangential part keeps (1 - friction); with a depth buffer
 *   (bb_gpu_sim_step_depth) it collides with that too; an impact ages it by impact_life and
 *   leaves its life negated until the next step (the mark stats count; |life| is the life).
 * The atlas frame is age / life * 64 (computed where it is drawn). Ages start spread over
 * [0, life) so the emission is steady from the first step.
 */
#ifndef IMPRINT_CORE_BB_GPU_SIM_H
#define IMPRINT_CORE_BB_GPU_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "bb/core/bb_gpu_collide.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bb_gpu_particle {
    float pos[3], age;
    float vel[3], life; /* life < 0: an impact in the last step, |life| the life */
} bb_gpu_particle;

typedef struct bb_gpu_params {
    float emitter[3];     /* world position of the emitter */
    float jitter;         /* emitter half extent, metres */
    float spread;         /* largest horizontal launch speed, m/s */
    float gravity[3];
    float drag;           /* 1/s */
    float ground, amp, freq; /* height function */
    float restitution, friction;
    float impact_life;    /* seconds of life an impact takes (particles.impact_life) */
    uint32_t seed;
} bb_gpu_params;

bb_gpu_params bb_gpu_params_default(void);

/* How the GPU steps the particles (bb/bb_gpu.h): transform feedback of a vertex pass over a pair of
 * vertex buffers, or a fragment pass over a pair of RGBA32F state textures; auto times both at
 * creation and keeps the faster. Names: bb_gpu_path_names (--particles-gpu-path). */
typedef enum bb_gpu_path { BB_GPU_PATH_AUTO, BB_GPU_PATH_FEEDBACK, BB_GPU_PATH_TEXTURE, BB_GPU_PATH_COUNT } bb_gpu_path;
extern const char *const bb_gpu_path_names[BB_GPU_PATH_COUNT + 1]; /* "auto", "feedback", "texture", NULL */
/* False (out unchanged) for a name not in bb_gpu_path_names. */
bool bb_gpu_path_parse(const char *name, bb_gpu_path *out);
const char *bb_gpu_path_name(bb_gpu_path p); /* "?" out of range */

float bb_gpu_height(const bb_gpu_params *prm, float x, float z);
void bb_gpu_sim_init(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm);
void bb_gpu_sim_step(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm, float dt, uint32_t step);
/* The same step, then the depth buffer's collision (bb_gpu_collide; NULL: none); an impact on
 * the ground or the depth takes impact_life seconds of life. Returns the impacts of the step. */
uint32_t bb_gpu_sim_step_depth(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm, float dt, uint32_t step,
                               const bb_gpu_depth *depth);

#ifdef __cplusplus
}
#endif

#endif

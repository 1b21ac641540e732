/* bb_gpu_sim.c — see bb_gpu_sim.h; every line has its twin in shaders/bb_gpu_sim.glsl. */
#include "bb/core/bb_gpu_sim.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

#include "base/mathx.h"
#include "base/names.h"
#include "bb/core/bb_gpu_collide.h"

bb_gpu_params bb_gpu_params_default(void)
{
    return (bb_gpu_params){.emitter = {0.0f, 0.05f, -1.5f}, .jitter = 0.15f, .spread = 4.0f, .gravity = {0.0f, -9.81f, 0.0f},
                           .drag = 0.15f, .ground = 0.0f, .amp = 0.0f, .freq = 2.0f, .restitution = 0.45f,
                           .friction = 0.2f, .impact_life = 0.25f, .seed = 1u};
}

const char *const bb_gpu_path_names[BB_GPU_PATH_COUNT + 1] = {"auto", "feedback", "texture", NULL};

bool bb_gpu_path_parse(const char *name, bb_gpu_path *out)
{
    const int i = names_find(bb_gpu_path_names, name);
    if (i < 0) return false;
    *out = (bb_gpu_path)i;
    return true;
}

const char *bb_gpu_path_name(bb_gpu_path p) { return p >= 0 && p < BB_GPU_PATH_COUNT ? bb_gpu_path_names[p] : "?"; }

float bb_gpu_height(const bb_gpu_params *prm, float x, float z)
{
    return prm->ground + prm->amp * sinf(x * prm->freq) * sinf(z * prm->freq);
}

/* A new particle of index i, emitted at step k. */
static void emit(bb_gpu_particle *p, uint32_t i, uint32_t k, const bb_gpu_params *prm)
{
    uint32_t h = hash_u32(i * 0x9e3779b9u ^ hash_u32(k + prm->seed));
    float r[6];
    for (int j = 0; j < 6; j++) {
        h = hash_u32(h + 0x68e31da4u);
        r[j] = hash_unit(h);
    }
    const float a = r[0] * 6.2831853f, sp = r[1] * prm->spread;
    p->pos[0] = prm->emitter[0] + (r[2] * 2.0f - 1.0f) * prm->jitter;
    p->pos[1] = prm->emitter[1];
    p->pos[2] = prm->emitter[2] + (r[3] * 2.0f - 1.0f) * prm->jitter;
    p->vel[0] = cosf(a) * sp;
    p->vel[1] = 6.0f + 3.0f * r[4];
    p->vel[2] = sinf(a) * sp;
    p->life = 1.0f + 1.5f * r[5];
    p->age = 0.0f;
}

void bb_gpu_sim_init(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm)
{
    assert(s || n == 0);
    for (uint32_t i = 0; i < n; i++) {
        emit(&s[i], i, 0u, prm);
        /* spread ages: placed on the drag-free ballistic path (above the ground, it never
         * reaches it before the first bounce matters) */
        const float t = hash_unit(hash_u32(i ^ 0xa511e9b3u ^ prm->seed)) * s[i].life * 0.95f;
        for (int k = 0; k < 3; k++) {
            s[i].pos[k] += s[i].vel[k] * t + 0.5f * prm->gravity[k] * t * t;
            s[i].vel[k] += prm->gravity[k] * t;
        }
        const float h = bb_gpu_height(prm, s[i].pos[0], s[i].pos[2]);
        if (s[i].pos[1] < h) s[i].pos[1] = h;
        s[i].age = t;
    }
}

void bb_gpu_sim_step(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm, float dt, uint32_t step)
{
    (void)bb_gpu_sim_step_depth(s, n, prm, dt, step, NULL);
}

uint32_t bb_gpu_sim_step_depth(bb_gpu_particle *s, uint32_t n, const bb_gpu_params *prm, float dt, uint32_t step,
                               const bb_gpu_depth *depth)
{
    assert((s || n == 0) && dt >= 0.0f);
    const float k = 1.0f / (1.0f + prm->drag * dt);
    uint32_t impacts = 0;
    for (uint32_t i = 0; i < n; i++) {
        bb_gpu_particle *p = &s[i];
        p->age += dt;
        p->life = fabsf(p->life);
        if (p->age >= p->life) {
            emit(p, i, step, prm);
            continue;
        }
        for (int c = 0; c < 3; c++) p->vel[c] = (p->vel[c] + prm->gravity[c] * dt) * k;
        const float prev[3] = {p->pos[0], p->pos[1], p->pos[2]};
        for (int c = 0; c < 3; c++) p->pos[c] += p->vel[c] * dt;
        int hit = 0;
        const float h = bb_gpu_height(prm, p->pos[0], p->pos[2]);
        if (p->pos[1] < h) {
            p->pos[1] = h;
            /* normal of y = h(x, z): (-dh/dx, 1, -dh/dz), normalized */
            const float f = prm->freq, a = prm->amp;
            const float nx = -a * f * cosf(p->pos[0] * f) * sinf(p->pos[2] * f);
            const float nz = -a * f * sinf(p->pos[0] * f) * cosf(p->pos[2] * f);
            const float inv = 1.0f / sqrtf(nx * nx + 1.0f + nz * nz);
            const float nrm[3] = {nx * inv, inv, nz * inv};
            const float vn = p->vel[0] * nrm[0] + p->vel[1] * nrm[1] + p->vel[2] * nrm[2];
            if (vn < 0.0f) {
                float t[3];
                for (int c = 0; c < 3; c++) t[c] = (p->vel[c] - vn * nrm[c]) * (1.0f - prm->friction);
                for (int c = 0; c < 3; c++) p->vel[c] = t[c] - prm->restitution * vn * nrm[c];
                hit = 1;
            }
        }
        if (depth && bb_gpu_collide(depth, prev, p->pos, p->vel, prm->restitution, prm->friction)) hit = 1;
        if (hit) {
            p->age += prm->impact_life;
            p->life = -p->life; /* the mark of an impact in this step */
            impacts++;
        }
    }
    return impacts;
}

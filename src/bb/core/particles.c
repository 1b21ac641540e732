/* particles.c — structure of arrays with swap-remove and chunk boxes; see particles.h for why. */
#include "bb/core/particles.h"
#include "base/alloc.h"

#include <assert.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define N_FLOAT_ARRAYS 16 /* x y z size rot phase vx vy vz spin grow drag grav age life rate */
#define N_U32_ARRAYS 2    /* color meta */

static size_t round64(size_t n) { return (n + 63u) & ~(size_t)63u; }

/* Within (-2pi, 2pi): batchers turn the angle into an int32 fraction of a turn. */
static inline float wrap_turn(float a)
{
    const float two_pi = 6.28318530718f;
    return a - two_pi * (float)(int32_t)(a * (1.0f / two_pi));
}

particles *particles_create(const particles_desc *desc)
{
    const particles_desc d = desc ? *desc : (particles_desc){0};
    const int cap = d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY;
    particles *p = ALLOC_STRUCT(particles);
    if (!p) goto fail;
    p->capacity = cap;
    const size_t field = round64((size_t)cap * 4u);
    const size_t nchunks = ((size_t)cap + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK;
    const size_t bytes = field * (N_FLOAT_ARRAYS + N_U32_ARRAYS) + round64(nchunks * sizeof(particles_chunk));
    p->block = alloc_zeroed(bytes, 64);
    if (!p->block) goto fail;
    char *at = p->block;
    float **f[N_FLOAT_ARRAYS] = {&p->x, &p->y, &p->z, &p->size, &p->rot, &p->phase, &p->vx, &p->vy,
                                 &p->vz, &p->spin, &p->grow, &p->drag, &p->grav, &p->age, &p->life, &p->rate};
    for (int i = 0; i < N_FLOAT_ARRAYS; i++, at += field) *f[i] = (float *)(void *)at;
    p->color = (uint32_t *)(void *)at;
    at += field;
    p->meta = (uint32_t *)(void *)at;
    at += field;
    p->chunks = (particles_chunk *)(void *)at;
    if (d.gravity[0] == 0.0f && d.gravity[1] == 0.0f && d.gravity[2] == 0.0f) {
        p->gravity[1] = -9.81f;
    } else {
        memcpy(p->gravity, d.gravity, sizeof p->gravity);
    }
    return p;
fail:
    log_error("particles: cannot allocate a pool of %d billboards", cap);
    particles_destroy(p);
    return NULL;
}

void particles_destroy(particles *p)
{
    if (!p) return;
    free(p->block);
    free(p);
}

particle particle_init(int atlas, int blend)
{
    assert(atlas >= 0 && atlas < BB_ATLAS_MAX && blend >= 0 && blend < BB_BLEND_COUNT);
    return (particle){.color = 0xffffffffu, .atlas = (uint8_t)atlas, .blend = (uint8_t)blend};
}

static void chunk_reset(particles_chunk *c)
{
    *c = (particles_chunk){.lo = {FLT_MAX, FLT_MAX, FLT_MAX}, .hi = {-FLT_MAX, -FLT_MAX, -FLT_MAX}, .extent = 0.0f};
}

/* Grows the box of i's chunk to hold billboard i. */
static void chunk_grow(particles *p, int i)
{
    particles_chunk *c = &p->chunks[i / PARTICLES_CHUNK];
    const float v[3] = {p->x[i], p->y[i], p->z[i]};
    for (int k = 0; k < 3; k++) {
        c->lo[k] = v[k] < c->lo[k] ? v[k] : c->lo[k];
        c->hi[k] = v[k] > c->hi[k] ? v[k] : c->hi[k];
    }
    const float e = particles_extent(p->size[i], p->vx[i], p->vy[i], p->vz[i]);
    c->extent = e > c->extent ? e : c->extent;
}

int particles_add(particles *p, const particle *b)
{
    assert(p && b && b->atlas < BB_ATLAS_MAX && b->blend < BB_BLEND_COUNT && b->align < BB_ALIGN_COUNT);
    if (p->alive >= p->capacity) {
        p->dropped++;
        return -1;
    }
    const int i = p->alive++;
    if (i % PARTICLES_CHUNK == 0) chunk_reset(&p->chunks[i / PARTICLES_CHUNK]);
    p->x[i] = b->pos[0];
    p->y[i] = b->pos[1];
    p->z[i] = b->pos[2];
    p->vx[i] = b->vel[0];
    p->vy[i] = b->vel[1];
    p->vz[i] = b->vel[2];
    p->size[i] = b->size;
    p->rot[i] = wrap_turn(b->rot);
    p->phase[i] = b->phase;
    p->color[i] = b->color;
    const uint32_t flags = (b->flags & BB_ANIM_LOOP) | (uint32_t)b->align << 1 | (uint32_t)b->atlas << 3;
    p->meta[i] = b->frame0 | flags << 8 | (uint32_t)b->blend << 16 | (uint32_t)b->tag << 24;
    p->spin[i] = b->spin;
    p->grow[i] = b->grow;
    p->drag[i] = b->drag;
    p->grav[i] = b->gravity;
    p->age[i] = b->age;
    p->life[i] = b->life;
    p->rate[i] = b->frame_rate > 0.0f ? b->frame_rate : 1.0f / 0.030f;
    chunk_grow(p, i);
    return i;
}

void particles_get(const particles *p, int i, particle *out)
{
    assert(p && i >= 0 && i < p->alive);
    const uint32_t m = p->meta[i];
    *out = (particle){.pos = {p->x[i], p->y[i], p->z[i]}, .vel = {p->vx[i], p->vy[i], p->vz[i]}, .size = p->size[i],
                      .rot = p->rot[i], .phase = p->phase[i], .color = p->color[i], .frame0 = (uint8_t)(m & 0xffu),
                      .atlas = (uint8_t)particles_meta_atlas(m), .blend = (uint8_t)particles_meta_blend(m),
                      .flags = (uint8_t)((m >> 8) & BB_ANIM_LOOP), .align = (uint8_t)particles_meta_align(m),
                      .tag = (uint8_t)particles_meta_tag(m),
                      .spin = p->spin[i], .grow = p->grow[i], .drag = p->drag[i], .gravity = p->grav[i],
                      .age = p->age[i], .life = p->life[i], .frame_rate = p->rate[i]};
}

/* Moves the last live billboard into slot i (its chunk's box grows to hold it). */
static void move_last_to(particles *p, int i)
{
    const int j = p->alive;
    float *f[N_FLOAT_ARRAYS] = {p->x, p->y, p->z, p->size, p->rot, p->phase, p->vx, p->vy,
                                p->vz, p->spin, p->grow, p->drag, p->grav, p->age, p->life, p->rate};
    for (int k = 0; k < N_FLOAT_ARRAYS; k++) f[k][i] = f[k][j];
    p->color[i] = p->color[j];
    p->meta[i] = p->meta[j];
    chunk_grow(p, i);
}

void particles_release(particles *p, int index)
{
    assert(p && index >= 0 && index < p->alive);
    p->alive--;
    if (index != p->alive) move_last_to(p, index);
}

void particles_clear(particles *p)
{
    assert(p);
    p->alive = 0;
}

int particles_count_tag(const particles *p, int tag)
{
    assert(p);
    int n = 0;
    for (int i = 0; i < p->alive; i++) n += particles_meta_tag(p->meta[i]) == tag;
    return n;
}

/* Integrates billboard i; its values go to the running box. */
static inline void step_one(particles *restrict p, int i, float dt, const float g[3])
{
    p->age[i] += dt;
    const float k = 1.0f / (1.0f + p->drag[i] * dt);
    p->vx[i] = (p->vx[i] + g[0] * p->grav[i]) * k;
    p->vy[i] = (p->vy[i] + g[1] * p->grav[i]) * k;
    p->vz[i] = (p->vz[i] + g[2] * p->grav[i]) * k;
    p->x[i] += p->vx[i] * dt;
    p->y[i] += p->vy[i] * dt;
    p->z[i] += p->vz[i] * dt;
    p->rot[i] = wrap_turn(p->rot[i] + p->spin[i] * dt);
    const float s = p->size[i] + p->grow[i] * dt;
    p->size[i] = s > 0.0f ? s : 0.0f;
    p->phase[i] = p->age[i] * p->rate[i];
}

/* Integrates one chunk and rebuilds its box; four billboards at a time where SSE2 is there. */
static void step_chunk(particles *restrict p, int first, int end, float dt)
{
    const float g[3] = {p->gravity[0] * dt, p->gravity[1] * dt, p->gravity[2] * dt};
    int i = first;
    float lo[3] = {FLT_MAX, FLT_MAX, FLT_MAX}, hi[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX}, smax = 0.0f;
#if defined(__SSE2__)
    const __m128 vdt = _mm_set1_ps(dt), one = _mm_set1_ps(1.0f);
    const __m128 two_pi = _mm_set1_ps(6.28318530718f), inv_two_pi = _mm_set1_ps(1.0f / 6.28318530718f);
    __m128 lx = _mm_set1_ps(FLT_MAX), ly = lx, lz = lx, hx = _mm_set1_ps(-FLT_MAX), hy = hx, hz = hx;
    __m128 sm = _mm_setzero_ps();
    for (; i + 4 <= end; i += 4) {
        const __m128 age = _mm_add_ps(_mm_loadu_ps(p->age + i), vdt);
        _mm_storeu_ps(p->age + i, age);
        const __m128 k = _mm_div_ps(one, _mm_add_ps(one, _mm_mul_ps(_mm_loadu_ps(p->drag + i), vdt)));
        const __m128 gr = _mm_loadu_ps(p->grav + i);
        const __m128 vx = _mm_mul_ps(_mm_add_ps(_mm_loadu_ps(p->vx + i), _mm_mul_ps(_mm_set1_ps(g[0]), gr)), k);
        const __m128 vy = _mm_mul_ps(_mm_add_ps(_mm_loadu_ps(p->vy + i), _mm_mul_ps(_mm_set1_ps(g[1]), gr)), k);
        const __m128 vz = _mm_mul_ps(_mm_add_ps(_mm_loadu_ps(p->vz + i), _mm_mul_ps(_mm_set1_ps(g[2]), gr)), k);
        _mm_storeu_ps(p->vx + i, vx);
        _mm_storeu_ps(p->vy + i, vy);
        _mm_storeu_ps(p->vz + i, vz);
        const __m128 x = _mm_add_ps(_mm_loadu_ps(p->x + i), _mm_mul_ps(vx, vdt));
        const __m128 y = _mm_add_ps(_mm_loadu_ps(p->y + i), _mm_mul_ps(vy, vdt));
        const __m128 z = _mm_add_ps(_mm_loadu_ps(p->z + i), _mm_mul_ps(vz, vdt));
        _mm_storeu_ps(p->x + i, x);
        _mm_storeu_ps(p->y + i, y);
        _mm_storeu_ps(p->z + i, z);
        const __m128 r = _mm_add_ps(_mm_loadu_ps(p->rot + i), _mm_mul_ps(_mm_loadu_ps(p->spin + i), vdt));
        _mm_storeu_ps(p->rot + i, _mm_sub_ps(r, _mm_mul_ps(two_pi, _mm_cvtepi32_ps(_mm_cvttps_epi32(_mm_mul_ps(r, inv_two_pi))))));
        const __m128 sz = _mm_max_ps(_mm_add_ps(_mm_loadu_ps(p->size + i), _mm_mul_ps(_mm_loadu_ps(p->grow + i), vdt)), _mm_setzero_ps());
        _mm_storeu_ps(p->size + i, sz);
        _mm_storeu_ps(p->phase + i, _mm_mul_ps(age, _mm_loadu_ps(p->rate + i)));
        lx = _mm_min_ps(lx, x);
        ly = _mm_min_ps(ly, y);
        lz = _mm_min_ps(lz, z);
        hx = _mm_max_ps(hx, x);
        hy = _mm_max_ps(hy, y);
        hz = _mm_max_ps(hz, z);
        /* particles_extent: |v| bounded by the sum of absolute components (sign bit cleared) */
        const __m128 abs = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
        const __m128 l1 = _mm_add_ps(_mm_add_ps(_mm_and_ps(vx, abs), _mm_and_ps(vy, abs)), _mm_and_ps(vz, abs));
        sm = _mm_max_ps(sm, _mm_add_ps(sz, _mm_mul_ps(_mm_set1_ps(1.41421356f * BB_VELOCITY_STRETCH), l1)));
    }
    float t[7][4]; /* the four lanes of each running bound */
    _mm_storeu_ps(t[0], lx);
    _mm_storeu_ps(t[1], ly);
    _mm_storeu_ps(t[2], lz);
    _mm_storeu_ps(t[3], hx);
    _mm_storeu_ps(t[4], hy);
    _mm_storeu_ps(t[5], hz);
    _mm_storeu_ps(t[6], sm);
    for (int q = 0; q < 4; q++) {
        for (int k = 0; k < 3; k++) {
            lo[k] = t[k][q] < lo[k] ? t[k][q] : lo[k];
            hi[k] = t[3 + k][q] > hi[k] ? t[3 + k][q] : hi[k];
        }
        smax = t[6][q] > smax ? t[6][q] : smax;
    }
#endif
    for (; i < end; i++) {
        step_one(p, i, dt, g);
        const float c[3] = {p->x[i], p->y[i], p->z[i]};
        for (int k = 0; k < 3; k++) {
            lo[k] = c[k] < lo[k] ? c[k] : lo[k];
            hi[k] = c[k] > hi[k] ? c[k] : hi[k];
        }
        const float e = particles_extent(p->size[i], p->vx[i], p->vy[i], p->vz[i]);
        smax = e > smax ? e : smax;
    }
    p->chunks[first / PARTICLES_CHUNK] = (particles_chunk){.lo = {lo[0], lo[1], lo[2]}, .hi = {hi[0], hi[1], hi[2]}, .extent = smax};
}

void particles_step(particles *p, float dt)
{
    assert(p && dt >= 0.0f);
    for (int first = 0; first < p->alive; first += PARTICLES_CHUNK) {
        const int end = first + PARTICLES_CHUNK < p->alive ? first + PARTICLES_CHUNK : p->alive;
        step_chunk(p, first, end, dt);
    }
    /* then the dead go: a swap-remove moves an already stepped billboard into the hole */
    for (int i = 0; i < p->alive;) {
        if (p->age[i] >= p->life[i]) particles_release(p, i);
        else i++;
    }
}

#include "mud/core/floaters.h"
#include "base/alloc.h"

#include "base/log.h"
#include "base/rng.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#define STICK_CHANCE 0.33f
#define SHED_RATE 1.2f   /* pieces per second per m/s of a wheel rolling in mud */
#define IN_MUD 0.02f     /* metres of tyre in the mud that count as "in mud" */
#define SLIDE_DRAG 4.0f  /* 1/s */
#define GRAVITY 9.81f

typedef struct floater {
    float pos[3], vel[3];
    float size, rot, timer, angle, side;
    int wheel;
    floater_state state;
    uint8_t color[4];
} floater;

struct floaters {
    const terrain *terr;
    floater *pool; /* live pieces packed in [0, alive) */
    int capacity, alive;
    float keep_radius;
    float carry[CLODS_MAX_EMITTERS]; /* fractional pieces owed per wheel */
    rng rng;
    bool has_flow;
    floaters_flow flow;
};

floaters *floaters_create(const floaters_desc *desc, const terrain *t)
{
    floaters_desc d = desc ? *desc : (floaters_desc){0};
    floaters *f = ALLOC_STRUCT(floaters);
    if (!f) {
        log_error("floaters: out of memory");
        return NULL;
    }
    f->terr = t;
    f->capacity = d.capacity > 0 ? (d.capacity < FLOATERS_MAX ? d.capacity : FLOATERS_MAX) : 1024;
    f->keep_radius = d.keep_radius > 0 ? d.keep_radius : 60.0f;
    rng_seed(&f->rng, (uint64_t)d.seed * 0x9E3779B97F4A7C15ull + 7);
    f->pool = malloc((size_t)f->capacity * sizeof *f->pool);
    if (!f->pool) {
        log_error("floaters: out of memory for %d pieces", f->capacity);
        free(f);
        return NULL;
    }
    return f;
}

void floaters_destroy(floaters *f)
{
    if (!f) return;
    free(f->pool);
    free(f);
}

static floater *add(floaters *f, float x, float z)
{
    if (f->alive == f->capacity) return NULL;
    floater *k = &f->pool[f->alive++];
    *k = (floater){{x, terrain_height(f->terr, x, z), z}, {0, 0, 0}};
    k->size = rng_range(&f->rng, 0.08f, 0.22f);
    k->rot = rng_range(&f->rng, 0.0f, 6.2831853f);
    k->state = FLOAT_LYING;
    float shade = rng_range(&f->rng, 0.7f, 1.15f);
    k->color[0] = (uint8_t)(84.0f * shade);
    k->color[1] = (uint8_t)(60.0f * shade);
    k->color[2] = (uint8_t)(38.0f * shade);
    k->color[3] = 255;
    return k;
}

void floaters_scatter(floaters *f, float x, float z, float radius, int count)
{
    for (int tries = 0, made = 0; made < count && tries < count * 8; tries++) {
        float a = rng_range(&f->rng, 0.0f, 6.2831853f), r = radius * sqrtf(rng_range(&f->rng, 0.0f, 1.0f));
        float px = x + r * cosf(a), pz = z + r * sinf(a);
        terrain_sample s;
        terrain_sample_at(f->terr, px, pz, &s);
        if (s.mud < 0.6f) continue; /* only on the mud */
        if (!add(f, px, pz)) return;
        made++;
    }
}

void floaters_drop(floaters *f, float x, float z, float radius, int count)
{
    for (int i = 0; i < count; i++) {
        float a = rng_range(&f->rng, 0.0f, 6.2831853f), r = radius * sqrtf(rng_range(&f->rng, 0.0f, 1.0f));
        if (!add(f, x + r * cosf(a), z + r * sinf(a))) return;
    }
}

/* The wheel's contact point and its side axis (horizontal, right of the rolling direction). */
static void wheel_frame(const clod_emitter *e, float c[3], float side[2])
{
    c[0] = e->hub[0];
    c[1] = e->hub[1] - e->radius;
    c[2] = e->hub[2];
    side[0] = e->forward[2];
    side[1] = -e->forward[0];
}

/* A lying or sliding piece under a wheel in mud: stuck to the tyre, or pushed. */
static void meet_wheels(floaters *f, floater *k, const clod_emitter *e, int n)
{
    for (int i = 0; i < n; i++) {
        if (e[i].depth < IN_MUD) continue;
        float c[3], side[2];
        wheel_frame(&e[i], c, side);
        float dx = k->pos[0] - c[0], dz = k->pos[2] - c[2];
        float along = dx * e[i].forward[0] + dz * e[i].forward[2], across = dx * side[0] + dz * side[1];
        if (fabsf(along) > e[i].radius * 0.33f || fabsf(across) > 0.5f * e[i].width + 0.05f) continue;
        if (rng_range(&f->rng, 0.0f, 1.0f) < STICK_CHANCE) {
            k->state = FLOAT_STUCK;
            k->wheel = i;
            k->angle = 0.0f;
            k->side = across;
            k->timer = rng_range(&f->rng, 0.4f, 1.8f);
        } else {
            float kick = rng_range(&f->rng, 0.4f, 1.4f) * (across >= 0.0f ? 1.0f : -1.0f);
            k->state = FLOAT_SLIDING;
            k->vel[0] = e[i].velocity[0] * 0.8f + side[0] * kick;
            k->vel[1] = 0.0f;
            k->vel[2] = e[i].velocity[2] * 0.8f + side[1] * kick;
        }
        return;
    }
}

/* On the tyre at angle a from its bottom, turning towards the back as it rolls forward. */
static void on_tyre(const clod_emitter *e, float angle, float side, float out[3], float tangent[3])
{
    float sx = e->forward[2], sz = -e->forward[0];
    float s = sinf(angle), co = cosf(angle);
    for (int a = 0; a < 3; a++) {
        float up = a == 1 ? 1.0f : 0.0f;
        out[a] = e->hub[a] + e->radius * (-e->forward[a] * s - up * co);
        tangent[a] = -e->forward[a] * co + up * s;
    }
    out[0] += sx * side;
    out[2] += sz * side;
}

void floaters_set_flow(floaters *f, const floaters_flow *flow)
{
    f->has_flow = flow != NULL;
    if (flow) f->flow = *flow;
}

/* a lying piece on flowing water goes with it */
static void drift(const floaters *f, floater *k, float dt)
{
    const floaters_flow *fl = &f->flow;
    float gx = (k->pos[0] - fl->x0) / fl->cell, gz = (k->pos[2] - fl->z0) / fl->cell;
    if (!(fl->cell > 0.0f) || !(gx >= 0.0f && gz >= 0.0f && gx < FLOATERS_FLOW_N && gz < FLOATERS_FLOW_N)) return;
    const float *v = fl->vel[(int)gz * FLOATERS_FLOW_N + (int)gx];
    k->pos[0] += v[0] * dt;
    k->pos[2] += v[1] * dt;
    k->rot += (fabsf(v[0]) + fabsf(v[1])) * dt * 0.5f;
}

void floaters_step(floaters *f, const clod_emitter *e, int n, float dt)
{
    assert(n >= 0 && n <= CLODS_MAX_EMITTERS);
    float cx = 0.0f, cz = 0.0f;
    for (int i = 0; i < n; i++) {
        cx += e[i].hub[0] / (float)n;
        cz += e[i].hub[2] / (float)n;
    }
    for (int i = 0; i < f->alive;) {
        floater *k = &f->pool[i];
        switch (k->state) {
        case FLOAT_LYING:
            meet_wheels(f, k, e, n);
            if (f->has_flow && k->state == FLOAT_LYING) drift(f, k, dt);
            break;
        case FLOAT_SLIDING: {
            float drag = expf(-SLIDE_DRAG * dt);
            k->pos[0] += k->vel[0] * dt;
            k->pos[2] += k->vel[2] * dt;
            k->vel[0] *= drag;
            k->vel[2] *= drag;
            k->rot += (fabsf(k->vel[0]) + fabsf(k->vel[2])) * dt * 3.0f;
            if (k->vel[0] * k->vel[0] + k->vel[2] * k->vel[2] < 0.05f * 0.05f) k->state = FLOAT_LYING;
            break;
        }
        case FLOAT_STUCK: {
            if (k->wheel >= n) {
                k->state = FLOAT_FALLING;
                break;
            }
            const clod_emitter *w = &e[k->wheel];
            float roll = w->velocity[0] * w->forward[0] + w->velocity[2] * w->forward[2] + w->slip;
            float omega = roll / w->radius, t[3];
            k->angle += omega * dt;
            k->rot += omega * dt;
            on_tyre(w, k->angle, k->side, k->pos, t);
            k->timer -= dt;
            if (k->timer <= 0.0f) { /* let go with the tyre's surface velocity */
                for (int a = 0; a < 3; a++) k->vel[a] = w->velocity[a] + t[a] * roll;
                k->state = FLOAT_FALLING;
            }
            break;
        }
        case FLOAT_FALLING:
            k->vel[1] -= GRAVITY * dt;
            for (int a = 0; a < 3; a++) k->pos[a] += k->vel[a] * dt;
            if (k->vel[1] < 0.0f && k->pos[1] <= terrain_height(f->terr, k->pos[0], k->pos[2])) {
                k->state = FLOAT_LYING;
                k->vel[0] = k->vel[1] = k->vel[2] = 0.0f;
            }
            break;
        }
        float dx = k->pos[0] - cx, dz = k->pos[2] - cz;
        if (n && dx * dx + dz * dz > f->keep_radius * f->keep_radius) f->pool[i] = f->pool[--f->alive]; /* swap-remove */
        else i++;
    }
    /* wheels rolling in mud shed pieces onto the mud beside the tyre */
    for (int i = 0; i < n; i++) {
        float speed = sqrtf(e[i].velocity[0] * e[i].velocity[0] + e[i].velocity[2] * e[i].velocity[2]);
        if (e[i].depth < IN_MUD || speed < 0.5f) {
            f->carry[i] = 0.0f;
            continue;
        }
        f->carry[i] += SHED_RATE * speed * dt;
        for (; f->carry[i] >= 1.0f; f->carry[i] -= 1.0f) {
            float c[3], side[2];
            wheel_frame(&e[i], c, side);
            float off = (0.5f * e[i].width + rng_range(&f->rng, 0.08f, 0.4f)) * (rng_range(&f->rng, 0.0f, 1.0f) < 0.5f ? -1.0f : 1.0f);
            float back = rng_range(&f->rng, -0.6f, 0.2f);
            add(f, c[0] + side[0] * off + e[i].forward[0] * back, c[2] + side[1] * off + e[i].forward[2] * back);
        }
    }
}

int floaters_alive(const floaters *f) { return f->alive; }

int floaters_count(const floaters *f, floater_state state)
{
    int n = 0;
    for (int i = 0; i < f->alive; i++) n += f->pool[i].state == state;
    return n;
}

int floaters_write(const floaters *f, floater_instance *out, int cap)
{
    int n = f->alive < cap ? f->alive : cap;
    for (int i = 0; i < n; i++) {
        const floater *k = &f->pool[i];
        out[i] = (floater_instance){{k->pos[0], k->pos[1], k->pos[2]}, k->size, k->rot,
                                    {k->color[0], k->color[1], k->color[2], k->color[3]},
                                    (uint8_t)(k->state == FLOAT_LYING || k->state == FLOAT_SLIDING), (uint8_t)k->state};
    }
    return n;
}

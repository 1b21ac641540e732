#include "mud/core/clods.h"
#include "base/alloc.h"

#include "base/log.h"
#include "base/rng.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct clod {
    float pos[3], vel[3];
    float size, rot, spin, age;
    uint8_t color[4];
} clod;

struct clods {
    const terrain *terr;
    clod *pool; /* live clods packed in [0, alive) */
    int capacity, alive;
    float gravity, rate;
    float carry[CLODS_MAX_EMITTERS]; /* fractional clods owed per emitter */
    clod_landing landed[CLODS_LANDINGS_MAX];
    int nlanded;
    clod_landing hits[CLODS_HITS_MAX];
    int nhits;
    bool has_box;
    clods_box box;
    rng rng;
};

static float rnd_range(clods *c, float lo, float hi) { return rng_range(&c->rng, lo, hi); }

clods *clods_create(const clods_desc *desc, const terrain *t)
{
    clods_desc d = desc ? *desc : (clods_desc){0};
    clods *c = ALLOC_STRUCT(clods);
    if (!c) {
        log_error("clods: out of memory");
        return NULL;
    }
    c->terr = t;
    c->capacity = d.capacity > 0 ? d.capacity : 4096;
    c->gravity = d.gravity > 0 ? d.gravity : 9.81f;
    c->rate = d.rate > 0 ? d.rate : 6.0f;
    rng_seed(&c->rng, (uint64_t)d.seed * 0xD1B54A32D192ED03ull);
    c->pool = malloc((size_t)c->capacity * sizeof *c->pool);
    if (!c->pool) {
        log_error("clods: out of memory for %d clods", c->capacity);
        free(c);
        return NULL;
    }
    return c;
}

void clods_destroy(clods *c)
{
    if (!c) return;
    free(c->pool);
    free(c);
}

/* how far the tyre is dug in, 0..1 of its radius */
static float dig(const clod_emitter *e) { return e->radius > 0.0f ? fminf(fmaxf(e->depth / e->radius, 0.0f), 1.0f) : 0.0f; }

static void spawn(clods *c, const clod_emitter *e)
{
    if (c->alive == c->capacity) return;
    clod *k = &c->pool[c->alive++];
    float dir = e->slip >= 0 ? 1.0f : -1.0f, speed = fabsf(e->slip);
    /* from the tyre's trailing top quarter, flung backwards along the spin */
    for (int i = 0; i < 3; i++) k->pos[i] = e->hub[i] - e->forward[i] * dir * e->radius * 0.7f;
    k->pos[1] += e->radius * 0.4f;
    float back = rnd_range(c, 0.4f, 0.9f) * speed, up = rnd_range(c, 1.5f, 4.0f) + 0.2f * speed;
    float sx = e->forward[2], sz = -e->forward[0], lateral = rnd_range(c, -1.2f, 1.2f);
    k->vel[0] = e->velocity[0] - e->forward[0] * dir * back + sx * lateral;
    k->vel[1] = e->velocity[1] + up;
    k->vel[2] = e->velocity[2] - e->forward[2] * dir * back + sz * lateral;
    k->size = rnd_range(c, 0.06f, 0.18f) * (1.0f + CLODS_DIG_SIZE * dig(e));
    k->rot = rnd_range(c, 0.0f, 6.2831853f);
    k->spin = rnd_range(c, -8.0f, 8.0f);
    k->age = 0.0f;
    float shade = rnd_range(c, 0.75f, 1.1f);
    k->color[0] = (uint8_t)fminf(255.0f, 92.0f * shade);
    k->color[1] = (uint8_t)fminf(255.0f, 66.0f * shade);
    k->color[2] = (uint8_t)fminf(255.0f, 42.0f * shade);
    k->color[3] = 255;
}

void clods_emit(clods *c, const clod_emitter *e, int n, float dt)
{
    assert(n >= 0 && n <= CLODS_MAX_EMITTERS);
    for (int i = 0; i < n; i++) {
        float s = fabsf(e[i].slip);
        if (s < CLODS_MIN_SLIP) {
            c->carry[i] = 0.0f;
            continue;
        }
        c->carry[i] += c->rate * s * (1.0f + CLODS_DIG_GAIN * dig(&e[i])) * dt;
        while (c->carry[i] >= 1.0f) {
            spawn(c, &e[i]);
            c->carry[i] -= 1.0f;
        }
    }
}

static bool in_box(const clods_box *b, const float p[3])
{
    const float *m = b->world_to_box; /* column-major, as cglm's mat4 */
    for (int a = 0; a < 3; a++) {
        const float q = m[a] * p[0] + m[4 + a] * p[1] + m[8 + a] * p[2] + m[12 + a];
        if (fabsf(q) > b->half[a]) return false;
    }
    return true;
}

void clods_set_box(clods *c, const clods_box *b)
{
    c->has_box = b != NULL;
    if (b) c->box = *b;
}

int clods_take_hits(clods *c, clod_landing *out, int cap)
{
    int n = c->nhits < cap ? c->nhits : cap;
    for (int i = 0; i < n; i++) out[i] = c->hits[i];
    c->nhits = 0;
    return n;
}

void clods_throw(clods *c, const float pos[3], const float vel[3], float size)
{
    if (c->alive == c->capacity) return;
    clod *k = &c->pool[c->alive++];
    *k = (clod){.size = size, .color = {92, 66, 42, 255}};
    for (int i = 0; i < 3; i++) k->pos[i] = pos[i], k->vel[i] = vel[i];
}

void clods_step(clods *c, float dt)
{
    for (int i = 0; i < c->alive;) {
        clod *k = &c->pool[i];
        k->vel[1] -= c->gravity * dt;
        for (int a = 0; a < 3; a++) k->pos[a] += k->vel[a] * dt;
        k->rot += k->spin * dt;
        k->age += dt;
        bool landed = k->vel[1] < 0 && k->pos[1] < terrain_height(c->terr, k->pos[0], k->pos[2]) - 0.05f;
        if (landed && c->nlanded < CLODS_LANDINGS_MAX) c->landed[c->nlanded++] = (clod_landing){{k->pos[0], k->pos[1], k->pos[2]}, k->size};
        const bool hit = !landed && c->has_box && k->age > CLODS_HIT_AGE && in_box(&c->box, k->pos);
        if (hit && c->nhits < CLODS_HITS_MAX) c->hits[c->nhits++] = (clod_landing){{k->pos[0], k->pos[1], k->pos[2]}, k->size};
        if (landed || hit || k->age > CLODS_MAX_LIFE)
            c->pool[i] = c->pool[--c->alive]; /* swap-remove keeps the pool packed */
        else
            i++;
    }
}

int clods_alive(const clods *c) { return c->alive; }

int clods_take_landings(clods *c, clod_landing *out, int cap)
{
    int n = c->nlanded < cap ? c->nlanded : cap;
    for (int i = 0; i < n; i++) out[i] = c->landed[i];
    c->nlanded = 0;
    return n;
}
int clods_capacity(const clods *c) { return c->capacity; }

int clods_write(const clods *c, clod_instance *out, int cap)
{
    int n = c->alive < cap ? c->alive : cap;
    for (int i = 0; i < n; i++) {
        const clod *k = &c->pool[i];
        out[i] = (clod_instance){{k->pos[0], k->pos[1], k->pos[2]}, k->size, k->rot, {k->color[0], k->color[1], k->color[2], k->color[3]}};
    }
    return n;
}

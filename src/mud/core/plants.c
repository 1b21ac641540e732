#include "mud/core/plants.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/rng.h"

#define GRAVITY 9.81f
#define PI_F 3.14159265f
#define STREAM_PLANTS 0x706c616e74730000ull

struct plant_set {
    const terrain *terr;
    int nb;
    plant *items;
    int n, cap;
    int *order, *start; /* per-block index: plants of block b are order[start[b] .. start[b + 1]) */
    bool index_valid;
};

static const float default_size[PLANT_KINDS] = {8.0f, 0.6f, 0.9f};
static const float size_range[PLANT_KINDS][2] = {{6.0f, 10.0f}, {0.35f, 0.9f}, {0.6f, 1.2f}};

plant_set *plants_create(const terrain *t)
{
    plant_set *ps = calloc(1, sizeof *ps);
    if (!ps) {
        log_error("plants: out of memory");
        return NULL;
    }
    ps->terr = t;
    ps->nb = terrain_blocks_per_side(t);
    ps->start = calloc((size_t)ps->nb * ps->nb + 1, sizeof *ps->start);
    if (!ps->start) {
        log_error("plants: out of memory for the block index");
        free(ps);
        return NULL;
    }
    return ps;
}

void plants_destroy(plant_set *ps)
{
    if (!ps) return;
    free(ps->items);
    free(ps->order);
    free(ps->start);
    free(ps);
}

static int block_of(const plant_set *ps, float v)
{
    int b = (int)floorf(v / TERRAIN_BLOCK_SIZE);
    return b < 0 ? 0 : b >= ps->nb ? ps->nb - 1 : b;
}

static int add_turned(plant_set *ps, plant_kind kind, float x, float z, float size, float turn)
{
    assert(kind >= 0 && kind < PLANT_KINDS);
    if (ps->n == ps->cap) {
        int cap = ps->cap ? 2 * ps->cap : 256;
        plant *grown = realloc(ps->items, (size_t)cap * sizeof *ps->items);
        if (!grown) {
            log_error("plants: out of memory for %d plants", cap);
            return -1;
        }
        ps->items = grown;
        ps->cap = cap;
    }
    if (size <= 0.0f) size = default_size[kind];
    float y = terrain_height(ps->terr, x, z);
    if (kind == PLANT_ROCK) y += size; /* resting on the ground */
    plant *p = &ps->items[ps->n];
    *p = (plant){{x, y, z}, {0.0f, sinf(0.5f * turn), 0.0f, cosf(0.5f * turn)}, size, (uint8_t)kind, false, -1,
                 block_of(ps, z) * ps->nb + block_of(ps, x)};
    ps->index_valid = false;
    return ps->n++;
}

int plants_add(plant_set *ps, plant_kind kind, float x, float z, float size) { return add_turned(ps, kind, x, z, size, 0.0f); }

int plants_scatter(plant_set *ps, const plants_scatter_desc *d)
{
    assert(d->kind >= 0 && d->kind < PLANT_KINDS);
    rng r;
    rng_seed(&r, d->seed ^ STREAM_PLANTS);
    float size = (float)ps->nb * TERRAIN_BLOCK_SIZE;
    float x0 = fmaxf(d->rect[0], 0.0f), z0 = fmaxf(d->rect[1], 0.0f), x1 = fminf(d->rect[2], size), z1 = fminf(d->rect[3], size);
    if (d->per_hectare <= 0.0f || x1 <= x0 || z1 <= z0) return 0;
    int added = 0;
    for (int bz = block_of(ps, z0); bz <= block_of(ps, z1); bz++)
        for (int bx = block_of(ps, x0); bx <= block_of(ps, x1); bx++) {
            /* the rectangle's part in this block */
            float ax = fmaxf(x0, (float)bx * TERRAIN_BLOCK_SIZE), az = fmaxf(z0, (float)bz * TERRAIN_BLOCK_SIZE);
            float bxe = fminf(x1, (float)(bx + 1) * TERRAIN_BLOCK_SIZE), bze = fminf(z1, (float)(bz + 1) * TERRAIN_BLOCK_SIZE);
            if (bxe <= ax || bze <= az) continue;
            float want = d->per_hectare * (bxe - ax) * (bze - az) / 10000.0f;
            int count = (int)want + (rng_float(&r) < want - floorf(want) ? 1 : 0);
            for (int i = 0; i < count; i++) {
                float x = rng_range(&r, ax, bxe), z = rng_range(&r, az, bze);
                float s = rng_range(&r, size_range[d->kind][0], size_range[d->kind][1]);
                float turn = rng_range(&r, 0.0f, 2.0f * PI_F);
                if (d->keep && !d->keep(d->user, x, z)) continue;
                if (add_turned(ps, d->kind, x, z, s, turn) < 0) return added; /* logged */
                added++;
            }
        }
    return added;
}

int plants_count(const plant_set *ps) { return ps->n; }
int plants_blocks_per_side(const plant_set *ps) { return ps->nb; }

int plants_count_kind(const plant_set *ps, plant_kind kind)
{
    int n = 0;
    for (int i = 0; i < ps->n; i++) n += ps->items[i].kind == kind;
    return n;
}

plant *plants_at(plant_set *ps, int i)
{
    assert(i >= 0 && i < ps->n);
    return &ps->items[i];
}

const plant *plants_get(const plant_set *ps, int i)
{
    assert(i >= 0 && i < ps->n);
    return &ps->items[i];
}

/* A counting sort of the plants by the block they were placed in. False when memory runs out
 * (logged; the index stays invalid and is tried again at the next look-up). */
static bool build_index(plant_set *ps)
{
    int nblocks = ps->nb * ps->nb;
    free(ps->order);
    ps->order = malloc((size_t)(ps->n ? ps->n : 1) * sizeof *ps->order);
    int *fill = calloc((size_t)nblocks, sizeof *fill);
    if (!ps->order || !fill) {
        log_error("plants: out of memory for the index of %d plants", ps->n);
        free(fill);
        return false;
    }
    memset(ps->start, 0, (size_t)(nblocks + 1) * sizeof *ps->start);
    for (int i = 0; i < ps->n; i++) ps->start[ps->items[i].block + 1]++;
    for (int b = 0; b < nblocks; b++) ps->start[b + 1] += ps->start[b];
    for (int i = 0; i < ps->n; i++) {
        int b = ps->items[i].block;
        ps->order[ps->start[b] + fill[b]++] = i;
    }
    free(fill);
    ps->index_valid = true;
    return true;
}

const int *plants_in_block(plant_set *ps, int bx, int bz, int *count)
{
    assert(bx >= 0 && bz >= 0 && bx < ps->nb && bz < ps->nb);
    if (!ps->index_valid && !build_index(ps)) {
        *count = 0;
        return NULL;
    }
    int b = bz * ps->nb + bx;
    *count = ps->start[b + 1] - ps->start[b];
    return ps->order + ps->start[b];
}

float plant_tree_radius(float height) { return 0.022f * height; }

float plant_tree_mass(float height)
{
    float r = plant_tree_radius(height);
    return PLANT_TREE_DENSITY * PI_F * r * r * height;
}

float plant_tree_stiffness(float height) { return PLANT_TREE_STIFFNESS * plant_tree_mass(height) * GRAVITY * 0.5f * height; }

float plant_tree_break_force(float height, float at)
{
    /* k theta = F at cos(theta) + m g h/2 sin(theta) at theta = the break angle */
    float th = PLANT_TREE_BREAK_ANGLE;
    float k = plant_tree_stiffness(height), w = plant_tree_mass(height) * GRAVITY * 0.5f * height;
    return (k * th - w * sinf(th)) / (at * cosf(th));
}

float plant_rock_mass(float radius) { return PLANT_ROCK_DENSITY * 4.0f / 3.0f * PI_F * radius * radius * radius; }

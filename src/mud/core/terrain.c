#include "mud/core/terrain.h"
#include "base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_perlin.h>

#include "base/log.h"
#include "base/mathx.h"
#include "mud/core/roads.h"

#define SPB (TERRAIN_BLOCK_SAMPLES - 1) /* sample spacings per block */
#define SPACING (TERRAIN_BLOCK_SIZE / SPB)

struct terrain {
    int level_size, nb;
    unsigned seed;
    float spawn_x, spawn_z;
    uint8_t *blocks;  /* nb*nb blocks of 25*25*4 bytes, block index bz*nb + bx */
    uint8_t *has_mud; /* nb*nb */
    uint8_t **road;   /* nb*nb, 25*25*2 bytes each or NULL (roads.h) */
    mud_level level;  /* what the terrain was made from */
};

static float smooth(float e0, float e1, float x)
{
    float t = clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
static float lerpf(float a, float b, float t) { return a + (b - a) * t; }
static uint8_t to_u8(float v01) { return (uint8_t)lrintf(clampf(v01, 0.0f, 1.0f) * 255.0f); }

/* The seed moves the noise along its third axis, so every seed gives a different level. */
static float noise(const terrain *t, float x, float z, float freq, int octaves, int salt)
{
    float w = (float)(t->seed % 1024u) * 3.731f + (float)salt * 17.13f;
    return stb_perlin_fbm_noise3(x * freq, w, z * freq, 2.0f, 0.5f, octaves);
}

/* Low-frequency hills only: smooth enough to carry the track. */
static float hills(const terrain *t, float x, float z) { return 9.0f + 7.0f * noise(t, x, z, 1.0f / 140.0f, 2, 0); }

/* 1 inside a mud rectangle or disc, 0 a metre outside. */
static float area_cover(const mud_area *a, float x, float z)
{
    float out;
    if (a->kind == MUD_AREA_RECT) out = fmaxf(fmaxf(a->v[0] - x, x - a->v[2]), fmaxf(a->v[1] - z, z - a->v[3]));
    else out = sqrtf((x - a->v[0]) * (x - a->v[0]) + (z - a->v[1]) * (z - a->v[1])) - a->v[2];
    return smooth(1.0f, 0.0f, out);
}

static void generate_sample(const terrain *t, float x, float z, uint8_t out[4])
{
    const mud_level *lv = &t->level;
    float h = hills(t, x, z) + 1.6f * noise(t, x, z, 1.0f / 30.0f, 3, 1);
    float soft = 0.5f + 0.5f * noise(t, x, z, 1.0f / 45.0f, 2, 2);
    float grass = 0.6f + 0.6f * noise(t, x, z, 1.0f / 12.0f, 2, 3);
    float mud = 0.0f, worn = 1.0f;
    /* valleys hold water: low ground turns to soft mud */
    for (int i = 0; i < lv->nmud; i++)
        if (lv->mud[i].kind == MUD_AREA_VALLEYS) mud = fmaxf(mud, smooth(lv->mud[i].v[0], lv->mud[i].v[1], h));
    soft = lerpf(soft, 0.75f + 0.25f * soft, mud);

    for (int i = 0; i < lv->nmud; i++) {
        const mud_area *a = &lv->mud[i];
        if (a->kind != MUD_AREA_TRACK) continue;
        float tx = a->v[0], len = a->v[2], hw = a->v[3];
        float dx = fabsf(x - tx), along = z - a->v[1];
        float in_range = smooth(-14.0f, -6.0f, along) * smooth(len + 14.0f, len, along);
        float flatten = smooth(hw + 9.0f, hw + 1.0f, dx) * in_range;
        h = lerpf(h, hills(t, tx, z), flatten);
        float track = smooth(hw + 1.5f, hw - 0.5f, dx) * in_range;
        /* soft patches along the track, deepest a third of the way in */
        float track_soft = 0.45f + 0.25f * noise(t, tx, z, 1.0f / 20.0f, 2, 4) + 0.2f * smooth(10.0f, 40.0f, along);
        mud = fmaxf(mud, track);
        soft = lerpf(soft, clampf(track_soft, 0.3f, 1.0f), track);
        worn *= 1.0f - 0.7f * smooth(hw + 5.0f, hw + 2.0f, dx) * in_range;
    }
    for (int i = 0; i < lv->nmud; i++) {
        const mud_area *a = &lv->mud[i];
        if (a->kind != MUD_AREA_RECT && a->kind != MUD_AREA_CIRCLE) continue;
        float c = area_cover(a, x, z);
        mud = fmaxf(mud, c);
        soft = lerpf(soft, a->v[a->kind == MUD_AREA_RECT ? 4 : 3], c);
    }
    /* a water area holds its water (mud/core/water.h): a bank WATER_BANK over the surface along the
     * rectangle's edge, sloping down one to WATER_BANK_SLOPE on both sides where the ground is lower */
    for (int i = 0; i < lv->nwater; i++) {
        const level_water *wa = &lv->water[i];
        float out = fmaxf(fmaxf(wa->rect[0] - x, x - wa->rect[2]), fmaxf(wa->rect[1] - z, z - wa->rect[3]));
        h = fmaxf(h, wa->surface_y + WATER_BANK - fabsf(out) / WATER_BANK_SLOPE);
    }
    grass *= 1.0f - smooth(0.2f, 0.9f, mud);
    grass *= worn;

    long r = lrintf((h - TERRAIN_HEIGHT_OFFSET) / TERRAIN_HEIGHT_SCALE);
    out[0] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
    out[1] = to_u8(grass);
    out[2] = to_u8(soft);
    out[3] = to_u8(mud);
}

/* Today's level without a file: valleys and the track from the spawn point. */
static void default_level(int size, mud_level *lv)
{
    memset(lv, 0, sizeof *lv);
    snprintf(lv->file, sizeof lv->file, "(built-in)");
    lv->size = size;
    lv->spawn[0] = 0.5f * (float)size + 8.0f; /* a block centre, so the track runs inside one column */
    lv->spawn[1] = 0.5f * (float)size - 56.0f;
    lv->mud[0] = (mud_area){MUD_AREA_VALLEYS, {7.2f, 5.6f}};
    lv->mud[1] = (mud_area){MUD_AREA_TRACK, {lv->spawn[0], lv->spawn[1], TERRAIN_TRACK_LENGTH, TERRAIN_TRACK_HALF_WIDTH}};
    lv->nmud = 2;
}

/* Road data of every block a road comes near; the samples on a road lose their softness and mud.
 * False when memory runs out (logged). */
static bool bake_roads(terrain *t)
{
    const mud_level *lv = &t->level;
    for (int bz = 0; bz < t->nb; bz++)
        for (int bx = 0; bx < t->nb; bx++) {
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE, z0 = (float)bz * TERRAIN_BLOCK_SIZE, b[4];
            bool near = false;
            for (int i = 0; i < lv->nroads && !near; i++) {
                roads_bounds(&lv->roads[i], b);
                near = b[0] <= x0 + TERRAIN_BLOCK_SIZE && b[2] >= x0 && b[1] <= z0 + TERRAIN_BLOCK_SIZE && b[3] >= z0;
            }
            if (!near) continue;
            uint8_t *rd = malloc(TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 2);
            if (!rd) {
                log_error("terrain: out of memory for the road data of block %d %d", bx, bz);
                return false;
            }
            uint8_t *blk = t->blocks + ((size_t)bz * t->nb + bx) * TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4;
            bool mud = false;
            for (int j = 0; j < TERRAIN_BLOCK_SAMPLES; j++)
                for (int i = 0; i < TERRAIN_BLOCK_SAMPLES; i++) {
                    int k = j * TERRAIN_BLOCK_SAMPLES + i;
                    roads_sample rs = roads_at(lv->roads, lv->nroads, (float)(bx * SPB + i) * SPACING, (float)(bz * SPB + j) * SPACING);
                    roads_pack(&rs, rd + k * 2);
                    /* firm from a quarter metre inside the edge: the gravel carries the wheels */
                    float firm = smooth(-0.25f, 0.25f, roads_unpack_edge(rd[k * 2]));
                    blk[k * 4 + 2] = (uint8_t)lrintf((float)blk[k * 4 + 2] * (1.0f - firm));
                    blk[k * 4 + 3] = (uint8_t)lrintf((float)blk[k * 4 + 3] * (1.0f - firm));
                    mud |= blk[k * 4 + 3] != 0;
                }
            t->road[bz * t->nb + bx] = rd;
            t->has_mud[bz * t->nb + bx] = mud;
        }
    return true;
}

terrain *terrain_create(const terrain_desc *desc)
{
    terrain_desc d = desc ? *desc : (terrain_desc){0};
    if (d.level) d.level_size = d.level->size;
    if (!d.level_size) d.level_size = 512;
    if (d.level_size < 64 || d.level_size > 1024 || d.level_size % 16) {
        log_error("terrain: level size %d m is not a multiple of 16 in 64..1024", d.level_size);
        return NULL;
    }
    terrain *t = ALLOC_STRUCT(terrain);
    if (!t) {
        log_error("terrain: out of memory");
        return NULL;
    }
    if (d.level) t->level = *d.level;
    else default_level(d.level_size, &t->level);
    d.mud_everywhere |= t->level.mud_everywhere;
    t->level_size = d.level_size;
    t->nb = d.level_size / 16;
    t->seed = d.seed;
    t->spawn_x = t->level.spawn[0];
    t->spawn_z = t->level.spawn[1];
    t->blocks = malloc((size_t)t->nb * t->nb * TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4);
    t->has_mud = calloc((size_t)t->nb * t->nb, 1);
    t->road = calloc((size_t)t->nb * t->nb, sizeof *t->road);
    if (!t->blocks || !t->has_mud || !t->road) {
        log_error("terrain: out of memory for %d x %d blocks", t->nb, t->nb);
        terrain_destroy(t);
        return NULL;
    }

    uint8_t flat[4] = {0};
    if (d.flat) {
        long r = lrintf((d.flat_height - TERRAIN_HEIGHT_OFFSET) / TERRAIN_HEIGHT_SCALE);
        flat[0] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
        flat[1] = 128;
        flat[2] = to_u8(d.flat_softness);
        flat[3] = to_u8(d.flat_mud);
    }
    /* Every sample is a function of its world position only, so shared borders agree exactly. */
    for (int bz = 0; bz < t->nb; bz++)
        for (int bx = 0; bx < t->nb; bx++) {
            uint8_t *blk = t->blocks + ((size_t)bz * t->nb + bx) * TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4;
            bool mud = false;
            for (int j = 0; j < TERRAIN_BLOCK_SAMPLES; j++)
                for (int i = 0; i < TERRAIN_BLOCK_SAMPLES; i++) {
                    uint8_t *s = blk + (j * TERRAIN_BLOCK_SAMPLES + i) * 4;
                    if (d.flat) memcpy(s, flat, 4);
                    else generate_sample(t, (float)(bx * SPB + i) * SPACING, (float)(bz * SPB + j) * SPACING, s);
                    if (d.mud_everywhere) {
                        s[2] = s[2] < 128 ? 128 : s[2];
                        s[3] = 255;
                    }
                    mud |= s[3] != 0;
                }
            t->has_mud[bz * t->nb + bx] = mud;
        }
    if (!d.flat && !bake_roads(t)) {
        terrain_destroy(t);
        return NULL;
    }
    return t;
}

void terrain_destroy(terrain *t)
{
    if (!t) return;
    if (t->road)
        for (int b = 0; b < t->nb * t->nb; b++) free(t->road[b]);
    free(t->road);
    free(t->blocks);
    free(t->has_mud);
    free(t);
}

int terrain_level_size(const terrain *t) { return t->level_size; }
int terrain_blocks_per_side(const terrain *t) { return t->nb; }

void terrain_spawn(const terrain *t, float *x, float *z)
{
    *x = t->spawn_x;
    *z = t->spawn_z;
}

const uint8_t *terrain_block_data(const terrain *t, int bx, int bz)
{
    assert(bx >= 0 && bz >= 0 && bx < t->nb && bz < t->nb);
    return t->blocks + ((size_t)bz * t->nb + bx) * TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4;
}

const uint8_t *terrain_block_road(const terrain *t, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= t->nb || bz >= t->nb) return NULL;
    return t->road[bz * t->nb + bx];
}

const mud_level *terrain_level(const terrain *t) { return &t->level; }

float terrain_road_edge(const terrain *t, float x, float z)
{
    int n = t->nb * SPB;
    float fx = clampf(x / SPACING, 0.0f, (float)n), fz = clampf(z / SPACING, 0.0f, (float)n);
    int i0 = (int)fx, j0 = (int)fz;
    if (i0 > n - 1) i0 = n - 1;
    if (j0 > n - 1) j0 = n - 1;
    float u = fx - (float)i0, v = fz - (float)j0, e[4];
    for (int k = 0; k < 4; k++) {
        int gi = i0 + (k & 1), gj = j0 + (k >> 1);
        int bx = gi / SPB, bz = gj / SPB;
        if (bx >= t->nb) bx = t->nb - 1;
        if (bz >= t->nb) bz = t->nb - 1;
        const uint8_t *rd = t->road[bz * t->nb + bx];
        e[k] = rd ? roads_unpack_edge(rd[((gj - bz * SPB) * TERRAIN_BLOCK_SAMPLES + (gi - bx * SPB)) * 2]) : -ROADS_REACH;
    }
    return lerpf(lerpf(e[0], e[1], u), lerpf(e[2], e[3], u), v);
}

bool terrain_block_has_mud(const terrain *t, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= t->nb || bz >= t->nb) return false;
    return t->has_mud[bz * t->nb + bx];
}

bool terrain_mark_mud(terrain *t, float x, float z, float radius, float amount, int rect[4])
{
    int n = t->nb * SPB;
    int i0 = (int)floorf((x - radius) / SPACING), i1 = (int)ceilf((x + radius) / SPACING);
    int j0 = (int)floorf((z - radius) / SPACING), j1 = (int)ceilf((z + radius) / SPACING);
    i0 = i0 < 0 ? 0 : i0;
    j0 = j0 < 0 ? 0 : j0;
    i1 = i1 > n ? n : i1;
    j1 = j1 > n ? n : j1;
    bool any = false;
    int r[4] = {n, n, 0, 0};
    for (int gj = j0; gj <= j1; gj++)
        for (int gi = i0; gi <= i1; gi++) {
            float dx = (float)gi * SPACING - x, dz = (float)gj * SPACING - z;
            float f = 1.0f - sqrtf(dx * dx + dz * dz) / radius;
            if (f <= 0.0f) continue;
            int add = (int)ceilf(amount * f * 255.0f);
            /* every block holding the sample: shared borders stay identical */
            for (int bz = (gj - 1) / SPB; bz <= gj / SPB; bz++)
                for (int bx = (gi - 1) / SPB; bx <= gi / SPB; bx++) {
                    if (bx < 0 || bz < 0 || bx >= t->nb || bz >= t->nb || gi < bx * SPB || gj < bz * SPB) continue;
                    if (gi > bx * SPB + SPB || gj > bz * SPB + SPB) continue;
                    uint8_t *a = t->blocks + (((size_t)bz * t->nb + bx) * TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES +
                                              (size_t)(gj - bz * SPB) * TERRAIN_BLOCK_SAMPLES + (size_t)(gi - bx * SPB)) * 4 + 3;
                    int v = *a + add > 255 ? 255 : *a + add;
                    if (v == *a) continue;
                    *a = (uint8_t)v;
                    t->has_mud[bz * t->nb + bx] = 1;
                    any = true;
                    r[0] = gi < r[0] ? gi : r[0];
                    r[1] = gj < r[1] ? gj : r[1];
                    r[2] = gi > r[2] ? gi : r[2];
                    r[3] = gj > r[3] ? gj : r[3];
                }
        }
    if (any && rect) memcpy(rect, r, sizeof r);
    return any;
}

float terrain_unpack_height(uint8_t r) { return (float)r * TERRAIN_HEIGHT_SCALE + TERRAIN_HEIGHT_OFFSET; }

/* Global sample (gi, gj) in 0 .. nb*24; the block that owns it is the lower one except at the far edge. */
static const uint8_t *sample_ptr(const terrain *t, int gi, int gj)
{
    int bx = gi / SPB, bz = gj / SPB;
    if (bx >= t->nb) bx = t->nb - 1;
    if (bz >= t->nb) bz = t->nb - 1;
    return terrain_block_data(t, bx, bz) + ((gj - bz * SPB) * TERRAIN_BLOCK_SAMPLES + (gi - bx * SPB)) * 4;
}

static void bilinear(const terrain *t, float x, float z, float out[4])
{
    int n = t->nb * SPB;
    float fx = clampf(x / SPACING, 0.0f, (float)n), fz = clampf(z / SPACING, 0.0f, (float)n);
    int i0 = (int)fx, j0 = (int)fz;
    if (i0 > n - 1) i0 = n - 1;
    if (j0 > n - 1) j0 = n - 1;
    float u = fx - (float)i0, v = fz - (float)j0;
    const uint8_t *a = sample_ptr(t, i0, j0), *b = sample_ptr(t, i0 + 1, j0);
    const uint8_t *c = sample_ptr(t, i0, j0 + 1), *e = sample_ptr(t, i0 + 1, j0 + 1);
    for (int k = 0; k < 4; k++)
        out[k] = lerpf(lerpf(a[k], b[k], u), lerpf(c[k], e[k], u), v);
}

float terrain_height(const terrain *t, float x, float z)
{
    float s[4];
    bilinear(t, x, z, s);
    return s[0] * TERRAIN_HEIGHT_SCALE + TERRAIN_HEIGHT_OFFSET;
}

void terrain_sample_at(const terrain *t, float x, float z, terrain_sample *out)
{
    float s[4];
    bilinear(t, x, z, s);
    out->height = s[0] * TERRAIN_HEIGHT_SCALE + TERRAIN_HEIGHT_OFFSET;
    out->grass = s[1] / 255.0f;
    out->softness = s[2] / 255.0f;
    out->mud = s[3] / 255.0f;
}

void terrain_normal(const terrain *t, float x, float z, float out[3])
{
    float hx = terrain_height(t, x + SPACING, z) - terrain_height(t, x - SPACING, z);
    float hz = terrain_height(t, x, z + SPACING) - terrain_height(t, x, z - SPACING);
    float nx = -hx, ny = 2.0f * SPACING, nz = -hz;
    float len = sqrtf(nx * nx + ny * ny + nz * nz);
    out[0] = nx / len;
    out[1] = ny / len;
    out[2] = nz / len;
}

/* terrain.h — the mud level's base terrain: a grid of 16 m blocks of 25 × 25 RGBA8 samples (GL-free).
 *
 *   terrain *t = terrain_create(&(terrain_desc){ .level_size = 512, .seed = 1 });
 *   float h = terrain_height(t, x, z);             // bilinear base height, metres
 *   const uint8_t *rgba = terrain_block_data(t, bx, bz);  // 25*25*4 bytes, row z, column x
 *   terrain_destroy(t);
 *
 * World: x and z run over [0, level_size]; block (bx, bz) covers [16 bx, 16 bx + 16] in x and
 * [16 bz, 16 bz + 16] in z; y is up. Sample (i, j) of a block lies at x = 16 bx + i * 16/24,
 * z = 16 bz + j * 16/24, so sample (24, j) of block bx equals sample (0, j) of block bx + 1:
 * neighbouring blocks share their border samples by construction.
 *
 * Channels: R height, packed as height = R * TERRAIN_HEIGHT_SCALE + TERRAIN_HEIGHT_OFFSET
 * (terrain_unpack_height; the terrain shader mirrors it), G grass (255) / dirt (0) mix, B tint =
 * softness (255 = softest), A mud mask (255 = mud).
 *
 * Generated from stb_perlin: rolling hills, and what the level file (mud/core/level.h) places on
 * them: muddy soft valleys, straight muddy tracks, mud rectangles and discs, roads (baked into
 * per-block road data, mud/core/roads.h: firm, softness 0 and no mud under them), banks around the
 * water areas (WATER_BANK over the surface at the rectangle's edge, so the water ends on a shore). Without a level
 * the terrain is today's default: valleys below 7.2 m and a straight muddy track that starts at
 * the spawn point and runs TERRAIN_TRACK_LENGTH metres along +z (heading 0 faces +z), no roads;
 * assets/levels/default.level states the same and adds roads beside it.
 * Defaults: level_size 512 (64..1024, multiple of 16; a level brings its own), seed 0. Returns
 * NULL (and logs) when the size is invalid or memory runs out.
 */
#ifndef IMPRINT_CORE_TERRAIN_H
#define IMPRINT_CORE_TERRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TERRAIN_BLOCK_SIZE 16.0f /* metres */
#define TERRAIN_BLOCK_SAMPLES 25 /* per side, borders shared */
#define TERRAIN_HEIGHT_SCALE 0.08f  /* metres per R step: 0 .. 20.4 m */
#define TERRAIN_HEIGHT_OFFSET 0.0f
#define TERRAIN_TRACK_LENGTH 120.0f /* metres from the spawn point along +z */
#define TERRAIN_TRACK_HALF_WIDTH 3.5f
#define WATER_BANK 0.3f       /* metres a water area's bank rises over its surface at the edge */
#define WATER_BANK_SLOPE 3.0f /* run over rise of the bank's sides */

typedef struct terrain_desc {
    int level_size; /* metres; default 512 */
    unsigned seed;
    bool flat;      /* tests: every sample at flat_height with flat_softness and flat_mud */
    float flat_height, flat_softness, flat_mud; /* used only when flat; 0..1 for the last two */
    bool mud_everywhere; /* every sample's mud mask at 255 and softness at least 0.5: mud in every block */
    const mud_level *level; /* NULL: the built-in default (valleys and the track); copied */
} terrain_desc;

typedef struct terrain terrain;

/* One bilinear look-up of every channel, decoded. */
typedef struct terrain_sample {
    float height;   /* metres */
    float grass;    /* 0 dirt .. 1 grass */
    float softness; /* 0 hard .. 1 softest */
    float mud;      /* mud mask 0..1 */
} terrain_sample;

terrain *terrain_create(const terrain_desc *desc);
void terrain_destroy(terrain *t);

int terrain_level_size(const terrain *t);
int terrain_blocks_per_side(const terrain *t);
/* Spawn point of the truck, at the start of the track (heading 0, facing +z). */
void terrain_spawn(const terrain *t, float *x, float *z);
/* 25*25*4 bytes of block (bx, bz); rows along z. Asserts the block is inside the level. */
const uint8_t *terrain_block_data(const terrain *t, int bx, int bz);
/* The block's baked road data, 25*25*2 bytes (roads_pack: R edge distance, G across), rows along
 * z; NULL when no road comes near the block. */
const uint8_t *terrain_block_road(const terrain *t, int bx, int bz);
/* Signed distance (metres) to the nearest road's edge, > 0 on a road, bilinear over the baked
 * samples; -ROADS_REACH where there is no road data. */
float terrain_road_edge(const terrain *t, float x, float z);
/* The level the terrain was made from (the built-in default when none was given). */
const mud_level *terrain_level(const terrain *t);
/* True when any sample of the block has a non-zero mud mask. */
bool terrain_block_has_mud(const terrain *t, int bx, int bz);
/* A wheel deforms the ground: the mud mask of the samples within radius metres of (x, z) grows
 * by up to amount (0..1, less towards the edge, saturating at mud), in every block holding the
 * sample; a block gets mud (terrain_block_has_mud) with its first non-zero sample. Returns true
 * when a sample changed; rect (if not NULL) receives the changed global samples, inclusive
 * (gi0, gj0, gi1, gj1, sample (gi, gj) at x = gi * 16/24, z = gj * 16/24). Heights never change. */
bool terrain_mark_mud(terrain *t, float x, float z, float radius, float amount, int rect[4]);

float terrain_unpack_height(uint8_t r);
/* Bilinear over the samples; positions outside the level are clamped to its edge. */
float terrain_height(const terrain *t, float x, float z);
void terrain_sample_at(const terrain *t, float x, float z, terrain_sample *out);
/* Unit normal from central height differences one sample spacing apart. */
void terrain_normal(const terrain *t, float x, float z, float out[3]);

#ifdef __cplusplus
}
#endif

#endif

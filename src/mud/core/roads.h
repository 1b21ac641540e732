/* roads.h — the level's roads baked into per-block road data (GL-free).
 *
 *   roads_sample s = roads_at(lv->roads, lv->nroads, x, z);   // nearest road at (x, z)
 *   uint8_t rg[2]; roads_pack(&s, rg);                          // the per-block texel
 *
 * A road is a polyline with a width (mud/core/level.h). At a point the nearest road gives
 * `edge`, the signed distance to its edge in metres (> 0 on the road, the half width at its
 * centre line), and `across`, the distance to the centre line over the half width (0 centre,
 * 1 edge). Packed for the GPU (two bytes per base sample, rows along z like the base terrain):
 * R = 128 + edge * ROADS_EDGE_SCALE clamped to 0..255 (±4 m around the edge), G = across * 255
 * clamped (255 off the road). The terrain bakes a block's road data only when some sample lies
 * within ROADS_REACH of a road (terrain_block_road), and makes the road firm: softness 0 and no
 * mud under it (the wheels' mud can still grow over it).
 */
#ifndef IMPRINT_CORE_MUD_ROADS_H
#define IMPRINT_CORE_MUD_ROADS_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ROADS_EDGE_SCALE 32.0f /* R steps per metre */
#define ROADS_REACH 4.0f       /* metres past the edge that the data covers */

typedef struct roads_sample {
    float edge;   /* metres, > 0 on the road; -1e9 when there is no road */
    float across; /* 0 centre .. 1 edge (> 1 off the road) */
} roads_sample;

roads_sample roads_at(const level_road *roads, int n, float x, float z);
void roads_pack(const roads_sample *s, uint8_t out[2]);
/* The signed edge distance (metres) of a packed R byte, as the terrain shader unpacks it. */
float roads_unpack_edge(uint8_t r);
/* Bounding box of road i grown by its half width and ROADS_REACH: x0 z0 x1 z1. */
void roads_bounds(const level_road *r, float out[4]);

#ifdef __cplusplus
}
#endif

#endif

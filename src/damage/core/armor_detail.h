/* armor_detail.h — the armor plates' surface detail, baked into the robot's atlas (GL-free).
 *
 *   unsigned char *rgba = malloc((size_t)r->atlas_size * r->atlas_size * 4);
 *   armor_detail_bake(r, rgba);            // what tools/bake_armor writes to assets/damage/
 *
 * A height field is laid over each outer chart, in metres along the plate's surface (the charts
 * are isometric unwraps at texels_per_m, so a millimetre is the same everywhere): bevelled plate
 * edges, panel seams that cut each plate into a few panels, an inset raised panel per cell, bolts
 * at its corners, and vent slots on a few cells. The height's gradient becomes a tangent-space
 * normal (tangent = +u, bitangent = +v of the atlas, as mesh_compute_tangents has them).
 *
 * Layout, atlas_size² RGBA8, row y = atlas texel row y (the damage map's rows, row 0 at v = 0):
 *   R, G  normal x, y (tangent space, 128 = flat)
 *   B     cavity: 255 open surface, darker in seams, vents and around bolts
 *   A     bare metal: 0 painted, up to 255 on worn edges and bolt heads
 * Inner faces and rims stay flat (128, 128, 255, 0); every gutter texel within the atlas gutter
 * copies its nearest chart texel so bilinear and mipmapped lookups never fetch a neighbour's
 * detail at a seam. Deterministic (no random source: hashes of the chart index).
 */
#ifndef IMPRINT_CORE_ARMOR_DETAIL_H
#define IMPRINT_CORE_ARMOR_DETAIL_H

#include <stdbool.h>

#include "damage/core/robot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The flat value of a texel without detail. */
#define ARMOR_DETAIL_FLAT_R 128
#define ARMOR_DETAIL_FLAT_B 255

/* Fills rgba (atlas_size² * 4 bytes). Out of memory: logs, returns false, rgba untouched. */
bool armor_detail_bake(const robot *r, unsigned char *rgba);

/* The detail of an outer chart at a point um, vm metres along its row and up its column, for a
 * row of length len_m and a chart of height h_m; closed: the row wraps (a tube, no side edges).
 * The panel layout (seams, vents) depends on the chart index. */
typedef struct armor_detail_point {
    float height; /* metres: 0 the plate's surface, negative cut in (seams, vents), positive raised */
    float cavity; /* 1 open, down to ~0.3 deep in a seam or a vent */
    float bare;   /* 0 painted, 1 bare metal (worn edge, bolt head) */
    int feature;  /* ARMOR_DETAIL_* bits present at the point */
} armor_detail_point;

enum { ARMOR_DETAIL_EDGE = 1, ARMOR_DETAIL_SEAM = 2, ARMOR_DETAIL_BOLT = 4, ARMOR_DETAIL_VENT = 8, ARMOR_DETAIL_INSET = 16 };

armor_detail_point armor_detail_at(int chart, float um, float vm, float len_m, float h_m, int closed);

#ifdef __cplusplus
}
#endif

#endif

/* damage_atlas.h — the per-texel tables the damage map's atlas textures are made from (GL-free):
 * the dilation's island mask and the debug panels' layout, both from robot_atlas_grid.
 *
 *   int16_t *grid = ...;  robot_atlas_grid(robot, grid);   // n² texels: chart or -1
 *   damage_atlas_islands(grid, n, code);                  // n² bytes: where each texel copies from
 *   damage_atlas_layout(grid, n, layout);                 // n² bytes: charts dim, outlines bright
 *
 * islands: 0 = nowhere (the texel stays 0), else 1 + (dy + 2) * 5 + (dx + 2) for the nearest chart
 * texel (squared distance, the first in row order on a tie) within 2 texels on each axis;
 * DAMAGE_ATLAS_ISLAND (13) is a chart texel itself. A precomputed source keeps dilation at two
 * fetches per texel (shaders/damage_dilate.frag decodes it).
 * layout: 0 empty, DAMAGE_ATLAS_INTERIOR inside a chart, 255 on the two-texel ring of gutter around
 * every chart (any chart texel within 2 on each axis), so a minified panel still shows each
 * island's outline. No allocation, no failure.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_ATLAS_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_ATLAS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DAMAGE_ATLAS_ISLAND 13
#define DAMAGE_ATLAS_INTERIOR 90

void damage_atlas_islands(const int16_t *grid, int n, unsigned char *code);
void damage_atlas_layout(const int16_t *grid, int n, unsigned char *layout);

#ifdef __cplusplus
}
#endif

#endif

/* water.h — the mud world's water on the GPU: one (WATER_RES+1)^2 RGBA32F texture per water block
 * (surface, depth, flow u, v at the cell corners, mud/core/water.h's water_block_vertices) and one
 * grid mesh the vertex shader lifts to the surface (shaders/mud_water.*).
 *
 *   water_renderer *wr = water_renderer_create(&(water_renderer_desc){ .water = w });
 *   each frame:  water_renderer_update(wr);               uploads the active blocks (and each block once)
 *                water_renderer_draw(wr, viewproj, eye);  after the opaque scene: blended, no depth write
 *   view:        tex = water_renderer_view(wr, bx, bz);   RGBA8 of one block: R depth, G speed, B wet
 *   water_renderer_destroy(wr);
 *
 * Shading: Schlick Fresnel (F0 0.02) mixes the sky (common.glsl's sky_color of the reflected ray,
 * plus the sun's glint) over a body colour tinted by the water column's depth (murky brown in the
 * shallows, dark green deep down); the opacity grows with the depth (1 - e^-depth/0.45), so the mud
 * and its ruts show through shallow water; foam where the flow runs faster than 0.7 m/s, broken up
 * by a procedural noise that moves with the simulated time. Dry corners (depth 0) are discarded.
 * Blocks within draw_distance (default 220 m) whose bounds meet the frustum are drawn.
 * Memory: one texture per water block (17 KiB each), made at create; nothing grows afterwards.
 * Failure: create returns NULL after logging (shader or texture error).
 */
#ifndef IMPRINT_MUD_WATER_H
#define IMPRINT_MUD_WATER_H

#include <stddef.h>

#include "mud/core/water.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct water_renderer_desc {
    const water *water;  /* required; read at update */
    float draw_distance; /* metres; default 220 */
} water_renderer_desc;

typedef struct water_renderer water_renderer;

water_renderer *water_renderer_create(const water_renderer_desc *desc);
void water_renderer_destroy(water_renderer *wr);
void water_renderer_update(water_renderer *wr);
void water_renderer_draw(water_renderer *wr, const float viewproj[16], const float eye[3]);
/* The view texture of block (bx, bz) (WATER_RES^2 RGBA8), made now; 0 when it holds no water. */
GLuint water_renderer_view(water_renderer *wr, int bx, int bz);
int water_renderer_blocks_drawn(const water_renderer *wr);
size_t water_renderer_gpu_bytes(const water_renderer *wr);

#ifdef __cplusplus
}
#endif

#endif

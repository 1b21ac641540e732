/* mud_water.h — the mud scene's water, wired: the shallow-water field (mud/core/water.h) over the
 * level's water areas, pushed by the truck's wheels and chassis, felt by the rigid bodies
 * (mud_physics_set_water), carrying the floating mud pieces (its flow around the truck goes to the
 * clod worker with every step: mud_clod_worker_flow) and drawn by src/mud/water.h (app layer;
 * scene_mud.c only calls it).
 *
 *   mud_water *mw = mud_water_create(sim, physics, clod_worker, level);
 *   update:   mud_water_step(mw, dt, on);          after the bodies' drive; timed as the pass water.step
 *   prepare:  mud_water_prepare(mw, on);           uploads the active blocks
 *   draw:     mud_water_draw(mw, frame, on);       after the opaque scene (main pass only)
 *   floating pieces: y = mud_water_float_height(mw, x, z, y);
 *   view `water`, dump `water PATH`, stats: mud_water_view, mud_water_dump, mud_water_stats
 *   mud_water_destroy(mw);
 *
 * on is the layer `water`: off, the water is neither stepped nor drawn, and the bodies do not feel
 * it (it keeps its state and goes on where it stopped when the layer is on again).
 * Failure: create returns NULL after logging (a shader or an invalid level).
 */
#ifndef IMPRINT_APP_MUD_WATER_H
#define IMPRINT_APP_MUD_WATER_H

#include <stdbool.h>

#include "scene/scene.h"
#include "mud/core/mud_clod_worker.h"
#include "mud/core/physics.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_water mud_water;

mud_water *mud_water_create(mud_sim *sim, mud_physics *ph, mud_clod_worker *worker, const mud_level *lv);
void mud_water_destroy(mud_water *mw);
void mud_water_step(mud_water *mw, float dt, bool on);
void mud_water_prepare(mud_water *mw, bool on);
void mud_water_draw(mud_water *mw, const renderer_frame *f, bool on);
/* A floating piece at (x, z) lying at height y: on the water surface where that is higher. */
float mud_water_float_height(const mud_water *mw, float x, float z, float y);
/* View `water`: the block under the truck (R depth, G speed, B wet). */
bool mud_water_view(mud_water *mw, scene_view *out);
/* Dump `water PATH`: 8-bit grey PNG, WATER_RES^2, the depth of the block under the truck in cm. */
bool mud_water_dump(const mud_water *mw, const char *path);
/* water_cells_active, water_blocks, water_blocks_drawn, water_volume_m3, water_substeps */
void mud_water_stats(const mud_water *mw, json_writer *w);

#ifdef __cplusplus
}
#endif

#endif

/* mud_bodies.h — the mud scene's rigid bodies, wired: the physics world (mud/core/physics.h) over
 * the scene's mud_sim and the plants and chunks drawn by src/mud/scene/props.h (app layer; the mud scene
 * calls it, scene_mud.c stays short).
 *
 *   mud_bodies *b = mud_bodies_create(sim, &(mud_bodies_desc){ .seed = seed, .density = {...} });
 *   update:   mud_bodies_drive(b, &vi, dt);          instead of mud_sim_drive; then mud_sim_stamp
 *             crumbs = mud_physics_crumbs(mud_bodies_physics(b), &n);   floating mud where chunks crumbled
 *   draw:     mud_bodies_draw(b, pass, frame, layers);
 *   prepare:  if the view is "physics": tex = mud_bodies_physics_view(b, w, h);
 *   commands: mud_bodies_plant(b, kind, x, z), mud_bodies_chunk(b, x, z, size)   false: logged
 *   mud_bodies_destroy(b);
 *
 * The plants are scattered once at create from the level file's items (`plants KIND PER_HECTARE
 * X0 Z0 X1 Z1`), each from its own stream of the seed, off the level's tracks and roads. Drawing: plants and chunks within 160 m of the camera (the shadow
 * pass: around the shadow focus), one instanced draw per model.
 * Failure: create returns NULL after logging (ODE or a shader).
 */
#ifndef IMPRINT_APP_MUD_BODIES_H
#define IMPRINT_APP_MUD_BODIES_H

#include <stdbool.h>

#include "scene/scene.h"
#include "mud/core/level.h"
#include "mud/core/physics.h"
#include "mud/scene/props.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_bodies_desc {
    unsigned seed;
    const mud_level *level; /* its plant items are scattered; NULL: no plants */
} mud_bodies_desc;

typedef struct mud_bodies mud_bodies;

mud_bodies *mud_bodies_create(mud_sim *sim, const mud_bodies_desc *desc);
void mud_bodies_destroy(mud_bodies *b);
mud_physics *mud_bodies_physics(mud_bodies *b);

void mud_bodies_drive(mud_bodies *b, const vehicle_input *in, float dt);
/* layers: MUD_PROPS_PLANTS | MUD_PROPS_CHUNKS */
void mud_bodies_draw(mud_bodies *b, scene_pass pass, const renderer_frame *f, const vec3 shadow_focus, unsigned layers);
GLuint mud_bodies_physics_view(mud_bodies *b, int width, int height);

/* Script `plant tree|rock X Z` and `chunk X Z SIZE` (level coordinates, as `truck`): false (and a
 * logged reason) when the point is outside the level or the chunks are full. */
bool mud_bodies_plant(mud_bodies *b, plant_kind kind, float x, float z);
bool mud_bodies_chunk(mud_bodies *b, float x, float z, float size);

/* stats: physics_ms, bodies, plants_drawn, plants_active, plants_down, chunks, chunks_broken;
 * bench: physics_ms {median, p95, drives, bodies_max}. */
void mud_bodies_stats(const mud_bodies *b, json_writer *w);
void mud_bodies_bench(const mud_bodies *b, json_writer *w);

#ifdef __cplusplus
}
#endif

#endif

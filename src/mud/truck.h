/* truck.h — the truck on the GPU: its parts and wheels, lit, with the mud they picked up: a dirt
 * map in one atlas of the whole truck, painted through the damage map's surface API (damage.h).
 *
 *   mud_truck *t = mud_truck_create(&(mud_truck_desc){ .vehicle = vehicle_get_desc(v) });
 *   each step:  mud_truck_paint(t, v, dirt.splat, dirt.splats);   where mud landed (truck_dirt.h)
 *               mud_truck_wash(t, v, water_y, amount);            under the water line
 *               mud_truck_update(t, dt);                          the drying's schedule
 *   each frame: mud_truck_prepare(t);                             the dirt map's due GPU passes
 *   shadow pass: mud_truck_draw(t, MUD_PASS_SHADOW, v);  main pass: mud_truck_draw(t, MUD_PASS_MAIN, v);
 *   mud_truck_set_boxes(t, true);                  the parts as their bounding boxes (truck.detail off)
 *   mud_truck_clean(t);                            a respawned truck is clean
 *   mud_truck_destroy(t);
 *
 * The model (mud/core/truck_model.h) is laid out in one MUD_TRUCK_ATLAS² atlas (mud/core/
 * truck_atlas.h: body parts, then each wheel's own tyre and rim); the damage map of that surface
 * (damage_map_create) is the dirt map: each splat a damage_blast at the pose of its moment (body
 * parts at the body matrix, each wheel's meshes at its wheel matrix, so a splat on a tyre turns on
 * with it), R its coverage, max-blended; the fading map is the mud's wetness: painted with it,
 * faded once a second by MUD_TRUCK_DRY_FACTOR (a minute from wet to dry); the wash lowers both
 * below the water's plane (damage_map_wash). Nothing is uploaded per frame: the map is painted on
 * the GPU. The truck program (shaders/mud_truck.*) darkens, browns and roughens the paint where the
 * map is, lighter where dried, with drips below the splats on the sides. Set boxes rebuilds the
 * atlas and a new map (the mud on the truck is lost). The glass and the lights cast no shadow; the
 * lights are emissive in HDR, so bloom takes them.
 * Failure: create returns NULL after logging (a shader error, the atlas not fitting).
 */
#ifndef IMPRINT_MUD_TRUCK_H
#define IMPRINT_MUD_TRUCK_H

#include <stdbool.h>

#include "damage/damage.h"
#include "mud/core/truck_atlas.h"
#include "mud/core/truck_dirt.h"
#include "mud/core/vehicle.h"
#include "mud/mud.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUD_TRUCK_ATLAS 512
#define MUD_TRUCK_DRY_HZ 1.0f
#define MUD_TRUCK_DRY_FACTOR 0.96f
#define MUD_TRUCK_LOWER_Y 0.3f /* body space: sills, arches, chassis, bumpers (the cab's belt is at 0.62) */

typedef struct mud_truck_desc {
    const vehicle_desc *vehicle; /* required */
    bool boxes;                  /* start with the bounding-box model */
} mud_truck_desc;

typedef struct mud_truck mud_truck;

/* What the dirt map says (a read back of the atlas: mud_truck_measure). */
typedef struct mud_truck_dirt {
    float mean;     /* the `truck_dirt` stat: half the tyres' mean coverage, half the lower body's */
    float max;      /* `truck_dirt_max`: the most covered texel of the whole truck */
    float wet;      /* mean wetness where covered */
} mud_truck_dirt;

mud_truck *mud_truck_create(const mud_truck_desc *desc);
void mud_truck_destroy(mud_truck *t);
void mud_truck_set_boxes(mud_truck *t, bool boxes);
/* Off: the truck drawn clean and nothing painted (truck.dirt). */
void mud_truck_set_dirt_on(mud_truck *t, bool on);
void mud_truck_paint(mud_truck *t, const vehicle *v, const truck_splat *s, int n);
/* Lowers the map below the horizontal plane y = water_y (world) by amount (0..1]. */
void mud_truck_wash(mud_truck *t, const vehicle *v, float water_y, float amount);
void mud_truck_update(mud_truck *t, float dt);
void mud_truck_prepare(mud_truck *t);
void mud_truck_clean(mud_truck *t);
void mud_truck_draw(mud_truck *t, mud_pass pass, const vehicle *v);
/* Reads the map back (atlas² x 4 bytes; on demand: the stats, tests). */
mud_truck_dirt mud_truck_measure(mud_truck *t);
damage_map *mud_truck_dirt_map(mud_truck *t);
/* The atlas' meshes (mud/core/truck_atlas.h's order) and its pose for a vehicle: models holds
 * TRUCK_ATLAS_MESHES matrices. */
int mud_truck_pose(const mud_truck *t, const vehicle *v, mat4 *models);
const truck_atlas *mud_truck_atlas(const mud_truck *t);
/* The region each atlas texel counts in for the stat: 0 none, 1 lower body (a body part's texel
 * below MUD_TRUCK_LOWER_Y in body space), 2 tyre; atlas² bytes, rows as the map's. */
const unsigned char *mud_truck_texel_regions(const mud_truck *t);

#ifdef __cplusplus
}
#endif

#endif

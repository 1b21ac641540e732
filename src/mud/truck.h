/* truck.h — the truck on the GPU: its parts and wheels, lit, with the mud they picked up.
 *
 *   mud_truck *t = mud_truck_create(&(mud_truck_desc){ .vehicle = vehicle_get_desc(v) });
 *   each frame: mud_truck_set_dirt(t, &dirt);      the dirt mask (mud/core/truck_dirt.h)
 *   shadow pass: mud_truck_draw(t, MUD_PASS_SHADOW, v);  main pass: mud_truck_draw(t, MUD_PASS_MAIN, v);
 *   mud_truck_set_boxes(t, true);                  the parts as their bounding boxes (truck.detail off)
 *   mud_truck_destroy(t);
 *
 * Owns the model's meshes (mud/core/truck_model.h), the dirt mask texture (R8, TRUCK_DIRT_TEX_W x
 * TRUCK_DIRT_TEX_H, 544 bytes sent when the mask changed) and the truck program (main and shadow
 * caster: shaders/mud_truck.*). The glass and the lights cast no shadow; the lights are emissive
 * in HDR (truck_model.h), so bloom takes them. Failure: create returns NULL after logging (a
 * shader error).
 */
#ifndef IMPRINT_MUD_TRUCK_H
#define IMPRINT_MUD_TRUCK_H

#include <stdbool.h>

#include "mud/core/truck_dirt.h"
#include "mud/core/vehicle.h"
#include "mud/mud.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_truck_desc {
    const vehicle_desc *vehicle; /* required */
    bool boxes;                  /* start with the bounding-box model */
} mud_truck_desc;

typedef struct mud_truck mud_truck;

mud_truck *mud_truck_create(const mud_truck_desc *desc);
void mud_truck_destroy(mud_truck *t);
void mud_truck_set_boxes(mud_truck *t, bool boxes);
void mud_truck_set_dirt(mud_truck *t, const truck_dirt *td);
void mud_truck_draw(mud_truck *t, mud_pass pass, const vehicle *v);

#ifdef __cplusplus
}
#endif

#endif

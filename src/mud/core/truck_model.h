/* truck_model.h — the procedural truck: body parts in body space, one wheel in wheel space (GL-free).
 *
 *   truck_model tm;
 *   truck_model_build(&tm, vehicle_get_desc(v));         or truck_model_build_boxes: the same
 *   draw tm.body[i].mesh with vehicle_body_matrix,        parts as their bounding boxes (the
 *   tm.wheel[k].mesh with vehicle_wheel_matrix(v, w)      panel's truck.detail off)
 *   truck_model_free(&tm);
 *
 * Body space is the vehicle's (vehicle.h): origin at the centre of mass, +z forward, +y up.
 * Parts are separate meshes with their own colour: chassis (frame, bumpers, exhaust), cab (with
 * the bonnet), bed, trim (mudguards over every wheel, grille, steps, bed rails), glass (windscreen,
 * side and rear windows between the pillars), head lights and tail lights (emissive in HDR: the
 * colour times TRUCK_LIGHT_GAIN, so the post stack's bloom takes them).
 * The wheel is centred on its hub with the axle along x, so the renderer turns it with the
 * wheel's spin and steer: a tyre of desc->tread_lugs chevron lugs, desc->tread_depth high, over a
 * carcass (lug i at spin angle 2 pi i / lugs, where mud_prim_tread puts its print; the carcass a
 * rounded lathe whose sidewalls bulge past the tread, matte near-black rubber), a dark steel rim of
 * half the radius inside its bead, with a hub and wheel nuts. Sizes follow the vehicle desc (wheel radius and width, track, wheelbase).
 * Allocation failure aborts (mesh.h).
 */
#ifndef IMPRINT_CORE_TRUCK_MODEL_H
#define IMPRINT_CORE_TRUCK_MODEL_H

#include "base/mesh.h"
#include "mud/core/vehicle.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { TRUCK_CHASSIS, TRUCK_CAB, TRUCK_BED, TRUCK_TRIM, TRUCK_GLASS, TRUCK_LIGHTS, TRUCK_TAIL, TRUCK_BODY_PARTS };
enum { TRUCK_TYRE, TRUCK_RIM, TRUCK_WHEEL_PARTS };
#define TRUCK_LIGHT_GAIN 6.0f

typedef struct truck_part {
    mesh_data mesh;
    float color[3];    /* linear RGB */
    float emissive[3]; /* linear HDR */
    float spec;        /* specular strength */
} truck_part;

typedef struct truck_model {
    truck_part body[TRUCK_BODY_PARTS];
    truck_part wheel[TRUCK_WHEEL_PARTS];
} truck_model;

void truck_model_build(truck_model *tm, const vehicle_desc *d);
void truck_model_build_boxes(truck_model *tm, const vehicle_desc *d);
void truck_model_free(truck_model *tm);

#ifdef __cplusplus
}
#endif

#endif

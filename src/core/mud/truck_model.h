/* truck_model.h — the procedural truck: body parts in body space, one wheel in wheel space (GL-free).
 *
 *   truck_model tm;
 *   truck_model_build(&tm, vehicle_get_desc(v));
 *   draw tm.body[i].mesh with vehicle_body_matrix, tm.wheel[k].mesh with vehicle_wheel_matrix(v, w)
 *   truck_model_free(&tm);
 *
 * Body space is the vehicle's (vehicle.h): origin at the centre of mass, +z forward, +y up.
 * Parts are separate meshes with their own colour: chassis frame, cab, bed, glass, lights.
 * The wheel (tyre with tread blocks, rim) is centred on its hub with the axle along x, so the
 * renderer turns it with the wheel's spin and steer. Sizes follow the vehicle desc (wheel radius
 * and width, track, wheelbase). Allocation failure aborts (mesh.h).
 */
#ifndef IMPRINT_CORE_TRUCK_MODEL_H
#define IMPRINT_CORE_TRUCK_MODEL_H

#include "core/base/mesh.h"
#include "core/mud/vehicle.h"

enum { TRUCK_CHASSIS, TRUCK_CAB, TRUCK_BED, TRUCK_GLASS, TRUCK_LIGHTS, TRUCK_BODY_PARTS };
enum { TRUCK_TYRE, TRUCK_RIM, TRUCK_WHEEL_PARTS };

typedef struct truck_part {
    mesh_data mesh;
    float color[3]; /* linear RGB */
} truck_part;

typedef struct truck_model {
    truck_part body[TRUCK_BODY_PARTS];
    truck_part wheel[TRUCK_WHEEL_PARTS];
} truck_model;

void truck_model_build(truck_model *tm, const vehicle_desc *d);
void truck_model_free(truck_model *tm);

#endif

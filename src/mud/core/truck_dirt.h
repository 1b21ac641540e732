/* truck_dirt.h — the truck's dirt mask: mud that builds up on the tyres and lower body (GL-free).
 *
 *   truck_dirt td;
 *   truck_dirt_init(&td, vehicle_get_desc(v));
 *   each fixed step, after the truck moved: truck_dirt_step(&td, v, dt);
 *   truck_dirt_amount(&td)              0..1, the `truck_dirt` stat
 *   truck_dirt_pack(&td, bytes)         TRUCK_DIRT_TEX_W x TRUCK_DIRT_TEX_H R8 (the mask texture)
 *   truck_dirt_clean(&td)               a respawned truck is clean
 *
 * The mask is a grid per side of the body (x < 0 first) of TRUCK_DIRT_W cells along z (rear to
 * front over z0..z1, body space) by TRUCK_DIRT_H cells up (y0, the tyre bottoms, to y1), and one
 * value per tyre (the last texel row). A wheel in contact whose tyre is in the mud (sink or
 * penetration) throws mud at a rate of depth x (rolling speed + 2.4 x spin slip): its tyre
 * takes it first, the body cells on its side within 1.3 m along z take it falling off with height,
 * higher when the wheel spins. Every value saturates at 1 (a cell that is half dirty takes half as
 * much); nothing washes off. Hard ground (no sink) throws nothing. Pure arithmetic on the
 * vehicle's state: the same steps give the same mask.
 */
#ifndef IMPRINT_CORE_TRUCK_DIRT_H
#define IMPRINT_CORE_TRUCK_DIRT_H

#include <stdint.h>

#include "mud/core/vehicle.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRUCK_DIRT_W 32
#define TRUCK_DIRT_H 8
#define TRUCK_DIRT_TEX_W TRUCK_DIRT_W
#define TRUCK_DIRT_TEX_H (2 * TRUCK_DIRT_H + 1)

typedef struct truck_dirt {
    float z0, z1, y0, y1; /* body-space span of the grids */
    float cell[2][TRUCK_DIRT_H][TRUCK_DIRT_W];
    float tyre[VEHICLE_MAX_WHEELS];
    int wheels;
} truck_dirt;

void truck_dirt_init(truck_dirt *td, const vehicle_desc *d);
void truck_dirt_clean(truck_dirt *td);
void truck_dirt_step(truck_dirt *td, const vehicle *v, float dt);
/* Half the tyres' mean, half the mean of the lower half of the body cells. */
float truck_dirt_amount(const truck_dirt *td);
void truck_dirt_pack(const truck_dirt *td, uint8_t out[TRUCK_DIRT_TEX_W * TRUCK_DIRT_TEX_H]);

#ifdef __cplusplus
}
#endif

#endif

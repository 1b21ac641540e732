/* truck_dirt.h — where mud lands on the truck: splats for its dirt map (GL-free).
 *
 *   truck_dirt td;
 *   truck_dirt_init(&td, vehicle_get_desc(v), seed);
 *   each fixed step, after the truck moved: truck_dirt_step(&td, v, dt);
 *   a clod that hit the truck:             truck_dirt_hit(&td, pos, size);
 *   then td.splat[0 .. td.splats - 1]      world spheres the dirt map paints (mud/truck.h's
 *                                          mud_truck_paint, through the damage map's unwrap)
 *   truck_dirt_clean(&td)                  a respawned truck is clean (its map is cleared too)
 *
 * A wheel in contact whose tyre is in the mud (sink or penetration) throws mud at a rate of depth x
 * (rolling speed + 2.4 x spin slip): TRUCK_DIRT_SPLATS splats per unit of that (depth as a fraction
 * of half the wheel radius), half on its tyre's tread (a random angle and offset across it, wheel
 * space), a quarter in its arch (the mudguard over it), a quarter on the body side within 1.3 m
 * along z, lower more often, higher when the wheel spins. The chassis bottoming out (the mud over
 * the tyre bottoms, averaged over the wheels in contact, deeper than the chassis' clearance) puts
 * splats on the underbody. A clod that hits the truck is a splat where it hit. Splats of one step
 * beyond TRUCK_DIRT_MAX_SPLATS are dropped (counted in dropped). Hard ground (no sink) throws
 * nothing. Randomness from the seed only: the same steps give the same splats.
 */
#ifndef IMPRINT_CORE_TRUCK_DIRT_H
#define IMPRINT_CORE_TRUCK_DIRT_H

#include "base/rng.h"
#include "mud/core/vehicle.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRUCK_DIRT_MAX_SPLATS 64
#define TRUCK_DIRT_SPLATS 10.0f
/* The chassis' lowest point above the hubs at rest and its clearance over the tyre bottoms
 * (truck_model.c: the frame rails' bottom at body y -0.44). */
#define TRUCK_DIRT_BELLY_Y (-0.44f)
/* the spray's flight (bb_emit.c's bb_emit_spray) and its splats */
#define TRUCK_SPRAY_SPREAD 0.6f
#define TRUCK_SPRAY_UP_MIN 1.5f
#define TRUCK_SPRAY_UP_MAX 3.0f
#define TRUCK_SPRAY_LIFE_MIN 0.5f
#define TRUCK_SPRAY_LIFE_MAX 0.9f
#define TRUCK_SPRAY_DRAG 1.5f
#define TRUCK_SPRAY_GRAVITY 0.5f
#define TRUCK_SPRAY_AGE 0.1f    /* seconds: a younger particle is still leaving its own tyre */
#define TRUCK_SPRAY_RADIUS_MIN 0.03f /* metres: a third of a clod's splat */
#define TRUCK_SPRAY_RADIUS_MAX 0.06f

typedef struct truck_splat {
    float pos[3]; /* world */
    float radius; /* metres */
} truck_splat;

typedef struct truck_dirt {
    float owed[VEHICLE_MAX_WHEELS + 1]; /* splats owed per wheel, then the belly */
    float clearance;                    /* metres of mud over the tyre bottoms the belly starts at */
    float box_c[3], box_h[3];           /* the body's box in body space (truck_dirt_box) */
    int wheels;
    rng r;
    rng spray_r;                        /* the spray's own (truck_dirt_spray): the splats of a step keep theirs */
    truck_splat splat[TRUCK_DIRT_MAX_SPLATS];
    int splats;                         /* of this step (step clears them; hits add) */
    long long total, dropped;           /* ever */
    long long spray_hits;               /* spray particles that hit the truck, ever (truck_dirt_spray) */
} truck_dirt;

void truck_dirt_init(truck_dirt *td, const vehicle_desc *d, unsigned seed);
void truck_dirt_clean(truck_dirt *td);
void truck_dirt_step(truck_dirt *td, const vehicle *v, float dt);
void truck_dirt_hit(truck_dirt *td, const float pos[3], float radius);
/* A wheel's spray (count particles thrown from at with velocity vel, as the scene's fx spray
 * throws them: each gets +-TRUCK_SPRAY_SPREAD m/s on every axis, TRUCK_SPRAY_UP_MIN..MAX more upwards, a
 * life of TRUCK_SPRAY_LIFE_MIN..MAX, drag TRUCK_SPRAY_DRAG and TRUCK_SPRAY_GRAVITY of gravity; bb_emit.h's
 * spray, drawn by the billboard module, whose particles this module cannot see): each particle is
 * flown here, at the truck's pose of this step, in 1/60 s steps, and the first point where one
 * older than TRUCK_SPRAY_AGE is inside the truck from its frame rails' bottom up (the body's box of
 * truck_dirt_box, down to TRUCK_DIRT_BELLY_Y: arches, frame, sills, the next tyre) is a small
 * splat there (TRUCK_SPRAY_RADIUS_MIN..MAX). Adds to this step's splats, so call it
 * after truck_dirt_step; returns the particles that hit (also added to spray_hits). */
int truck_dirt_spray(truck_dirt *td, const vehicle *v, const float at[3], const float vel[3], int count);
/* The body's box the clods hit (clods.h's clods_box): above the tyres' tops, the body's width and
 * length, roof high; world -> box space (column-major) and its half extents. */
void truck_dirt_box(const truck_dirt *td, const vehicle *v, float world_to_box[16], float half[3]);

#ifdef __cplusplus
}
#endif

#endif

/* physics.h — the mud scene's rigid-body world on the Open Dynamics Engine (GL-free).
 *
 *   mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){ .seed = 1 });
 *   mud_physics_add_plant(ph, PLANT_TREE, x, z, 0);         // or mud_physics_scatter(...)
 *   mud_physics_add_chunk(ph, x, z, 0.8f);
 *   each fixed step, instead of mud_sim_drive:
 *       mud_physics_drive(ph, &(vehicle_input){ .throttle = 1 }, 1.0f / 60.0f);
 *       mud_sim_stamp(sim);                                   // the wheels into the mud, as before
 *   mud_physics_stats_get(ph, &st);                           // bodies, plants_down, chunks ...
 *   mud_physics_destroy(ph);
 *
 * One ODE world (double precision, Debian's libode-dev), stepped VEHICLE_SUBSTEPS times per fixed
 * step (dWorldQuickStep, 20 iterations), with gravity -9.81 y. Geoms live in one simple space, so
 * pairs are visited in creation order and a run is deterministic; ODE's own random numbers
 * (constraint order) are seeded from the desc and saved between drives, so two worlds in one
 * process do not disturb each other.
 * Terrain: one heightfield geom over the whole level, one sample per base sample (16/24 m),
 * read through a callback: the hard floor under the mud (mudfield_floor_height: the base where
 * there is no mud), so bodies sink through liquid mud down to it and the live mud mask is seen.
 * Truck: the chassis is an ODE body (box 2.4 x 1.6 x 6 m, the vehicle's mass and inertia) and
 * the wheels stay the project's raycast model (vehicle_forces: sink by softness, mud drag, loss
 * of grip, getting stuck), their force and torque added to the body every sub-step. A sphere of
 * wheel radius at every hub pushes plants and chunks (it does not touch the terrain: the
 * suspension carries the truck). vehicle_place (mud_sim_place_truck, the script's `truck`) is
 * seen at the next drive and moves the body there.
 * Trees: a capsule body on a ball joint at its foot plus our own bending spring (torque
 * plant_tree_stiffness * bend, damped); bent past PLANT_TREE_BREAK_ANGLE the joint is removed and
 * the tree falls (plants_down). Rocks: dynamic spheres of rock density. Bushes: drawn only.
 * Chunks (mud/core/chunk.h): boxes with buoyancy and drag from the mud surface over them; the
 * contact force of the truck on a chunk (joint feedback) past chunk_break_force splits it
 * (chunk_split); a chunk too small to split crumbles into floating mud (mud_physics_crumbs).
 * Marks: the world registers itself with the sim (mud_sim_set_marks): every mud_sim_stamp, after
 * the wheels, each body pressing into the mud (a chunk, a rock, a felled trunk, the chassis
 * bottoming out) that moved, turned or sank since its last stamp gives the bottom it presses with
 * (mudfield_body), stamped like a wheel (physics_marks.c); at most MUD_SIM_MAX_MARKS a step. A
 * chunk's buoyancy reads the mud's level around it, past its berm, not its own dent.
 * Active set: the blocks whose centre lies within active_radius of the truck. Only their plants,
 * and the chunks lying in them, have bodies; when a block goes inactive its bodies are removed and
 * the poses (bent, fallen, floating) stay in the records. At most max_bodies dynamic bodies exist
 * (the truck included): past it, plants and chunks stay frozen until a body is free.
 * Memory: ODE's step memory is reserved up front (dWorldSetStepMemoryReservationPolicy, and one
 * tiny step at create) and kept; contacts go into one joint group, grown at create to 2048 contact
 * joints (the most a sub-step makes; more are dropped) and emptied after every sub-step; slots,
 * chunk records and contact feedback are fixed arrays made at create. A step allocates nothing,
 * ODE included (unit_physics_alloc), except when bodies are made: blocks changing activity,
 * chunks breaking, commands adding things.
 */
#ifndef IMPRINT_CORE_PHYSICS_H
#define IMPRINT_CORE_PHYSICS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/json.h"
#include "mud/core/chunk.h"
#include "mud/core/mud_sim.h"
#include "mud/core/plants.h"
#include "mud/core/water.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUD_PHYSICS_MAX_BODIES 256  /* dynamic bodies, the truck included (the documented cap) */
#define MUD_PHYSICS_MAX_CHUNKS 1024 /* chunk records, alive or frozen */
#define MUD_PHYSICS_MAX_CRUMBS 64   /* crumbled chunks reported per drive */
#define MUD_PHYSICS_HISTORY 4096    /* drives whose wall time the bench's median sees */

typedef struct mud_physics_desc {
    float active_radius; /* metres from the truck to a block's centre; default 28 */
    int max_bodies;      /* default and at most MUD_PHYSICS_MAX_BODIES */
    uint64_t seed;
} mud_physics_desc;

typedef struct mud_chunk {
    float pos[3]; /* centre, world */
    float rot[4]; /* versor (x, y, z, w) */
    float size;   /* metres: size x size/2 x size */
    bool alive;
    int body;     /* slot, -1 when frozen (outside the active blocks) */
    float pore_density; /* kg/m^3 of the liquid in its open pores (chunk.h): mud 1700, water 1000 */
    float soak;         /* seconds in water; at CHUNK_SOAK_TIME it crumbles */
} mud_chunk;

/* A chunk that crumbled: where floating mud particles should appear. */
typedef struct mud_crumb {
    float pos[3], vel[3];
    float size;
} mud_crumb;

typedef enum mud_shape_type { MUD_SHAPE_BOX, MUD_SHAPE_SPHERE, MUD_SHAPE_CAPSULE } mud_shape_type;
/* A collision shape for the debug view: matrix[16] (column-major, shape space -> world) and its
 * dimensions: box full extents x y z; sphere radius in [0]; capsule radius [0] and the length of
 * its cylinder [1], along the shape's y. */
typedef struct mud_shape {
    float matrix[16];
    float dims[3];
    uint8_t type;   /* mud_shape_type */
    uint8_t owner;  /* 0 truck, 1 plant, 2 chunk */
} mud_shape;

typedef struct mud_physics_stats {
    int bodies;          /* dynamic bodies, truck included */
    int plants_active;   /* plants with a body */
    int plants_down;     /* trees snapped, cumulative */
    int chunks;          /* alive */
    int chunks_broken;   /* breaks, cumulative (a crumble counts) */
    int chunks_crumbled; /* cumulative */
    int blocks_active;
    int contacts;        /* of the last sub-step */
    float step_ms;       /* wall time of the last mud_physics_drive */
} mud_physics_stats;

typedef struct mud_physics mud_physics;

/* The world over sim's terrain, truck and mud field (sim must outlive it). Returns NULL when ODE
 * cannot start or memory runs out (logged). */
mud_physics *mud_physics_create(mud_sim *sim, const mud_physics_desc *desc);
void mud_physics_destroy(mud_physics *ph);

/* The truck and every body over dt (fixed step), in VEHICLE_SUBSTEPS sub-steps; then the active set. */
void mud_physics_drive(mud_physics *ph, const vehicle_input *in, float dt);

/* A plant at (x, z) (size <= 0: the kind's default); its body appears at the next drive when its
 * block is active. Returns the plant's index, or -1 when memory runs out (logged). */
int mud_physics_add_plant(mud_physics *ph, plant_kind kind, float x, float z, float size);
int mud_physics_scatter(mud_physics *ph, const plants_scatter_desc *d);
/* A chunk dropped onto the mud at (x, z), size clamped to CHUNK_MIN_SIZE..CHUNK_MAX_SIZE. Returns
 * its index, or -1 when MUD_PHYSICS_MAX_CHUNKS are alive. */
int mud_physics_add_chunk(mud_physics *ph, float x, float z, float size);

plant_set *mud_physics_plants(mud_physics *ph);
const mud_chunk *mud_physics_chunks(const mud_physics *ph, int *capacity); /* alive where .alive */
/* The chunks that crumbled in the last drive. */
const mud_crumb *mud_physics_crumbs(const mud_physics *ph, int *count);
void mud_physics_stats_get(const mud_physics *ph, mud_physics_stats *out);
/* Into the open object w. stats: physics_ms (the last drive), bodies, plants_active, plants_down,
 * chunks, chunks_broken. bench: "physics_ms": {median, p95, drives, bodies_max} over the last
 * MUD_PHYSICS_HISTORY drives. */
void mud_physics_write_stats(const mud_physics *ph, json_writer *w);
void mud_physics_write_bench(const mud_physics *ph, json_writer *w);
/* Up to max shapes of the bodies that exist; returns how many were written. */
int mud_physics_shapes(const mud_physics *ph, mud_shape *out, int max);

/* The water the bodies meet (mud/core/water.h; NULL: none, the default): every sub-step its
 * water_body_force acts on the truck's wheels (drag towards the flow; their buoyancy is left out:
 * it would lift the tyres out of the mud and make the truck faster in water) and chassis box (a
 * tenth of its volume buoyant: it is no boat), so the truck slows in deep water, and on every
 * chunk body (buoyancy of WATER_DENSITY and the drag: in water a chunk's open pores fill with water,
 * which makes it lighter than water, so it floats and drifts with the flow until it has soaked for
 * CHUNK_SOAK_TIME and crumbles into floating mud, chunk.h; over mud it floats in the mud as before).
 * A chunk added where the water's surface is over the mud is dropped onto the water, its pores
 * full of water. The water must outlive the world or be unset. */
void mud_physics_set_water(mud_physics *ph, const water *w);

/* A force (world, newtons) on plant i's body during the next drive, at height `at` over its foot:
 * for tests and gameplay pushes; nothing when the plant has no body. */
void mud_physics_push_plant(mud_physics *ph, int i, const float force[3], float at);
/* The bend of plant i (radians from upright; 0 for a plant that is not a tree). */
float mud_physics_plant_bend(const mud_physics *ph, int i);

#ifdef __cplusplus
}
#endif

#endif

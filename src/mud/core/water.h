/* water.h — shallow water in the mud world: a height field per 16 m block, simulated only in the
 * active blocks (GL-free).
 *
 *   water *w = water_create(&(water_desc){ .level_size = 512, .areas = lv->water, .nareas = lv->nwater,
 *                                          .ground = ground_fn, .user = terrain });
 *   each fixed step:
 *       water_set_active(w, truck_x, truck_z);              blocks whose centre is within active_radius
 *       water_step(w, dt, pushers, npushers);               wheels and chassis push the water
 *   water_sample(w, x, z, &s);                              surface, depth and flow at a point
 *   water_block_vertices(w, bx, bz, v);                     (WATER_RES+1)^2 x {surface, depth, u, v}
 *   water_block_dump(w, bx, bz, px);                        WATER_RES^2 bytes: depth in cm
 *   water_destroy(w);
 *
 * Cells: WATER_RES x WATER_RES per block (WATER_CELL = 0.5 m), cell (i, j) of block (bx, bz)
 * centred at x = 16 bx + (i + 0.5) * WATER_CELL, z likewise. Only blocks that some water area
 * (`water X0 Z0 X1 Z1 SURFACE_Y` of the level) overlaps get storage. A cell is wet-capable when its
 * centre lies inside an area; its ground is desc.ground at the centre (sampled once at create) and
 * its starting depth max(0, SURFACE_Y - ground). Water never leaves the areas: a face to a cell
 * outside them is a wall, and so is the edge of the level.
 * Scheme: a staggered grid (depth at the cell centres, velocity on the faces, each block owning
 * its -x and -z faces), the linearised momentum equation with gravity and bottom friction, and the
 * continuity equation in flux form with the upwind depth on each face and every cell's outflow
 * limited to what it holds: depth never goes negative and the volume moves from cell to cell, so
 * it is conserved up to float rounding. A wave runs at sqrt(g h).
 * Stability: water_step clamps dt to max_dt (default 0.1 s: after a stall the water lags rather than
 * blowing up) and divides it into sub-steps that keep (sqrt(g h_max) + |u|_max) dt / WATER_CELL
 * under 0.5, at most WATER_MAX_SUBSTEPS; face speeds are clamped to what one sub-step can carry.
 * Activity: only active blocks are stepped; a block that goes inactive has its velocities zeroed
 * and keeps its depths (at rest); the faces between an active and an inactive block are walls, so
 * an inactive block never changes.
 * Pushers (wheels, the chassis): a disc of radius r at pos moving at vel, reaching down to bottom.
 * Where it dips into the water, the faces under it are pulled towards its velocity (weighted by
 * the submerged fraction), and the faces around its front pushed outwards: the moving submerged
 * volume heaps water in front (a bow wave) and leaves a trough behind (a wake).
 * Water standing in ruts (desc.rutted, the ground as the wheels left it): a cell outside the areas
 * but within WATER_SEEP_REACH of one is a seep cell, its water table that area's surface. Near the
 * truck (WATER_SEEP_RADIUS of the active centre) each step a seep cell takes the lowest of five
 * points of the rutted ground in it as its bottom; where that bottom lies under the table, the
 * rut fills towards 3/4 of its own depth (never above the table) at WATER_SEEP_RATE: ground water
 * seeping in, not a flow (its faces are walls, so it is not counted in the conserved volume's flux
 * but is in water_volume); undisturbed ground stays dry. Without desc.rutted there are none.
 * Deterministic: single-threaded float arithmetic in a fixed order.
 * Failure: create returns NULL when the desc is invalid (no ground, bad size) or memory runs out
 * (logged).
 */
#ifndef IMPRINT_CORE_MUD_WATER_H
#define IMPRINT_CORE_MUD_WATER_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WATER_RES 32           /* cells per block side */
#define WATER_CELL 0.5f        /* metres: 16 / WATER_RES */
#define WATER_MAX_SUBSTEPS 16
#define WATER_DRY 0.005f       /* metres: a cell shallower than this is dry */
#define WATER_SEEP_REACH 8.0f   /* metres from an area within which ruts fill with water */
#define WATER_SEEP_RADIUS 5.0f  /* metres from the truck within which seep cells look at their ruts */
#define WATER_SEEP_RATE 1.5f    /* 1/s: how fast a rut fills or drains */
#define WATER_DUMP_SCALE 100.0f /* water_block_dump: bytes per metre of depth (1 cm steps) */

typedef float (*water_ground_fn)(void *user, float x, float z);

typedef struct water_desc {
    int level_size;            /* metres, multiple of 16; required */
    const level_water *areas;  /* the level's water areas */
    int nareas;
    water_ground_fn ground;    /* required: ground height under the water */
    water_ground_fn rutted;    /* optional: the ground with the ruts (seep cells, above); same user */
    void *user;
    float gravity;             /* default 9.81 */
    float friction;            /* bottom friction coefficient (quadratic); default 0.004 */
    float damping;             /* 1/s linear damping of the flow; default 0.05 */
    bool frictionless;         /* tests: friction and damping 0 */
    float active_radius;       /* metres from the truck to a block's centre; default 28 */
    float max_dt;              /* seconds one water_step may advance; default 0.1 */
} water_desc;

typedef struct water_pusher {
    float pos[3];  /* centre of the disc (x, z) and its height (y, unused but for bottom) */
    float vel[3];  /* m/s; y is ignored */
    float radius;  /* metres */
    float bottom;  /* world height of its lowest point */
} water_pusher;

typedef struct water_sample_out {
    float surface; /* world height of the water surface (the ground where dry) */
    float depth;   /* metres, 0 when dry or no water */
    float vel[2];  /* m/s, x and z */
} water_sample_out;

typedef struct water water;

water *water_create(const water_desc *desc);
void water_destroy(water *w);

/* The active blocks: centre within active_radius of (x, z). */
void water_set_active(water *w, float x, float z);
/* Every water block active (tests). */
void water_activate_all(water *w);
void water_step(water *w, float dt, const water_pusher *pushers, int npushers);

/* Sum of depth x cell area over every cell, m^3 (double). */
double water_volume(const water *w);
/* Wet-capable cells of the active blocks (the stat water_cells_active). */
int water_cells_active(const water *w);
int water_blocks(const water *w);            /* blocks with storage */
/* Block k (0..water_blocks - 1) of the storage: its coordinates, in row order (z, then x). */
void water_block_coords(const water *w, int k, int *bx, int *bz);
int water_substeps_last(const water *w);     /* sub-steps of the last water_step */
/* False where there is no water block or the cell is dry (then out has the ground, depth 0). */
bool water_sample(const water *w, float x, float z, water_sample_out *out);
bool water_block_has_water(const water *w, int bx, int bz);
bool water_block_active(const water *w, int bx, int bz);
/* Per-vertex values at the block's (WATER_RES+1)^2 cell corners, rows along z: surface, depth,
 * u, v, averaged over the wet cells around the corner (neighbour blocks included); a dry corner has
 * depth 0 and a surface 5 cm under its ground. False (out untouched) without a water block. */
bool water_block_vertices(const water *w, int bx, int bz, float *out);
/* WATER_RES^2 bytes, rows along z: depth x WATER_DUMP_SCALE, clamped to 255. All 0 without water. */
void water_block_dump(const water *w, int bx, int bz, uint8_t *out);
/* The water's force on a body (the rigid-body world's coupling, mud/core/physics.h): a body of
 * `volume` m^3 spread over [centre.y - half_height, centre.y + half_height], `area` m^2 facing the
 * flow, moving at vel. Buoyancy WATER_DENSITY g volume f upwards and a quadratic drag
 * 0.5 WATER_DENSITY WATER_DRAG_CD (area f) |w - v| (w - v) towards the water's velocity w, f the
 * submerged fraction (returned; 0 and out zero where there is no water). */
#define WATER_DENSITY 1000.0f
#define WATER_DRAG_CD 1.0f
float water_body_force(const water *w, const float centre[3], float half_height, float volume, float area, const float vel[3],
                       float out[3]);
/* Direct access for tests: the depth of the cell containing (x, z), and setting it. */
float water_depth_at(const water *w, float x, float z);
void water_set_depth_at(water *w, float x, float z, float depth);

#ifdef __cplusplus
}
#endif

#endif

/* plants.h — the plants of the mud level: trees, bushes and rocks, listed per 16 m block (GL-free).
 *
 *   plant_set *ps = plants_create(terrain);
 *   plants_add(ps, PLANT_TREE, x, z, 0);                                  // size 0: default
 *   plants_scatter(ps, &(plants_scatter_desc){ .kind = PLANT_TREE, .per_hectare = 40,
 *                                             .rect = {0, 0, 512, 512}, .seed = 1 });
 *   int n; const int *idx = plants_in_block(ps, bx, bz, &n);              // indices into the set
 *   plant *p = plants_at(ps, idx[0]);                                     // pose, state
 *   plants_destroy(ps);
 *
 * A plant's pose is its origin and rotation: the trunk's foot (tree, bush; the model stands along
 * +y) or the centre (rock). The rigid-body world (mud/core/physics.h) moves the poses of the
 * plants of active blocks and keeps them when a block goes inactive, so a bent or fallen tree
 * stays as it was. size: tree height (6..10 m), bush or rock radius (metres).
 * Scatter (the level file's `plants KIND PER_HECTARE X0 Z0 X1 Z1`): per block the rectangle
 * meets, a count drawn for its share of the area (the fraction becomes one more plant with its
 * probability, so the mean is exact), positions, sizes and turns from one rng stream of the seed,
 * block by block in order: the same seed and rectangle give the same plants. keep(user, x, z)
 * may refuse a spot (the track, a road).
 * Trees: trunk radius, mass and the bending spring follow from the height (plant_tree_*): the
 * spring holds the tree up against PLANT_TREE_STIFFNESS times its own weight's moment, and the
 * tree snaps when it is bent past PLANT_TREE_BREAK_ANGLE.
 * Memory: the set grows when plants are added (start-up, script commands), never while stepping.
 */
#ifndef IMPRINT_CORE_PLANTS_H
#define IMPRINT_CORE_PLANTS_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

/* in the level file's order (mud/core/level.h: tree, rock, bush) */
typedef enum plant_kind { PLANT_TREE, PLANT_ROCK, PLANT_BUSH, PLANT_KINDS } plant_kind;

#define PLANT_TREE_BREAK_ANGLE 0.3f  /* radians of bend at which a trunk snaps */
#define PLANT_TREE_STIFFNESS 4.0f    /* spring moment / the tree's own weight moment, per radian */
#define PLANT_TREE_DENSITY 650.0f    /* kg/m^3 of the trunk (crown mass included) */
#define PLANT_ROCK_DENSITY 2600.0f
/* a felled tree's crown as the ground feels it: a capsule along the trunk, centred at
 * PLANT_TREE_CROWN_AT of the height, its radius and straight length in heights */
#define PLANT_TREE_CROWN_AT 0.62f
#define PLANT_TREE_CROWN_RADIUS 0.17f
#define PLANT_TREE_CROWN_LENGTH 0.16f

typedef struct plant {
    float pos[3];  /* pose origin, world */
    float rot[4];  /* pose rotation, versor (x, y, z, w) */
    float size;
    uint8_t kind;  /* plant_kind */
    bool down;     /* a tree that snapped */
    int body;      /* the physics world's body slot, -1 when inactive */
    int block;     /* bz * blocks_per_side + bx of the spot it was placed on (a fallen tree stays) */
} plant;

typedef struct plants_scatter_desc {
    plant_kind kind;
    float per_hectare;
    float rect[4]; /* x0 z0 x1 z1, metres; the part inside the level is used */
    uint64_t seed;
    bool (*keep)(void *user, float x, float z);
    void *user;
} plants_scatter_desc;

typedef struct plant_set plant_set;

/* NULL when memory runs out (logged). */
plant_set *plants_create(const terrain *t);
void plants_destroy(plant_set *ps);
/* A plant on the ground at (x, z); size <= 0 picks the kind's middle size. Returns its index, or
 * -1 when memory runs out (logged). */
int plants_add(plant_set *ps, plant_kind kind, float x, float z, float size);
/* Returns the number of plants added (fewer when memory runs out: logged). */
int plants_scatter(plant_set *ps, const plants_scatter_desc *d);
int plants_count(const plant_set *ps);
int plants_blocks_per_side(const plant_set *ps);
int plants_count_kind(const plant_set *ps, plant_kind kind);
plant *plants_at(plant_set *ps, int i);
const plant *plants_get(const plant_set *ps, int i);
/* The indices of the plants whose foot lies in block (bx, bz), in the order they were added (none,
 * *count 0, when memory for the index runs out: logged). */
const int *plants_in_block(plant_set *ps, int bx, int bz, int *count);

float plant_tree_radius(float height);
float plant_tree_mass(float height);
float plant_tree_stiffness(float height); /* N m per radian of bend */
/* The steady horizontal force at height `at` over the foot that bends the tree to the break angle. */
float plant_tree_break_force(float height, float at);
float plant_rock_mass(float radius);

#ifdef __cplusplus
}
#endif

#endif

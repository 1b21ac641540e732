/* blast.h — the CPU side of the damage map: blast history, holes, ray hits, plate bookkeeping.
 *
 *   blast_state *bs = blast_create(robot, &(blast_desc){0});
 *   blast_ray_hit h;
 *   blast_set_pose(bs, palette);                                    // the drawn pose (rig_palette)
 *   if (blast_raycast(bs, org, dir, 100.0f, &h) && h.plate >= 0)   // world, through holes
 *       blast_add(bs, h.pos_bind, 0.06f);                           // bind space; the GPU gets the same
 *   int cut = blast_cut_islands(bs);                                // once per step, after blasts
 *   if (blast_intact(bs, p) < bs_desc.blowoff_intact) blast_detach(bs, p);
 *   blast_destroy(bs);
 *
 * Spheres, the hole rule and the texel bookkeeping live in the BIND space of the rig (robot
 * space at rest, damage/core/rig.h): a sphere stored there stays on the plate whatever pose the
 * robot takes later. Rays meet the robot as drawn: blast_set_pose skins every body and armor
 * vertex with the frame's palette (bind -> world) and refits the BVH; a hit reports the world
 * point and the same point in bind space (barycentric on the bind triangle), which is where a
 * blast there is stored. Before any blast_set_pose the pose is the bind pose at the origin.
 *
 * Hole rule, shared with the armor shader (shaders/damage_common.glsl mirrors blast_rough and
 * blast_value): the damage map's R channel holds v = max over blasts of saturate(1 - d / r),
 * d the distance from the surface point to the sphere centre; the surface is a hole where
 * v > blast_rough(uv), a noise threshold in [BLAST_ROUGH_MIN, BLAST_ROUGH_MAX] that roughens the
 * edge; or where the cut mask (islands cut away) is set.
 *
 * Bookkeeping: every outer-surface texel of every plate is tracked as intact or not (holes at
 * texel centres, same rule). blast_intact gives each plate's intact fraction. Connected
 * components of intact outer texels (stb_connected_components over the atlas, tubes joined
 * across their seam, row by row: pu = 0 meets pu = 1 whatever the band's shape) find islands no
 * longer connected to the largest piece of their panel; blast_cut_islands cuts them, through the
 * whole shell (inner face and rims follow their outer texel), and marks them in the cut mask the
 * GL side uploads. Specks under 2 x 2 noise cells are the rough edge, not islands: they stay.
 *
 * Rays hit the real body and armor triangles (a BVH built over the bind pose, refitted to the
 * current one); a hit inside a hole or on a detached plate is skipped and the ray goes on. The body is hit but never holed.
 * Failure: create returns NULL and logs when memory runs out.
 */
#ifndef IMPRINT_CORE_BLAST_H
#define IMPRINT_CORE_BLAST_H

#include <stdbool.h>
#include <stdint.h>

#include "damage/core/robot.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BLAST_ROUGH_MIN 0.02f
#define BLAST_ROUGH_MAX 0.34f
#define BLAST_NOISE_SCALE 220.0f   /* noise cells per unit of uv */
#define BLAST_MAX_HITS 64          /* surfaces one ray may cross */

typedef struct blast_desc {
    float blowoff_intact;   /* a plate under this intact fraction should blow off; default 0.72 */
} blast_desc;

typedef struct blast_sphere {
    float center[3];        /* bind space */
    float radius;
} blast_sphere;

typedef struct blast_ray_hit {
    float t;                /* in units of dir */
    float pos[3];           /* world (the ray's space) */
    float pos_bind[3];      /* the same surface point in bind space */
    float normal[3];        /* geometric, of the drawn triangle, facing the ray's origin */
    float uv[2];            /* atlas uv (armor only) */
    int plate;              /* -1: the inner body */
    int bone;               /* the bone the hit surface follows most (flinch) */
    int holes_passed;       /* armor surfaces the ray went through */
    int passed_plate;       /* the last plate whose hole it went through before the hit, -1 none */
} blast_ray_hit;

typedef struct blast_state blast_state;

blast_state *blast_create(const robot *r, const blast_desc *desc);
void blast_destroy(blast_state *bs);
/* Everything intact and attached again (respawn). */
void blast_reset(blast_state *bs);

/* The drawn pose: palette[RIG_BONE_COUNT] (bind -> world, rig_palette) skins every vertex on the
 * CPU and refits the BVH (once per frame; cost in docs/damage.md). */
void blast_set_pose(blast_state *bs, const mat4 *palette);
/* The box of every skinned vertex of the last pose: the robot as it is drawn now. */
void blast_posed_bounds(const blast_state *bs, vec3 lo, vec3 hi);
/* The skinned vertices of the last pose (body, glow, then plates in order), for tests. */
const float (*blast_posed_positions(const blast_state *bs, int *count))[3];
/* A world point near the drawn robot into bind space, through the skinning of the nearest body or
 * attached armor vertex (a `blast X Y Z R` command at a world point). */
void blast_world_to_bind(const blast_state *bs, const float w[3], float out[3]);
/* The other way: where a bind-space point is drawn now (the skinning of its nearest bind vertex). */
void blast_bind_to_world(const blast_state *bs, const float bind[3], float out[3]);
/* The frame of the surface at a bind-space point: the bind-space normal of its nearest bind vertex
 * (body, glow or plate; unit, either side of a shell) and that vertex's skinning matrix of the last
 * pose (bind -> world), so a set of points around one spot is posed with one matrix. Returns the
 * distance from the point to that vertex (bind space). */
float blast_bind_frame(const blast_state *bs, const float bind[3], float normal[3], mat4 to_world);

/* Record a sphere (bind space) and update the intact texels of the attached plates it touches.
 * Returns a bit mask of the plates it touched. */
unsigned blast_add(blast_state *bs, const float center[3], float radius);
int blast_count(const blast_state *bs);
const blast_sphere *blast_history(const blast_state *bs);

/* The shader's rule, exactly: rough-edge threshold and the per-sphere channel value. */
float blast_rough(const float uv[2]);
float blast_value(float dist, float radius);
/* R of the damage map at a surface point of `plate` (max over its blasts). */
float blast_value_at(const blast_state *bs, int plate, const float pos[3]);
bool blast_is_hole(const blast_state *bs, int plate, const float pos[3], const float uv[2]);

/* org, dir in world space (the pose of the last blast_set_pose). */
bool blast_raycast(const blast_state *bs, const float org[3], const float dir[3], float t_max, blast_ray_hit *hit);

float blast_intact(const blast_state *bs, int plate);
/* The outer-surface texels of a plate still intact (what blast_intact is the share of). */
int blast_intact_texels(const blast_state *bs, int plate);
float blast_blowoff_threshold(const blast_state *bs);
bool blast_attached(const blast_state *bs, int plate);
void blast_detach(blast_state *bs, int plate);
int blast_plates_attached(const blast_state *bs);

/* Cut islands (2 x 2 noise cells or more) disconnected from the main piece of their panel;
 * returns texels newly cut (outer surface), 0 when nothing changed. */
int blast_cut_islands(blast_state *bs);
/* atlas_size² bytes: 255 where armor was cut away (every chart), else 0. */
const uint8_t *blast_cut_mask(const blast_state *bs);
/* Bumped whenever the cut mask changes, so the GL side uploads only then. */
unsigned blast_cut_version(const blast_state *bs);

#ifdef __cplusplus
}
#endif

#endif

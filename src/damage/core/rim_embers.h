/* rim_embers.h — embers from the hot rims of fresh holes, modelled on the CPU (GL-free): no
 * read-back of the fading map.
 *
 *   rim_embers e; rim_embers_init(&e);
 *   each fixed step:
 *     rim_embers_sync(&e, bs);                    // new blasts of blast_history start hot
 *     rim_embers_update(&e, dt, fade_hz);         // heat fades with the fading map's passes
 *     float at[32][3];
 *     int n = rim_embers_points(&e, bs, ember_heat, &rng, 2, at, 32, NULL);
 *     fx.embers(fx.user, at, n);                  // scene.h's fx_api
 *
 * Holes: every sphere of the CPU blast history (damage/core/blast.h; bind space, so a hole stays
 * on its limb) from the moment rim_embers_sync sees it, with heat 1. A shorter history than seen
 * (blast_reset at a respawn) forgets every hole; a sphere that reaches no surface (its centre
 * farther than its radius from every bind vertex) is no hole. At most RIM_EMBERS_MAX holes are kept hot; the
 * oldest goes first.
 * Heat: the fading map's rule (damage.h, core/damage_fade.h) at its cadence: `hz` passes per
 * second of simulated time, each heat' = max(heat * DAMAGE_FADE_FACTOR - 1/255, 0), so a hole
 * glows in the fading map and here for the same time. A cold hole (heat 0) is dropped.
 * Rim: the circle the hole rule cuts on the surface, radius rim_embers_radius(sphere radius)
 * (v = 1 - d / r above the rough threshold's mean: r * (1 - (BLAST_ROUGH_MIN + BLAST_ROUGH_MAX) / 2)),
 * in the tangent plane of the surface at the centre (blast_bind_frame's normal). Points: each
 * hole whose heat > ember_heat gives per_hole points at random angles on its rim, posed with its
 * centre's skinning of the last blast_set_pose (world); hole_of (may be NULL) gets each point's hole index.
 * No allocation, no failure.
 */
#ifndef IMPRINT_DAMAGE_CORE_RIM_EMBERS_H
#define IMPRINT_DAMAGE_CORE_RIM_EMBERS_H

#include "base/rng.h"
#include "damage/core/blast.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIM_EMBERS_MAX 64

typedef struct rim_ember_hole {
    float center[3];  /* bind space */
    float normal[3];  /* bind space, unit */
    float radius;     /* of the rim */
    float heat;       /* 1 when blasted, fades to 0 */
} rim_ember_hole;

typedef struct rim_embers {
    rim_ember_hole holes[RIM_EMBERS_MAX];
    int count;
    int seen;         /* blasts of the history already taken */
    float accum;      /* simulated time since the last heat pass */
} rim_embers;

void rim_embers_init(rim_embers *e);
float rim_embers_radius(float blast_radius);
void rim_embers_sync(rim_embers *e, const blast_state *bs);
void rim_embers_update(rim_embers *e, float dt, float hz);
int rim_embers_points(const rim_embers *e, const blast_state *bs, float ember_heat, rng *r, int per_hole,
                      float (*out)[3], int max, int *hole_of);

#ifdef __cplusplus
}
#endif

#endif

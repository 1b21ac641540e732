/* bb_emit.h — the particle effects the scenes use, spawned into a particles pool (GL-free).
 *
 *   rng rng; rng_seed(&rng, seed);              // each owner keeps its own stream
 *   bb_emit_sparks(pool, &rng, hit_pos, hit_normal, 24);
 *   bb_emit_fireball(pool, &rng, centre, 0.6f);        // armor plate blown off
 *   bb_emit_smoke(pool, &rng, pos, 0.2f, 6);            // spread over +-0.2 m in x and z
 *   bb_emit_clods(pool, &rng, wheel_pos, wheel_vel, 8);
 *   bb_emit_tracer(pool, muzzle, shot_vel, 0.05f, 0.15f);  // one streak along the shot
 *   bb_emit_embers(pool, &rng, points, 12);            // one glowing mote at each point
 *   bb_emit_spray(pool, &rng, contact, wheel_vel, 2);   // a spinning wheel's mud spray
 *   bb_emit_embers_to(pool, &rng, points, 12, target);  // ... each flying into target
 *   bb_fountain f = { .pos = {0, 0, 0}, .target = 100000 };
 *   bb_fountain_step(&f, pool, &rng);                  // every frame: tops the pool up to target
 *
 * Effects (atlas, blend, alignment, motion):
 *   sparks   spark atlas, additive, velocity-aligned; fast (4-12 m/s) around the normal, gravity,
 *            short (0.2-0.6 s)
 *   fireball fire atlas, alpha, screen-aligned; grows, rises a little, 64 frames x 30 ms; plus a
 *            puff of smoke
 *   smoke    smoke atlas, alpha, view-point-aligned (big puffs near the camera do not swing
 *            round when it turns); slow, buoyant (rises), grows, 2.5-4.5 s
 *   clods    clod atlas, alpha, screen-aligned; ballistic with full gravity, tumbling (looped
 *            frames), dark brown
 *   tracer   spark atlas, additive, velocity-aligned; straight at `vel` (no gravity, no drag)
 *            for `life` seconds: a streak size wide and size + |v| * BB_VELOCITY_STRETCH long
 *   embers   spark atlas, additive, velocity-aligned (a short streak along its rise), tagged
 *            BB_TAG_EMBER; orange-red motes rising slowly (0.25-0.6 m/s, buoyant) with a little
 *            drift, 2-4.5 cm, shrinking and cooling (the atlas's later frames: orange to dull red,
 *            then gone) over 0.6-1.5 s: burning edges and the hot rims of fresh holes
 *   spray    spray atlas, alpha (lit), screen-aligned and nearly upright (the atlas's droplets
 *            fall down the sprite); a burst of mud droplets over dust off a spinning wheel: thrown
 *            at `vel` plus a random kick and 1.5-3 m/s up, drag, half gravity, 0.6-1.1 m big
 *            and growing, 0.5-0.9 s, light muddy brown (dust over dark mud)
 *   embers_to the same motes sucked into a point (a pull dissolve's target): straight at it, no
 *            drag or gravity, arriving as they die (0.35-0.8 s), still hot; BB_TAG_EMBER too
 *   fountain a mix of fire (alpha, screen) and spark (additive, velocity) billboards shot upwards; it keeps the
 *            pool's live count at `target` and prewarms its first fill with spread-out ages so
 *            the stress load is steady from the first frame.
 * Same seed and same calls = same particles (the RNG is splitmix64, owned by the caller).
 * A full pool drops the rest of a burst silently (the pool counts the drops).
 */
#ifndef IMPRINT_CORE_BB_EMIT_H
#define IMPRINT_CORE_BB_EMIT_H

#include <stdint.h>

#include "base/rng.h"
#include "bb/core/particles.h"

#ifdef __cplusplus
extern "C" {
#endif


/* Each returns how many billboards it spawned. */
int bb_emit_sparks(particles *p, rng *r, const float pos[3], const float normal[3], int count);
int bb_emit_fireball(particles *p, rng *r, const float pos[3], float radius);
int bb_emit_smoke(particles *p, rng *r, const float pos[3], float radius, int count);
int bb_emit_clods(particles *p, rng *r, const float pos[3], const float vel[3], int count);
int bb_emit_tracer(particles *p, const float pos[3], const float vel[3], float size, float life);
int bb_emit_embers(particles *p, rng *r, const float (*pos)[3], int count);
int bb_emit_spray(particles *p, rng *r, const float pos[3], const float vel[3], int count);
int bb_emit_embers_to(particles *p, rng *r, const float (*pos)[3], int count, const float target[3]);

typedef struct bb_fountain {
    float pos[3];
    int target;    /* live billboards to keep in the pool */
    int warm;      /* set after the first (prewarmed) fill */
} bb_fountain;

int bb_fountain_step(bb_fountain *f, particles *p, rng *r);

#ifdef __cplusplus
}
#endif

#endif

/* decals.h — terrain mud decals: splats where thrown mud lands, from a fixed pool, fading (GL-free).
 *
 *   decal_pool *p = decal_pool_create(&(decal_pool_desc){ .capacity = 1024 });
 *   a clod lands on grass or road:  decal_pool_add(p, x, z, radius, now);   (or decal_pool_splat)
 *   each frame:                     decal_pool_expire(p, now);
 *                                   for (i < decal_pool_count(p)) decal_pool_get(p, i), decal_pool_alpha(p, i, now)
 *   decal_pool_destroy(p);
 *
 * The pool is a ring in birth order (index 0 the oldest): adding to a full pool replaces the
 * oldest splat, so memory never grows and nothing is allocated after create. A splat is fully
 * opaque for life - fade seconds, then fades linearly to nothing at `life` and is removed by
 * expire. Times must not decrease from one add to the next (simulated seconds).
 * Defaults: capacity 1024, life 45 s, fade 30 s. The terrain shader draws them (mud/mud.h:
 * mud_renderer_set_decals), so they cost no geometry.
 */
#ifndef IMPRINT_CORE_MUD_DECALS_H
#define IMPRINT_CORE_MUD_DECALS_H

#include "mud/core/clods.h"
#include "mud/core/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct decal_pool_desc {
    int capacity;
    float life, fade; /* seconds */
} decal_pool_desc;

typedef struct mud_decal {
    float x, z, radius;
    float born; /* simulated seconds */
} mud_decal;

/* A splat as the terrain shader reads it: centre, radius, opacity. */
typedef struct decal_draw {
    float x, z, radius, alpha;
} decal_draw;

typedef struct decal_pool decal_pool;

/* NULL when memory runs out (logged). */
decal_pool *decal_pool_create(const decal_pool_desc *desc);
void decal_pool_destroy(decal_pool *p);
void decal_pool_add(decal_pool *p, float x, float z, float radius, float now);
void decal_pool_expire(decal_pool *p, float now);
int decal_pool_count(const decal_pool *p);
int decal_pool_capacity(const decal_pool *p);
long long decal_pool_added(const decal_pool *p); /* splats ever added */
const mud_decal *decal_pool_get(const decal_pool *p, int i); /* 0 = the oldest */
float decal_pool_alpha(const decal_pool *p, int i, float now);
/* Landed clods (clods.h) where the ground is not mud (mask < 0.5: grass, dirt, road) become
 * splats of radius 0.15 + 2.4 x the clod's size; mud landing on mud leaves no splat. */
void decal_pool_splat(decal_pool *p, const terrain *t, const clod_landing *l, int n, float now);
/* Expires, then writes the live splats (oldest first, up to cap) with their opacity at now. */
int decal_pool_draws(decal_pool *p, float now, decal_draw *out, int cap);

#ifdef __cplusplus
}
#endif

#endif

/* clods.h — mud clods thrown by spinning wheels: ballistic particles for a worker thread (GL-free).
 *
 *   clods *c = clods_create(&(clods_desc){ .capacity = 4096, .seed = 1 }, terr);
 *   each step: clods_emit(c, emitters, n, dt); clods_step(c, dt);
 *   int n = clods_write(c, instances, cap);   // billboard instances for the renderer
 *   clods_destroy(c);
 *
 * A wheel that spins (slip above CLODS_MIN_SLIP m/s) throws clods backwards and up from the top
 * of its tyre, more the faster it spins. A tyre dug into the mud (emitter depth d, radius r) digs
 * out more and bigger clods: the rate times 1 + CLODS_DIG_GAIN min(d / r, 1), the sizes times
 * 1 + CLODS_DIG_SIZE min(d / r, 1), so a stuck truck throws a spray, not a few dots. Clods fly under gravity, tumble, and die when they fall
 * below the base terrain (read-only, so a worker thread may read it while the main thread
 * stamps the mud) or after CLODS_MAX_LIFE seconds. A full pool drops new clods, never grows.
 * Randomness comes from the seed only: the same emitters give the same clods. A clod that dies
 * on the ground is a landing (where mud splats: terrain decals, mud/core/decals.h), kept until
 * clods_take_landings, at most CLODS_LANDINGS_MAX between takes (more are not kept).
 * A box (clods_set_box: the truck's body) stops the clods that fly into it: hits, taken like the
 * landings (clods_take_hits). Defaults: capacity 4096, gravity 9.81, rate 6 clods per second per m/s of slip.
 */
#ifndef IMPRINT_CORE_CLODS_H
#define IMPRINT_CORE_CLODS_H

#include <stdint.h>

#include "mud/core/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CLODS_MIN_SLIP 0.5f
#define CLODS_MAX_LIFE 4.0f
#define CLODS_DIG_GAIN 3.0f
#define CLODS_DIG_SIZE 0.6f
#define CLODS_MAX_EMITTERS 8
#define CLODS_LANDINGS_MAX 64
#define CLODS_HITS_MAX 64
#define CLODS_HIT_AGE 0.3f /* seconds: a younger clod flies through the box (its wheel's throw is under it) */

typedef struct clods_desc {
    int capacity;
    float gravity;
    float rate;
    unsigned seed;
} clods_desc;

typedef struct clod_emitter {
    float hub[3];      /* wheel centre, world */
    float forward[3];  /* rolling direction, world */
    float velocity[3]; /* of the wheel */
    float radius;
    float slip;        /* m/s, signed like the throttle */
    float width;       /* tyre width, metres (floaters.h) */
    float depth;       /* how deep the tyre is in the mud (penetration or sink), metres; 0 in the air (floaters.h) */
} clod_emitter;

/* One billboard: what the billboard batcher needs. */
typedef struct clod_instance {
    float pos[3];
    float size;     /* metres, full width */
    float rotation; /* radians, around the view axis */
    uint8_t color[4];
} clod_instance;

typedef struct clod_landing {
    float pos[3];
    float size;
} clod_landing;

typedef struct clods clods;

/* NULL when memory runs out (logged). */
clods *clods_create(const clods_desc *desc, const terrain *t);
void clods_destroy(clods *c);
void clods_emit(clods *c, const clod_emitter *e, int n, float dt);
void clods_step(clods *c, float dt);
int clods_alive(const clods *c);
int clods_capacity(const clods *c);
/* A box clods hit (the truck's body): world -> box space (rigid), half extents, centred on the
 * box-space origin. A clod older than CLODS_HIT_AGE whose centre is in it dies there as a hit (the
 * truck's own wheels throw theirs from under the box: those fly out, their mud is the wheels'
 * splats) (clod_landing: where and its
 * size), kept until clods_take_hits, at most CLODS_HITS_MAX between takes. NULL: no box (the
 * default). Copied. */
typedef struct clods_box {
    float world_to_box[16];
    float half[3];
} clods_box;
void clods_set_box(clods *c, const clods_box *b);
int clods_take_hits(clods *c, clod_landing *out, int cap);
/* One clod thrown from pos at vel (world), size metres: what the tests aim. */
void clods_throw(clods *c, const float pos[3], const float vel[3], float size);

/* The landings since the last take (up to cap); returns how many. */
int clods_take_landings(clods *c, clod_landing *out, int cap);
/* Writes up to cap live clods; returns how many. */
int clods_write(const clods *c, clod_instance *out, int cap);

#ifdef __cplusplus
}
#endif

#endif

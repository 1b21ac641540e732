/* floaters.h — floating mud particles: small pieces lying on the mud, pushed by the wheels,
 * sticking to a tyre for a while and dropping off again (GL-free; decoration only, they never
 * touch the physics). Simulated on the clod worker's thread (mud_clod_worker.h).
 *
 *   floaters *f = floaters_create(&(floaters_desc){ .capacity = 1024, .seed = 1 }, terr);
 *   floaters_scatter(f, x, z, 30, 400);   // pieces on the mud around (x, z); reads the mud mask,
 *                                         // so call it before another thread writes the terrain
 *   floaters_drop(f, x, z, 0.3f, 6);      // pieces lying in a disc (a crumbled mud chunk); no mask read
 *   each step: floaters_step(f, emitters, n, dt);   // the wheels (clods.h emitters)
 *   n = floaters_write(f, out, cap);
 *   floaters_destroy(f);
 *
 * A piece lies (FLOAT_LYING) until a wheel in mud rolls over it (within the tyre's width, a third
 * of its radius along it): then it either sticks to the tyre (one in three; FLOAT_STUCK: it turns
 * with the wheel for 0.4..1.8 s) or is pushed (FLOAT_SLIDING: the wheel's velocity and a kick
 * sideways, slowing to rest). A stuck piece is let go with the tyre's surface velocity and falls
 * (FLOAT_FALLING) until it reaches the base terrain's height, then lies again. Wheels in mud that
 * roll faster than 0.5 m/s shed new pieces beside their tyre (1.2 a second per m/s). Pieces more
 * than keep_radius from the wheels are removed; a full pool drops new pieces. The worker knows
 * only the base terrain (read-only): a lying piece's height is set onto the mud surface by the
 * thread that owns the mud field (`lying` in the instance). Randomness from the seed only.
 * Water: with a flow grid set (floaters_set_flow, the water's velocities sampled by the thread that
 * owns the water, mud/core/water.h), a lying piece in a cell with flow drifts with it.
 * Defaults: capacity 1024 (at most FLOATERS_MAX), keep_radius 60 m.
 */
#ifndef IMPRINT_CORE_MUD_FLOATERS_H
#define IMPRINT_CORE_MUD_FLOATERS_H

#include <stdint.h>

#include "mud/core/clods.h"
#include "mud/core/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FLOATERS_MAX 1024

typedef enum floater_state { FLOAT_LYING, FLOAT_SLIDING, FLOAT_STUCK, FLOAT_FALLING } floater_state;

typedef struct floaters_desc {
    int capacity;
    unsigned seed;
    float keep_radius;
} floaters_desc;

typedef struct floater_instance {
    float pos[3];
    float size;     /* metres */
    float rotation; /* radians */
    uint8_t color[4];
    uint8_t lying;  /* on the ground (lying or sliding): its height is the caller's to set */
    uint8_t state;  /* floater_state */
} floater_instance;

/* The water's flow under the pieces: FLOATERS_FLOW_N^2 cells of `cell` metres from (x0, z0), rows
 * along z, m/s (0 where dry or no water). */
#define FLOATERS_FLOW_N 48
typedef struct floaters_flow {
    float x0, z0, cell;
    float vel[FLOATERS_FLOW_N * FLOATERS_FLOW_N][2];
} floaters_flow;

typedef struct floaters floaters;

/* NULL when memory runs out (logged). */
floaters *floaters_create(const floaters_desc *desc, const terrain *t);
void floaters_destroy(floaters *f);
void floaters_scatter(floaters *f, float x, float z, float radius, int count);
void floaters_drop(floaters *f, float x, float z, float radius, int count);
void floaters_step(floaters *f, const clod_emitter *e, int n, float dt);
/* The flow for the following steps (copied); NULL: no water. */
void floaters_set_flow(floaters *f, const floaters_flow *flow);
int floaters_alive(const floaters *f);
int floaters_count(const floaters *f, floater_state state);
int floaters_write(const floaters *f, floater_instance *out, int cap);

#ifdef __cplusplus
}
#endif

#endif

/* rng.h — the one random number generator of imprint (GL-free).
 *
 *   rng r;
 *   rng_seed(&r, opts->seed ^ RNG_STREAM_SPARKS);   // each owner keeps its own stream
 *   float x = rng_float(&r);                         // [0, 1)
 *   float y = rng_range(&r, -1.0f, 1.0f);            // [lo, hi)
 *
 * splitmix64: one 64-bit add per draw, a good mix for any seed (0 and small seeds included),
 * and the same numbers on every platform and compiler, so the same --seed and script give the
 * same pixels. Every random source in the program is an `rng` seeded from --seed; owners that
 * must not disturb each other's sequence use different stream constants.
 */
#ifndef IMPRINT_CORE_RNG_H
#define IMPRINT_CORE_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rng {
    uint64_t state;
} rng;

void rng_seed(rng *r, uint64_t seed);
uint32_t rng_u32(rng *r);
float rng_float(rng *r);                     /* [0, 1), 24 bits */
float rng_range(rng *r, float lo, float hi); /* [lo, hi) */

#ifdef __cplusplus
}
#endif

#endif

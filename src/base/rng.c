/* rng.c — splitmix64. See rng.h. */
#include "base/rng.h"

void rng_seed(rng *r, uint64_t seed) { r->state = seed ^ 0x9e3779b97f4a7c15ull; }

uint32_t rng_u32(rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

float rng_float(rng *r) { return (float)(rng_u32(r) >> 8) * (1.0f / 16777216.0f); }

float rng_range(rng *r, float lo, float hi) { return lo + (hi - lo) * rng_float(r); }

/* mathx.h — the few scalar helpers every module wants, written once (GL-free, header only).
 *
 *   clampf(v, lo, hi)     v limited to [lo, hi]
 *   hash_u32(x)           a 32-bit integer hash (lowbias32: xor-shift-multiply, full avalanche);
 *                         shaders/bb_gpu_sim.glsl holds the same arithmetic, so the CPU mirror
 *                         and the GPU pass draw the same numbers
 *   hash_unit(h)          its top 24 bits as a float in [0, 1)
 */
#ifndef IMPRINT_BASE_MATHX_H
#define IMPRINT_BASE_MATHX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

static inline uint32_t hash_u32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static inline float hash_unit(uint32_t h) { return (float)(h >> 8) * (1.0f / 16777216.0f); }

#ifdef __cplusplus
}
#endif

#endif

/* noise_bake.h — tileable single-channel noise with its mip chain, baked on the CPU (GL-free).
 *
 *   noise_tex *n = noise_bake(&(noise_desc){0});          // 256², 4 octaves, seed 0
 *   float v = noise_sample(n, 5.0f, u, v);                  // bilinear + repeat, like textureLod
 *   ... upload every level n->texels[k] (n->dims[k]²) as GL_R8 ...
 *   noise_destroy(n);
 *
 * Owns: one R8 image per mip level down to 1×1. Level 0 is fractal Perlin noise (stb_perlin
 * with power-of-two wrap periods, so the tile repeats seamlessly in u and v), equalized by rank
 * so its values spread evenly over 0..1 (amount 0.3 then burns about 30% of a noise-only
 * surface). Each further level is the 2×2 box average of the one above, rounded to 8 bits;
 * the GPU gets these exact bytes (no glGenerateMipmap), so the CPU mirror samples the very
 * same data the shaders do.
 *
 * Generated at start-up (a few milliseconds for 256²), never stored on disk.
 * Defaults (zero fields): size 256 (power of two, 4..4096), period 4 noise cells across the
 * tile at the coarsest octave, 4 octaves (each doubles the frequency), gain 0.5, seed 0.
 * Failure: a size that is not a power of two in range, or octaves whose period would exceed
 * 256 cells (stb_perlin wraps at 256), log an error and return NULL; allocation failure
 * returns NULL too.
 */
#ifndef IMPRINT_CORE_NOISE_BAKE_H
#define IMPRINT_CORE_NOISE_BAKE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NOISE_MAX_LEVELS 13

typedef struct noise_desc {
    int size;    /* texels per side of level 0; default 256 */
    int period;  /* noise cells across the tile at the first octave (power of two); default 4 */
    int octaves; /* default 4 */
    float gain;  /* amplitude factor per octave; default 0.5 */
    int seed;    /* stb_perlin seed, 0..255; default 0 */
} noise_desc;

typedef struct noise_tex {
    int levels;                       /* size = 256 -> 9 levels (256 .. 1) */
    int dims[NOISE_MAX_LEVELS];       /* side of each level */
    uint8_t *texels[NOISE_MAX_LEVELS]; /* row-major, dims[k]² bytes */
} noise_tex;

noise_tex *noise_bake(const noise_desc *desc);
void noise_destroy(noise_tex *n);

/* The continuous fractal noise behind level 0 at tile coordinates (u, v), before equalization;
 * periodic with period 1 in both. Exposed so tests can check the wrap at the source. */
float noise_fbm(const noise_desc *desc, float u, float v);

/* GL_LINEAR_MIPMAP_LINEAR + GL_REPEAT at an explicit level of detail, in 0..1 like an R8 unorm
 * texture: bilinear inside a level (texel centres at (i + 0.5) / dim), linear between the two
 * nearest levels, lod clamped to the chain. */
float noise_sample(const noise_tex *n, float lod, float u, float v);
/* One texel of one level, wrapped, as 0..1. */
float noise_texel(const noise_tex *n, int level, int x, int y);

#ifdef __cplusplus
}
#endif

#endif

#include "dissolve/core/noise_bake.h"
#include "base/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <stb_perlin.h>

#include "base/log.h"

typedef struct { float value; int index; } noise__rank;

static noise_desc noise__resolve(const noise_desc *d)
{
    noise_desc r = d ? *d : (noise_desc){0};
    if (!r.size) r.size = 256;
    if (!r.period) r.period = 4;
    if (!r.octaves) r.octaves = 4;
    if (r.gain == 0.0f) r.gain = 0.5f;
    return r;
}

static int noise__pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

float noise_fbm(const noise_desc *desc, float u, float v)
{
    noise_desc d = noise__resolve(desc);
    float sum = 0.0f, amp = 1.0f;
    int period = d.period;
    for (int o = 0; o < d.octaves; o++) {
        /* Sampling over exactly `period` cells with wrap `period` makes every octave 1-periodic
         * in (u, v); z is an octave offset so octaves do not share a lattice slice. */
        sum += amp * stb_perlin_noise3_seed(u * (float)period, v * (float)period, 0.37f * (float)o,
                                            period, period, 0, d.seed);
        amp *= d.gain;
        period *= 2;
    }
    return sum;
}

static int noise__cmp(const void *a, const void *b)
{
    float x = ((const noise__rank *)a)->value, y = ((const noise__rank *)b)->value;
    return (x > y) - (x < y);
}

noise_tex *noise_bake(const noise_desc *desc)
{
    noise_desc d = noise__resolve(desc);
    if (!noise__pow2(d.size) || d.size < 4 || d.size > 4096) {
        log_error("noise_bake: size %d must be a power of two in 4..4096", d.size);
        return NULL;
    }
    if (!noise__pow2(d.period) || d.octaves < 1 || d.octaves > 12 || (d.period << (d.octaves - 1)) > 256 ||
        d.seed < 0 || d.seed > 255) {
        log_error("noise_bake: period %d x 2^(octaves %d - 1) must be a power of two <= 256, seed %d in 0..255",
                  d.period, d.octaves, d.seed);
        return NULL;
    }
    noise_tex *n = ALLOC_STRUCT(noise_tex);
    int count = d.size * d.size;
    noise__rank *ranks = malloc((size_t)count * sizeof *ranks);
    if (!n || !ranks) goto fail;

    for (int y = 0; y < d.size; y++)
        for (int x = 0; x < d.size; x++) {
            int i = y * d.size + x;
            ranks[i] = (noise__rank){noise_fbm(&d, ((float)x + 0.5f) / (float)d.size, ((float)y + 0.5f) / (float)d.size), i};
        }
    qsort(ranks, (size_t)count, sizeof *ranks, noise__cmp);

    for (int dim = d.size; dim >= 1; dim /= 2) {
        int k = n->levels++;
        n->dims[k] = dim;
        n->texels[k] = malloc((size_t)dim * (size_t)dim);
        if (!n->texels[k]) goto fail;
    }
    /* Rank equalization: the k-th smallest of N values becomes k / (N - 1). */
    for (int r = 0; r < count; r++)
        n->texels[0][ranks[r].index] = (uint8_t)lrintf(255.0f * (float)r / (float)(count - 1));
    for (int k = 1; k < n->levels; k++) {
        const uint8_t *src = n->texels[k - 1];
        int sd = n->dims[k - 1], dd = n->dims[k];
        for (int y = 0; y < dd; y++)
            for (int x = 0; x < dd; x++) {
                int s = src[(2 * y) * sd + 2 * x] + src[(2 * y) * sd + 2 * x + 1] +
                        src[(2 * y + 1) * sd + 2 * x] + src[(2 * y + 1) * sd + 2 * x + 1];
                n->texels[k][y * dd + x] = (uint8_t)((s + 2) / 4);
            }
    }
    free(ranks);
    return n;
fail:
    log_error("noise_bake: out of memory for a %d² noise texture", d.size);
    free(ranks);
    noise_destroy(n);
    return NULL;
}

void noise_destroy(noise_tex *n)
{
    if (!n) return;
    for (int k = 0; k < n->levels; k++) free(n->texels[k]);
    free(n);
}

float noise_texel(const noise_tex *n, int level, int x, int y)
{
    int dim = n->dims[level];
    x %= dim; if (x < 0) x += dim;
    y %= dim; if (y < 0) y += dim;
    return (float)n->texels[level][y * dim + x] / 255.0f;
}

static float noise__bilinear(const noise_tex *n, int level, float u, float v)
{
    float dim = (float)n->dims[level];
    float fx = u * dim - 0.5f, fy = v * dim - 0.5f;
    float x0 = floorf(fx), y0 = floorf(fy);
    float ax = fx - x0, ay = fy - y0;
    int ix = (int)x0, iy = (int)y0;
    float a = noise_texel(n, level, ix, iy), b = noise_texel(n, level, ix + 1, iy);
    float c = noise_texel(n, level, ix, iy + 1), e = noise_texel(n, level, ix + 1, iy + 1);
    float top = a + (b - a) * ax, bottom = c + (e - c) * ax;
    return top + (bottom - top) * ay;
}

float noise_sample(const noise_tex *n, float lod, float u, float v)
{
    /* Keep the coordinates small before scaling so float precision matches the GPU's fract. */
    u -= floorf(u);
    v -= floorf(v);
    float max_lod = (float)(n->levels - 1);
    if (lod < 0.0f) lod = 0.0f;
    if (lod > max_lod) lod = max_lod;
    int l0 = (int)floorf(lod);
    float f = lod - (float)l0;
    float s0 = noise__bilinear(n, l0, u, v);
    if (f <= 0.0f) return s0;
    float s1 = noise__bilinear(n, l0 + 1, u, v);
    return s0 + (s1 - s0) * f;
}

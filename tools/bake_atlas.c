/* bake_atlas — bakes the billboard animation atlases procedurally (no source art).
 *
 *   bake_atlas [--out DIR] [--size PX] [--only NAME]
 *
 *   --out DIR    where the PNGs go (default: assets)
 *   --size PX    atlas edge in pixels, a multiple of 8 from 64 to 4096 (default 512: 64 px cells)
 *   --only NAME  bake one atlas: fire | spark | smoke | clod (default: all four)
 *
 * Writes DIR/atlas_NAME.png, RGBA8, an 8 x 8 grid of 64 animation frames read row by row from
 * the top-left (core/bb_anim.h): frame f is column f % 8, row f / 8, and spans t = f / 63 of
 * the effect's life. Colours are straight (not premultiplied) alpha; texels with alpha 0 keep a
 * sensible colour so bilinear filtering never darkens edges. Every cell fades to zero alpha a
 * few texels before its border so neighbouring frames cannot bleed in.
 *
 *   fire   fireball: a turbulent hot core (white-yellow) that grows, cools through orange and
 *          red and ends as dark, thinning smoke                              (alpha blended)
 *   spark  glowing point with a short four-armed star, shrinking and dimming (additive)
 *   smoke  soft grey-white puff that fades in, billows outwards and thins out; the particle
 *          tint gives it its colour                                          (alpha blended)
 *   clod   a lumpy lit lump tumbling one full turn over the 64 frames, so it loops; light and
 *          neutral so the particle tint (dark brown for mud) sets its colour (alpha blended)
 *
 * The result is deterministic (stb_perlin with fixed seeds). Exit status 0 on success, 2 on a
 * bad argument, 1 when a file cannot be written (one line on stderr).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>
#include <stb_perlin.h>

typedef void (*cell_fn)(float x, float y, float t, float out[4]);

static float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }
static float smooth(float e0, float e1, float v)
{
    const float t = clamp01((v - e0) / (e1 - e0));
    return t * t * (3.0f - 2.0f * t);
}
static float mixf(float a, float b, float t) { return a + (b - a) * t; }

/* Black body-ish ramp for heat 0..1: dark red, orange, yellow, white. */
static void heat_colour(float h, float c[3])
{
    c[0] = clamp01(h * 2.2f);
    c[1] = clamp01(h * 2.0f - 0.55f);
    c[2] = clamp01(h * 3.0f - 2.0f);
}

/* x, y in [-1, 1] across the cell; t in [0, 1] over the animation. */
static void fire_cell(float x, float y, float t, float out[4])
{
    const float r = sqrtf(x * x + y * y);
    const float radius = mixf(0.45f, 0.9f, sqrtf(t));
    const float n = stb_perlin_turbulence_noise3(x * 2.5f, y * 2.5f - t * 2.0f, t * 3.0f, 2.0f, 0.5f, 4);
    const float d = r / radius + (n - 0.5f) * 0.6f;
    const float density = smooth(1.0f, 0.45f, d);
    const float heat = clamp01((1.0f - d) * 1.6f) * clamp01(1.15f - t * 1.4f);
    float c[3];
    heat_colour(heat, c);
    /* cooled-down material is dark smoke */
    const float smoke = 0.3f + 0.1f * n;
    for (int k = 0; k < 3; k++) out[k] = clamp01(heat > 0.02f ? mixf(smoke, c[k], clamp01(heat * 2.0f)) : smoke);
    out[3] = density * (1.0f - smooth(0.6f, 1.0f, t)) * smooth(0.98f, 0.85f, r);
}

static void spark_cell(float x, float y, float t, float out[4])
{
    const float r = sqrtf(x * x + y * y);
    const float s = mixf(1.0f, 0.35f, t);
    const float core = expf(-r * r / (0.02f * s * s));
    const float glow = expf(-r * r / (0.12f * s * s)) * 0.6f;
    const float arms = (expf(-x * x / 0.0015f) + expf(-y * y / 0.0015f)) * expf(-r / (0.35f * s)) * 0.5f;
    const float a = clamp01(core + glow + arms) * (1.0f - t * t) * smooth(0.98f, 0.85f, r);
    out[0] = 1.0f;
    out[1] = mixf(0.95f, 0.75f, clamp01(1.0f - core));
    out[2] = mixf(0.85f, 0.45f, clamp01(1.0f - core));
    out[3] = a;
}

static void smoke_cell(float x, float y, float t, float out[4])
{
    const float r = sqrtf(x * x + y * y);
    const float radius = mixf(0.6f, 1.0f, t);
    const float n = stb_perlin_fbm_noise3(x * 2.0f, y * 2.0f + t, 7.0f + t * 1.5f, 2.0f, 0.5f, 5);
    const float d = r / radius + n * 0.35f;
    const float density = smooth(1.0f, 0.2f, d) * (0.75f + 0.25f * n);
    const float shade = 0.78f + 0.22f * clamp01(0.5f - y * 0.5f + n * 0.3f); /* lit from above */
    out[0] = out[1] = out[2] = shade;
    out[3] = clamp01(density) * smooth(0.0f, 0.12f, t) * (1.0f - smooth(0.4f, 1.0f, t)) * smooth(0.98f, 0.85f, r);
}

static void clod_cell(float x, float y, float t, float out[4])
{
    /* a lumpy sphere turning about a tilted axis; one turn over the loop */
    const float a = t * 6.2831853f * 63.0f / 64.0f;
    const float r2 = x * x + y * y;
    const float rs = 0.62f, shell = rs * 1.3f; /* lumps stay inside the shell the normals come from */
    float z = shell * shell - r2;
    z = z > 0.0f ? sqrtf(z) : 0.0f;
    const float px = x * cosf(a) + z * sinf(a), pz = -x * sinf(a) + z * cosf(a);
    const float lump = stb_perlin_fbm_noise3(px * 1.6f + 11.0f, y * 1.6f, pz * 1.6f, 2.0f, 0.5f, 3);
    const float edge = sqrtf(r2) / (rs * (1.0f + 0.3f * lump));
    const float inside = smooth(1.0f, 0.9f, edge);
    /* light from the upper left, bumps from fine noise */
    const float nx = x / shell, ny = y / shell, nz = z / shell;
    const float grain = stb_perlin_noise3(px * 9.0f, y * 9.0f, pz * 9.0f, 0, 0, 0);
    const float lit = clamp01(-0.5f * nx - 0.55f * ny + 0.67f * nz + 0.25f * grain);
    const float c = 0.35f + 0.65f * lit;
    out[0] = c;
    out[1] = c * 0.93f;
    out[2] = c * 0.85f;
    out[3] = inside * smooth(0.98f, 0.85f, sqrtf(r2));
}

static int bake(const char *dir, const char *name, cell_fn fn, int size)
{
    const int cell = size / 8;
    uint8_t *img = malloc((size_t)size * (size_t)size * 4);
    if (!img) {
        fprintf(stderr, "bake_atlas: out of memory for a %dx%d atlas\n", size, size);
        return 1;
    }
    for (int f = 0; f < 64; f++) {
        const int cx = (f % 8) * cell, cy = (f / 8) * cell;
        const float t = (float)f / 63.0f;
        for (int j = 0; j < cell; j++)
            for (int i = 0; i < cell; i++) {
                float v[4];
                /* y up inside the cell: image rows run top to bottom */
                fn(((float)i + 0.5f) / (float)cell * 2.0f - 1.0f, 1.0f - ((float)j + 0.5f) / (float)cell * 2.0f, t, v);
                uint8_t *px = img + ((size_t)(cy + j) * (size_t)size + (size_t)(cx + i)) * 4;
                for (int k = 0; k < 4; k++) px[k] = (uint8_t)(clamp01(v[k]) * 255.0f + 0.5f);
            }
    }
    char path[1200];
    snprintf(path, sizeof path, "%s/atlas_%s.png", dir, name);
    const int ok = stbi_write_png(path, size, size, 4, img, size * 4);
    free(img);
    if (!ok) {
        fprintf(stderr, "bake_atlas: cannot write %s\n", path);
        return 1;
    }
    printf("bake_atlas: wrote %s (%dx%d, 8x8 frames of %d px)\n", path, size, size, cell);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = "assets", *only = NULL;
    int size = 512;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            size = atoi(argv[++i]);
            if (size < 64 || size > 4096 || size % 8) {
                fprintf(stderr, "bake_atlas: --size wants a multiple of 8 in 64..4096, got %s\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else {
            fprintf(stderr, "bake_atlas: unknown argument '%s' (usage: bake_atlas [--out DIR] [--size PX] [--only fire|spark|smoke|clod])\n", argv[i]);
            return 2;
        }
    }
    static const struct { const char *name; cell_fn fn; } atlases[] = {
        {"fire", fire_cell}, {"spark", spark_cell}, {"smoke", smoke_cell}, {"clod", clod_cell},
    };
    int baked = 0;
    for (size_t k = 0; k < sizeof atlases / sizeof atlases[0]; k++) {
        if (only && strcmp(only, atlases[k].name)) continue;
        if (bake(dir, atlases[k].name, atlases[k].fn, size)) return 1;
        baked++;
    }
    if (!baked) {
        fprintf(stderr, "bake_atlas: no atlas named '%s' (fire, spark, smoke, clod)\n", only);
        return 2;
    }
    return 0;
}

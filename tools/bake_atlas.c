/* bake_atlas — bakes the billboard animation atlases procedurally (no source art).
 *
 *   bake_atlas [--out DIR] [--size PX] [--only NAME]
 *
 *   --out DIR    where the PNGs go (default: assets)
 *   --size PX    atlas edge in pixels, a multiple of 8 from 64 to 4096 (default 512: 64 px cells)
 *   --only NAME  bake one atlas: fire | spark | smoke | clod | spray (default: all five)
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
 *   spray  dust and mud spray off a wheel: a burst of lit droplets on ballistic paths, falling,
 *          over a fine dust haze that billows and thins; tinted like the clod (alpha blended)
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

/* Colour of a black body at `kelvin` (1000..6600 K), normalized so its brightest channel is 1
 * (a fit to the Planck locus: red saturates first, then green, then blue). */
static void blackbody(float kelvin, float c[3])
{
    const float t = kelvin / 100.0f;
    c[0] = 1.0f;
    c[1] = clamp01((99.47f * logf(t) - 161.12f) / 255.0f);
    c[2] = t <= 19.0f ? 0.0f : clamp01((138.52f * logf(t - 10.0f) - 305.04f) / 255.0f);
}

/* fbm in about [-1, 1] */
static float fbm(float x, float y, float z, int oct) { return stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, oct); }

/* A fireball seen from the side: flames whose temperature maps to black-body colour and
 * brightness, shaped by noise advected upwards (sampled in a frame that rises with time and
 * warped by a second noise), licking tongues on the upper edge (turbulence stretched
 * vertically), and a dark smoky cap that grows as the fire cools; in the last third it is all
 * thinning soot. x, y in [-1, 1] across the cell, y up; t in [0, 1] over the animation. */
static void fire_cell(float x, float y, float t, float out[4])
{
    const float grow = mixf(0.72f, 1.0f, sqrtf(t));
    const float px = x / grow, py = (y + 0.25f) / grow;
    const float rise = t * 2.6f;
    const float w1 = fbm(px * 1.6f, py * 1.6f - rise, 3.1f + t * 1.5f, 3);
    const float w2 = fbm(px * 1.6f + 5.2f, py * 1.6f - rise + 1.3f, 8.7f + t * 1.5f, 3);
    const float qx = px + 0.3f * w1, qy = py + 0.3f * w2;
    const float tongue = stb_perlin_turbulence_noise3(qx * 3.2f, qy * 1.3f - rise * 2.0f, 11.0f + t * 3.0f, 2.0f, 0.5f, 4);
    const float up = smooth(-0.3f, 0.9f, qy);
    /* pointed on top: the vertical distance counts less above the centre */
    const float vy = qy > 0.0f ? qy * mixf(0.75f, 0.55f, up) : qy * 1.1f;
    const float d = sqrtf(qx * qx + vy * vy) / 0.66f - 0.6f * tongue * up + 0.1f * w1;
    const float flame = smooth(1.0f, 0.7f, d);
    const float cool = 1.0f - smooth(0.2f, 0.75f, t);
    const float heat = clamp01(((1.1f - d) * 1.6f - 0.3f * up) * (0.7f + 0.45f * tongue + 0.25f * w2)) * cool;
    /* soot: billows above the flames, more of it as the fire cools */
    const float billow = fbm(qx * 2.2f + 17.0f, qy * 2.2f - rise * 0.8f, 2.0f + t, 4);
    const float cap = smooth(0.1f, 0.6f, qy + 0.9f * t) * smooth(0.05f, 0.35f, t) * smooth(1.35f, 0.55f, sqrtf(qx * qx + (qy - 0.25f) * (qy - 0.25f)) + 0.35f * billow);
    const float soot = clamp01(cap * (0.45f + 0.6f * t) + flame * (1.0f - cool) * 0.8f);
    float bb[3];
    blackbody(1000.0f + 2400.0f * heat, bb);
    const float lum = powf(heat, 1.2f);
    const float fire_w = clamp01(heat * 3.0f);
    const float grey = 0.05f + 0.05f * (billow * 0.5f + 0.5f);
    for (int k = 0; k < 3; k++) out[k] = clamp01(mixf(grey, bb[k] * lum, fire_w));
    const float a = fmaxf(flame * fire_w + soot * (1.0f - fire_w), flame * 0.85f);
    out[3] = clamp01(a) * (1.0f - smooth(0.55f, 1.0f, t)) * smooth(0.98f, 0.85f, sqrtf(x * x + y * y));
}

/* A spark seen while it flies along +x (velocity-aligned billboards stretch the quad along x):
 * a thin white-hot head, a tapering tail behind it and a faint orange glow; over its life it
 * cools from white-yellow through orange to dull red, thins and dims. */
static void spark_cell(float x, float y, float t, float out[4])
{
    const float w = mixf(0.2f, 0.12f, t);
    const float head = 0.3f;
    /* along the streak: 1 at the head, falling off fast ahead of it, slowly behind it */
    const float ax = x > head ? expf(-(x - head) * (x - head) / 0.004f) : expf(-(head - x) * 1.6f);
    const float core = expf(-y * y / (w * w)) * ax;
    const float glow = expf(-(y * y) / 0.16f - (x - 0.2f) * (x - 0.2f) / 0.5f) * 0.25f;
    const float a = clamp01(core + glow) * (1.0f - smooth(0.6f, 1.0f, t)) * smooth(0.98f, 0.85f, sqrtf(x * x + y * y));
    float bb[3];
    blackbody(mixf(3400.0f, 1300.0f, t) + 1200.0f * clamp01(core - 0.5f), bb);
    for (int k = 0; k < 3; k++) out[k] = bb[k];
    out[3] = a;
}

/* Billowing smoke: a cauliflower of overlapping lobes (each a noisy disc) that rolls outwards,
 * dense in the middle with soft, wispy edges, lit from above (lighter tops, darker undersides);
 * it fades in quickly, billows out and thins. Near-white so the particle tint sets its colour. */
static void smoke_cell(float x, float y, float t, float out[4])
{
    const float grow = mixf(0.9f, 1.35f, sqrtf(t));
    const float px = x / grow, py = y / grow;
    const float roll = t * 1.2f;
    float dens = 0.0f, top = 0.0f;
    static const float lobes[6][3] = {{0.0f, 0.0f, 0.5f},    {-0.32f, -0.12f, 0.36f}, {0.34f, -0.1f, 0.36f},
                                      {-0.15f, 0.3f, 0.34f}, {0.2f, 0.28f, 0.33f},    {0.02f, -0.35f, 0.3f}};
    for (int k = 0; k < 6; k++) {
        const float dx = px - lobes[k][0], dy = py - lobes[k][1];
        const float r = sqrtf(dx * dx + dy * dy) / lobes[k][2];
        const float n = fbm(dx * 2.0f + (float)k * 7.1f, dy * 2.0f - roll, 4.0f + roll, 4);
        const float l = smooth(1.2f, 0.3f, r + 0.3f * n);
        if (l > dens) dens = l;
        top += l * (dy / lobes[k][2]);
    }
    const float wisp = fbm(px * 3.5f, py * 3.5f - roll * 2.0f, 9.0f + roll, 4);
    dens = clamp01(dens * (0.85f + 0.25f * wisp));
    const float shade = clamp01(0.62f + 0.38f * smooth(-0.7f, 0.7f, py + 0.4f * top + 0.15f * wisp));
    out[0] = shade;
    out[1] = shade * 0.98f;
    out[2] = shade * 0.95f;
    out[3] = dens * 0.92f * smooth(0.0f, 0.1f, t) * (1.0f - smooth(0.5f, 1.0f, t)) * smooth(0.98f, 0.82f, sqrtf(x * x + y * y));
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

/* Dust and mud spray thrown by a wheel: a burst of droplets (lit lumps, each on its own ballistic
 * path out of the centre, falling in the sprite's -y: drawn upright) over a fine dust haze that
 * billows out and thins; the droplets shrink and the whole burst fades by the end. Near-white, lit
 * from above, so the particle tint gives mud or dust its colour. */
static float hash01(int i)
{
    uint32_t h = (uint32_t)i * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (float)(h & 0xffffu) / 65535.0f;
}

static void spray_cell(float x, float y, float t, float out[4])
{
    enum { DROPS = 48 };
    float drop = 0.0f, shade = 0.0f;
    for (int i = 0; i < DROPS; i++) {
        /* fixed per droplet (a hash of its number): a direction in the upper 200 degrees, a
         * speed, a size; slow ones stay in the dense core, fast ones fly out */
        const float h1 = hash01(i * 3 + 0), h2 = hash01(i * 3 + 1), h3 = hash01(i * 3 + 2);
        const float ang = 3.1415927f * (-0.1f + 1.2f * h1);
        const float sp = 0.1f + 0.9f * h2;
        const float rad = 0.035f + 0.07f * h3 * h3;
        const float cx = cosf(ang) * sp * (0.1f + 0.85f * t), cy = sinf(ang) * sp * (0.1f + 0.85f * t) - 0.7f * t * t - 0.2f;
        const float r = rad * (1.0f - 0.45f * t);
        const float dx = x - cx, dy = y - cy, d = sqrtf(dx * dx + dy * dy) / r;
        if (d >= 1.0f) continue;
        const float a = smooth(1.0f, 0.75f, d);
        if (a > drop) {
            drop = a;
            shade = clamp01(0.55f + 0.45f * (dy / r) + 0.1f * stb_perlin_noise3(x * 20.0f, y * 20.0f, (float)i, 0, 0, 0));
        }
    }
    /* the haze: soft noisy cloud round the base, growing and thinning */
    const float grow = 0.45f + 0.55f * sqrtf(t);
    const float hr = sqrtf(x * x + (y + 0.25f) * (y + 0.25f) * 1.6f) / grow;
    const float n = fbm(x * 2.5f, y * 2.5f - t, 3.0f + t * 2.0f, 4);
    const float haze = smooth(1.0f, 0.2f, hr + 0.35f * n) * 0.6f * (1.0f - smooth(0.3f, 1.0f, t));
    const float fade = 1.0f - smooth(0.65f, 1.0f, t);
    const float a = clamp01(fmaxf(drop * fade, haze)) * smooth(0.98f, 0.85f, sqrtf(x * x + y * y));
    const float c = drop * fade > haze ? 0.45f + 0.5f * shade : 0.8f + 0.15f * n;
    out[0] = c;
    out[1] = c * 0.95f;
    out[2] = c * 0.88f;
    out[3] = a;
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
            fprintf(stderr, "bake_atlas: unknown argument '%s' (usage: bake_atlas [--out DIR] [--size PX] [--only fire|spark|smoke|clod|spray])\n", argv[i]);
            return 2;
        }
    }
    static const struct { const char *name; cell_fn fn; } atlases[] = {
        {"fire", fire_cell}, {"spark", spark_cell}, {"smoke", smoke_cell}, {"clod", clod_cell}, {"spray", spray_cell},
    };
    int baked = 0;
    for (size_t k = 0; k < sizeof atlases / sizeof atlases[0]; k++) {
        if (only && strcmp(only, atlases[k].name)) continue;
        if (bake(dir, atlases[k].name, atlases[k].fn, size)) return 1;
        baked++;
    }
    if (!baked) {
        fprintf(stderr, "bake_atlas: no atlas named '%s' (fire, spark, smoke, clod, spray)\n", only);
        return 2;
    }
    return 0;
}

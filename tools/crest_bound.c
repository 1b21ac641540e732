/* crest_bound — how straight can a drawn berm crest be, given the mud field's data? (docs/mud.md,
 * "Rut smoothness, measured").
 *
 *   build/bin/crest_bound        the field as shipped: 16-bit heights in 1 mm steps
 *   build/bin/crest_bound_1mm    the same code built with MUDFIELD_HEIGHT_STEP = 1 mm (now the same as
 *                                shipped; the 1 cm figures in docs/perf.md come from the build before the 16-bit heights)
 *
 * A wheel is stamped along a straight line at a steady penetration (no truck, no dynamics: any
 * wobble is the stamping's and the grid's), at 0, 33 and 45 degrees to the texel grid. The field
 * is then reconstructed as the fine grid draws it, the cubic B-spline of the texels, at 8 samples
 * per texel, and the outer berm's crest is traced row by row (mud/core/crest.h) against its
 * fitted line. That is the best any drawing of these texels can do: a renderer that evaluates the
 * B-spline exactly at every pixel shows this crest. Prints one line per case, in texels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mud/core/crest.h"
#include "mud/core/mudfield.h"
#include "mud/core/terrain.h"

enum { FIELD = 256, SUB = 8 };

static float field[FIELD * FIELD];

static float texel(int i, int j)
{
    i = i < 0 ? 0 : i >= FIELD ? FIELD - 1 : i;
    j = j < 0 ? 0 : j >= FIELD ? FIELD - 1 : j;
    return field[j * FIELD + i];
}

static void bspline_weights(float f, float w[4])
{
    float f2 = f * f, f3 = f2 * f;
    w[0] = (1.0f - 3.0f * f + 3.0f * f2 - f3) / 6.0f;
    w[1] = (4.0f - 6.0f * f2 + 3.0f * f3) / 6.0f;
    w[2] = (1.0f + 3.0f * f + 3.0f * f2 - 3.0f * f3) / 6.0f;
    w[3] = f3 / 6.0f;
}

static float bspline(float x, float y)
{
    int i = (int)floorf(x), j = (int)floorf(y);
    float wx[4], wy[4], s = 0.0f;
    bspline_weights(x - (float)i, wx);
    bspline_weights(y - (float)j, wy);
    for (int b = 0; b < 4; b++)
        for (int a = 0; a < 4; a++) s += wx[a] * wy[b] * texel(i - 1 + a, j - 1 + b);
    return s;
}

/* Stamps a straight drive at `deg` and traces its left outer berm; false if the trace fails. */
static bool measure(float deg, float pen, mud_crest *out)
{
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.3f, .flat_mud = 1.0f});
    mudfield *mf = t ? mudfield_create(t, &(mudfield_desc){0}) : NULL;
    if (!mf) {
        fprintf(stderr, "crest_bound: out of memory\n");
        exit(1);
    }
    const float hr = deg * 3.14159265f / 180.0f, radius = 0.55f, width = 0.42f, step = 0.1f;
    const float start[2] = {22.0f, 14.0f}, fwd[2] = {sinf(hr), cosf(hr)}, side[2] = {cosf(hr), -sinf(hr)};
    for (float s = 0.0f; s < 10.0f; s += step) /* 0.1 m a step: 6 m/s at 60 steps a second */
        mudfield_stamp(mf, &(mudfield_wheel){.center = {start[0] + fwd[0] * s, 4.0f + radius - pen, start[1] + fwd[1] * s},
                                             .radius = radius, .width = width, .forward = {fwd[0], fwd[1]},
                                             .velocity = {fwd[0] * step * 60.0f, fwd[1] * step * 60.0f}, .penetration = pen});
    for (int j = 0; j < FIELD; j++)
        for (int i = 0; i < FIELD; i++) field[j * FIELD + i] = mudfield_mud_height(mf, (float)i * MUDFIELD_SPACING, (float)j * MUDFIELD_SPACING);
    mudfield_destroy(mf);
    terrain_destroy(t);

    /* the berm beside the left side of the tyre, 3 to 8 m along: a band of +-2.5 texels */
    const float off = -(0.5f * width + 0.2f);
    float a[2] = {(start[0] + fwd[0] * 3.0f + side[0] * off) / MUDFIELD_SPACING, (start[1] + fwd[1] * 3.0f + side[1] * off) / MUDFIELD_SPACING};
    float b[2] = {a[0] + fwd[0] * 5.0f / MUDFIELD_SPACING, a[1] + fwd[1] * 5.0f / MUDFIELD_SPACING};
    float x0 = fminf(a[0], b[0]) - 4.0f, y0 = fminf(a[1], b[1]) - 1.0f;
    int w = (int)((fmaxf(a[0], b[0]) + 4.0f - x0) * SUB) + 1, h = (int)((fmaxf(a[1], b[1]) + 1.0f - y0) * SUB) + 1;
    float *img = malloc(sizeof *img * (size_t)w * (size_t)h);
    if (!img) {
        fprintf(stderr, "crest_bound: out of memory\n");
        exit(1);
    }
    for (int y = 0; y < h; y++) /* heights as depths seen from above: a ridge is a valley */
        for (int x = 0; x < w; x++) img[y * w + x] = -bspline(x0 + (float)x / SUB, y0 + (float)y / SUB);
    float sa[2] = {(a[0] - x0) * SUB, (a[1] - y0) * SUB}, sb[2] = {(b[0] - x0) * SUB, (b[1] - y0) * SUB};
    const float *lo = sa[1] < sb[1] ? sa : sb, *hi = sa[1] < sb[1] ? sb : sa;
    int r0 = (int)ceilf(lo[1]) + 1, r1 = (int)floorf(hi[1]) - 1;
    float k = (hi[0] - lo[0]) / (hi[1] - lo[1]);
    mud_crest_band band = {.y0 = r0, .y1 = r1, .x_at_y0 = lo[0] + k * ((float)r0 - lo[1]),
                           .x_at_y1 = lo[0] + k * ((float)r1 - lo[1]), .half_width = 2.5f * SUB};
    bool ok = mud_crest_trace(img, w, h, &band, out);
    free(img);
    out->max_px /= SUB;
    out->rms_px /= SUB;
    return ok;
}

int main(void)
{
    printf("height step %.1f mm: the crest of the B-spline of the texels (8 samples per texel), texels from its line\n",
           (double)(MUDFIELD_HEIGHT_STEP * 1000.0f));
    const float pens[2] = {0.06f, 0.15f};
    for (int p = 0; p < 2; p++) {
        if (pens[p] * 1.5f > 32767.0f * MUDFIELD_HEIGHT_STEP) continue; /* berm and rut out of this step's range */
        for (int d = 0; d < 3; d++) {
            const float deg[3] = {0.0f, 33.0f, 45.0f};
            mud_crest c;
            if (!measure(deg[d], pens[p], &c)) {
                printf("  penetration %.2f m, %2.0f deg: no crest traced\n", (double)pens[p], (double)deg[d]);
                continue;
            }
            printf("  penetration %.2f m, %2.0f deg: %3d rows, max %.3f, rms %.3f\n", (double)pens[p], (double)deg[d], c.rows,
                   (double)c.max_px, (double)c.rms_px);
        }
    }
    return 0;
}

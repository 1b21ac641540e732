#include "mud/core/crest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Sub-pixel position of the crest in one row, or NAN when the row has no ridge inside [lo, hi]. */
static float row_crest(const float *row, int lo, int hi)
{
    int best = lo;
    for (int x = lo + 1; x <= hi; x++)
        if (row[x] < row[best]) best = x;
    int end = best; /* the plateau of samples equal to the minimum, taken at its middle */
    while (end + 1 <= hi && row[end + 1] == row[best]) end++;
    if (best == lo || end == hi) return NAN;
    if (end > best) return 0.5f * (float)(best + end);
    float l = row[best - 1], c = row[best], r = row[best + 1], den = l - 2.0f * c + r;
    return (float)best + (den > 0.0f ? 0.5f * (l - r) / den : 0.0f);
}

/* The mean of the positions within half rows of row i's (ys ascending), the window cut to stay
 * centred on it near the ends. */
static double centred_mean(const float *ys, const float *xs, int n, int i, float half)
{
    half = fminf(half, fminf(ys[i] - ys[0], ys[n - 1] - ys[i]));
    double sum = 0.0;
    int k = 0;
    for (int j = 0; j < n; j++)
        if (fabsf(ys[j] - ys[i]) <= half) {
            sum += xs[j];
            k++;
        }
    return sum / k; /* k >= 1: row i itself */
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

bool mud_crest_trace(const float *depth, int w, int h, const mud_crest_band *band, mud_crest *out)
{
    memset(out, 0, sizeof *out);
    if (!depth || w < 3 || h < 1 || band->y0 < 0 || band->y1 >= h || band->y1 < band->y0 || band->half_width < 1.0f)
        return false;
    enum { MAXR = 4096 };
    static float ys[MAXR], xs[MAXR], res[MAXR];
    int n = 0;
    float span = (float)(band->y1 - band->y0);
    for (int y = band->y0; y <= band->y1 && n < MAXR; y++) {
        float t = span > 0.0f ? (float)(y - band->y0) / span : 0.0f;
        float c = band->x_at_y0 + (band->x_at_y1 - band->x_at_y0) * t;
        int lo = (int)floorf(c - band->half_width), hi = (int)ceilf(c + band->half_width);
        if (lo < 0) lo = 0;
        if (hi > w - 1) hi = w - 1;
        if (hi - lo < 2) continue;
        float x = row_crest(depth + (size_t)y * w, lo, hi);
        if (isnan(x)) continue;
        ys[n] = (float)y;
        xs[n] = x;
        n++;
    }
    if (n < 8) return false;
    double sy = 0, sx = 0, syy = 0, sxy = 0;
    for (int i = 0; i < n; i++) {
        sy += ys[i];
        sx += xs[i];
        syy += (double)ys[i] * ys[i];
        sxy += (double)ys[i] * xs[i];
    }
    double den = n * syy - sy * sy;
    double a = den != 0.0 ? (n * sxy - sy * sx) / den : 0.0, b = (sx - a * sy) / n;
    double mx = 0, ss = 0;
    for (int i = 0; i < n; i++) {
        double r = xs[i] - (a * ys[i] + b);
        if (band->smooth_rows > 0.0f) r = xs[i] - centred_mean(ys, xs, n, i, 0.5f * band->smooth_rows);
        mx = fmax(mx, fabs(r));
        ss += r * r;
        res[i] = (float)fabs(r);
    }
    qsort(res, (size_t)n, sizeof *res, cmp_float);
    out->rows = n;
    out->slope = (float)a;
    out->offset = (float)b;
    out->max_px = (float)mx;
    out->rms_px = (float)sqrt(ss / n);
    out->p95_px = res[(int)ceil(0.95 * n) - 1];
    return true;
}

#include "damage/core/armor_detail.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mathx.h"

/* Sizes in metres. The atlas holds ~400 texels per metre (2.5 mm a texel): features are a few
 * texels wide so they survive the bilinear lookup and read at a few metres. */
#define AD_BEVEL 0.009f      /* rounded plate edge */
#define AD_SEAM 0.0028f      /* half width of a panel seam */
#define AD_SEAM_DEPTH 0.0014f
#define AD_INSET 0.02f       /* the raised inner panel starts this far from its cell's border */
#define AD_RAISE 0.0009f
#define AD_BOLT_AT 0.011f    /* bolt centre from the cell's two borders */
#define AD_BOLT_R 0.0065f
#define AD_VENT_PERIOD 0.014f
#define AD_VENT_W 0.0042f    /* half width of a vent slot */

static float ad_smooth(float e0, float e1, float v)
{
    float t = clampf((v - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

static int ad_cells(float len, float cell, int lo, int hi)
{
    int n = (int)lroundf(len / cell);
    return n < lo ? lo : n > hi ? hi : n;
}

armor_detail_point armor_detail_at(int chart, float um, float vm, float len_m, float h_m, int closed)
{
    armor_detail_point o = {0, 1, 0, 0};
    const uint32_t hc = hash_u32((uint32_t)chart * 2654435761u + 17u);
    /* a few panels per plate: a tube gets at least two around, a broad sheet three or four */
    const int nu = ad_cells(len_m, 0.17f + 0.05f * (float)(hc & 3u) / 3.0f, closed ? 2 : 1, 6);
    const int nv = ad_cells(h_m, 0.2f, 1, 3);
    const float cw = len_m / (float)nu, ch = h_m / (float)nv;
    float fu = um / cw, fv = vm / ch;
    if (closed) fu -= floorf(fu / (float)nu) * (float)nu;
    int iu = (int)floorf(fu), iv = (int)floorf(fv);
    iu = iu < 0 ? 0 : iu >= nu ? nu - 1 : iu;
    iv = iv < 0 ? 0 : iv >= nv ? nv - 1 : iv;
    const float cu = fu - (float)iu, cv = fv - (float)iv;
    /* distances in metres to the cell's borders, and to the plate's own edges */
    const float su = fminf(cu, 1.0f - cu) * cw, sv = fminf(cv, 1.0f - cv) * ch;
    float edge = fminf(vm, h_m - vm);
    if (!closed) edge = fminf(edge, fminf(um, len_m - um));
    /* seams: the cell borders that are not a plate edge (all of them around a tube) */
    const bool left_seam = closed || (cu < 0.5f ? iu > 0 : iu < nu - 1);
    const bool low_seam = cv < 0.5f ? iv > 0 : iv < nv - 1;
    float seam = 1e9f;
    if (left_seam) seam = fminf(seam, su);
    if (low_seam) seam = fminf(seam, sv);
    /* a plate of one cell (the helmet's top) gets a round hatch instead */
    if (nu == 1 && nv == 1) seam = fminf(seam, fabsf(hypotf(um - 0.5f * len_m, vm - 0.5f * h_m) - 0.3f * fminf(len_m, h_m)));

    float h = 0;
    /* rounded plate edge, worn to bare metal */
    const float bevel = 1.0f - ad_smooth(0.0f, AD_BEVEL, edge);
    h -= 0.0018f * bevel * bevel;
    o.bare = fmaxf(o.bare, 0.7f * (1.0f - ad_smooth(0.0f, AD_BEVEL * 0.5f, edge)));
    if (bevel > 0.05f) o.feature |= ARMOR_DETAIL_EDGE;
    /* seam groove with a softened lip */
    const float g = 1.0f - ad_smooth(AD_SEAM * 0.45f, AD_SEAM, seam);
    h -= AD_SEAM_DEPTH * g;
    o.cavity -= 0.62f * g;
    if (g > 0.5f) o.feature |= ARMOR_DETAIL_SEAM;
    /* raised inner panel */
    const float in = fminf(fminf(su, sv), edge);
    const float raise = ad_smooth(AD_INSET - 0.003f, AD_INSET + 0.002f, in);
    h += AD_RAISE * raise;
    o.cavity -= 0.12f * (1.0f - ad_smooth(AD_INSET - 0.006f, AD_INSET - 0.001f, in)) * ad_smooth(AD_SEAM, AD_SEAM * 2.0f, in);
    if (raise > 0.5f) o.feature |= ARMOR_DETAIL_INSET;
    /* bolts at the four corners of each cell (big enough cells only), a ring cut around each */
    if (cw > 0.07f && ch > 0.07f && su > 0.0f && sv > 0.0f) {
        const float d = hypotf(su - AD_BOLT_AT, sv - AD_BOLT_AT);
        if (d < AD_BOLT_R) {
            const float k = d / AD_BOLT_R;
            h = fmaxf(h, 0.0016f * sqrtf(fmaxf(0.0f, 1.0f - k * k)) - 0.0003f);
            o.bare = fmaxf(o.bare, 0.85f * (1.0f - k * k));
            o.feature |= ARMOR_DETAIL_BOLT;
        } else if (d < AD_BOLT_R * 1.45f) {
            const float ring = 1.0f - fabsf(d - AD_BOLT_R * 1.2f) / (AD_BOLT_R * 0.25f);
            h -= 0.0006f * clampf(ring, 0.0f, 1.0f);
            o.cavity -= 0.45f * clampf(ring, 0.0f, 1.0f);
        }
    }
    /* vent slots across the middle of one cell in three (of the larger ones) */
    if ((hash_u32(hc ^ (uint32_t)(iu * 31 + iv * 7 + 1)) % 3u) == 0u && cw > 0.12f && ch > 0.1f) {
        const float au = fabsf(cu - 0.5f) * cw, av = fabsf(cv - 0.5f) * ch;
        const float half_u = 0.32f * cw, half_v = fminf(0.3f * ch, 0.05f);
        if (au < half_u && av < half_v) {
            const float t = (cv - 0.5f) * ch / AD_VENT_PERIOD;
            const float slot = fabsf(t - roundf(t)) * AD_VENT_PERIOD;
            const float cut = (1.0f - ad_smooth(AD_VENT_W * 0.55f, AD_VENT_W, slot)) * ad_smooth(half_u, half_u - 0.006f, au);
            h -= 0.0025f * cut;
            o.cavity -= 0.7f * cut;
            if (cut > 0.5f) o.feature |= ARMOR_DETAIL_VENT;
        }
    }
    o.height = h;
    o.cavity = clampf(o.cavity, 0.0f, 1.0f);
    o.bare = clampf(o.bare, 0.0f, 1.0f);
    return o;
}

/* An outer chart's texel centre as metres along its row (um), up its column (vm), and the row's
 * length: the inverse of x = x0 + (w - L(pv)) / 2 + pu * L(pv), y = y0 + pv * h (robot.h). */
static void ad_texel_metres(const robot *r, const robot_chart *c, float x, float y, float *um, float *vm, float *len)
{
    const float pv = (y - (float)c->y0) / c->h;
    const float L = c->len0 + (c->len1 - c->len0) * clampf(pv, 0.0f, 1.0f);
    *um = (x - (float)c->x0 - (c->w - L) * 0.5f) / r->texels_per_m;
    *vm = (y - (float)c->y0) / r->texels_per_m;
    *len = L / r->texels_per_m;
}

static float ad_height(const robot *r, int ci, float x, float y)
{
    const robot_chart *c = &r->charts[ci];
    float um, vm, len;
    ad_texel_metres(r, c, x, y, &um, &vm, &len);
    return armor_detail_at(ci, um, vm, len, c->h / r->texels_per_m, r->panels[c->panel].closed).height;
}

static unsigned char ad_byte(float v) { return (unsigned char)lroundf(clampf(v, 0.0f, 1.0f) * 255.0f); }

bool armor_detail_bake(const robot *r, unsigned char *rgba)
{
    const int n = r->atlas_size;
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    if (!grid) {
        log_error("armor_detail: out of memory for the %dx%d chart grid", n, n);
        return false;
    }
    robot_atlas_grid(r, grid);
    for (size_t i = 0; i < (size_t)n * n; i++) {
        unsigned char *o = rgba + 4 * i;
        o[0] = o[1] = ARMOR_DETAIL_FLAT_R;
        o[2] = ARMOR_DETAIL_FLAT_B;
        o[3] = 0;
    }
    const float step = 1.0f / r->texels_per_m; /* metres per texel */
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            const int ci = grid[y * n + x];
            if (ci < 0 || r->charts[ci].kind != ROBOT_CHART_OUTER) continue;
            const robot_chart *c = &r->charts[ci];
            const float px = (float)x + 0.5f, py = (float)y + 0.5f;
            float um, vm, len;
            ad_texel_metres(r, c, px, py, &um, &vm, &len);
            armor_detail_point d = armor_detail_at(ci, um, vm, len, c->h / r->texels_per_m, r->panels[c->panel].closed);
            /* slopes in metres per metre from central differences one texel apart */
            const float sx = (ad_height(r, ci, px + 1, py) - ad_height(r, ci, px - 1, py)) / (2.0f * step);
            const float sy = (ad_height(r, ci, px, py + 1) - ad_height(r, ci, px, py - 1)) / (2.0f * step);
            const float inv = 1.0f / sqrtf(sx * sx + sy * sy + 1.0f);
            unsigned char *o = rgba + 4 * ((size_t)y * n + x);
            o[0] = ad_byte(-sx * inv * 0.5f + 0.5f);
            o[1] = ad_byte(-sy * inv * 0.5f + 0.5f);
            o[2] = ad_byte(d.cavity);
            o[3] = ad_byte(d.bare);
        }
    /* gutters: the nearest chart texel within the gutter, so filtering never mixes charts */
    const int g = r->gutter;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (grid[y * n + x] >= 0) continue;
            int best = -1, bd = (g + 1) * (g + 1);
            for (int dy = -g; dy <= g; dy++)
                for (int dx = -g; dx <= g; dx++) {
                    const int xx = x + dx, yy = y + dy, d = dx * dx + dy * dy;
                    if (xx < 0 || yy < 0 || xx >= n || yy >= n || d >= bd || grid[yy * n + xx] < 0) continue;
                    bd = d;
                    best = yy * n + xx;
                }
            if (best >= 0) memcpy(rgba + 4 * ((size_t)y * n + x), rgba + 4 * (size_t)best, 4);
        }
    free(grid);
    return true;
}

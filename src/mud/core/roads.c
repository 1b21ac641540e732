#include "mud/core/roads.h"
#include "base/mathx.h"

#include <math.h>

/* Distance from p to segment ab. */
static float seg_dist(const float a[2], const float b[2], float px, float pz)
{
    float dx = b[0] - a[0], dz = b[1] - a[1];
    float len2 = dx * dx + dz * dz;
    float t = len2 > 0.0f ? clampf(((px - a[0]) * dx + (pz - a[1]) * dz) / len2, 0.0f, 1.0f) : 0.0f;
    float ex = a[0] + t * dx - px, ez = a[1] + t * dz - pz;
    return sqrtf(ex * ex + ez * ez);
}

roads_sample roads_at(const level_road *roads, int n, float x, float z)
{
    roads_sample best = {-1e9f, 1e9f};
    for (int i = 0; i < n; i++) {
        const level_road *r = &roads[i];
        float d = 1e9f, half = 0.5f * r->width;
        for (int k = 0; k + 1 < r->npoints; k++) d = fminf(d, seg_dist(r->pts[k], r->pts[k + 1], x, z));
        if (half - d > best.edge) best = (roads_sample){half - d, d / half};
    }
    return best;
}

void roads_pack(const roads_sample *s, uint8_t out[2])
{
    out[0] = (uint8_t)lrintf(clampf(128.0f + s->edge * ROADS_EDGE_SCALE, 0.0f, 255.0f));
    out[1] = (uint8_t)lrintf(clampf(s->across, 0.0f, 1.0f) * 255.0f);
}

float roads_unpack_edge(uint8_t r) { return ((float)r - 128.0f) / ROADS_EDGE_SCALE; }

void roads_bounds(const level_road *r, float out[4])
{
    float g = 0.5f * r->width + ROADS_REACH;
    out[0] = out[2] = r->pts[0][0];
    out[1] = out[3] = r->pts[0][1];
    for (int k = 1; k < r->npoints; k++) {
        out[0] = fminf(out[0], r->pts[k][0]);
        out[1] = fminf(out[1], r->pts[k][1]);
        out[2] = fmaxf(out[2], r->pts[k][0]);
        out[3] = fmaxf(out[3], r->pts[k][1]);
    }
    out[0] -= g;
    out[1] -= g;
    out[2] += g;
    out[3] += g;
}

#include <math.h>

#include "mud/core/water_internal.h"

/* The rut in cell (gx, gz): of its centre and four points a quarter cell out (a tyre's rut is
 * narrower than a cell and rarely passes through the centre), the one the wheels lowered most; its
 * depth under the untouched ground (0 where nothing was lowered), its bottom in *bottom. */
static float rut_depth(const water *w, int gx, int gz, float *bottom)
{
    static const float off[5][2] = {{0.0f, 0.0f}, {-0.25f, -0.25f}, {0.25f, -0.25f}, {-0.25f, 0.25f}, {0.25f, 0.25f}};
    float depth = 0.0f;
    *bottom = INFINITY;
    for (int k = 0; k < 5; k++) {
        float x = ((float)gx + 0.5f + off[k][0]) * DX, z = ((float)gz + 0.5f + off[k][1]) * DX;
        float g = w->d.ground(w->d.user, x, z), r = w->d.rutted(w->d.user, x, z);
        if (g - r > depth || k == 0) {
            depth = fmaxf(g - r, 0.0f);
            *bottom = r;
        }
    }
    return depth;
}

void water__seep(water *w, float dt)
{
    if (!w->d.rutted) return;
    const float reach = WATER_SEEP_RADIUS;
    int gx0 = (int)floorf((w->focus[0] - reach) / DX), gx1 = (int)floorf((w->focus[0] + reach) / DX);
    int gz0 = (int)floorf((w->focus[1] - reach) / DX), gz1 = (int)floorf((w->focus[1] + reach) / DX);
    for (int gz = gz0 > 0 ? gz0 : 0; gz <= gz1; gz++)
        for (int gx = gx0 > 0 ? gx0 : 0; gx <= gx1; gx++) {
            wblock *b = water__block_at(w, gx / R, gz / R);
            int c = (gz % R) * R + gx % R;
            if (!b || !b->active || b->mask[c] != CELL_SEEP) continue;
            float bottom, rut = rut_depth(w, gx, gz, &bottom);
            b->b[c] = bottom;
            b->tgt[c] = rut > 0.0f ? fmaxf(fminf(b->table[c] - bottom, 0.75f * rut), 0.0f) : 0.0f;
        }
    const float k = 1.0f - expf(-WATER_SEEP_RATE * dt);
    for (int n = 0; n < w->nblocks; n++) {
        wblock *b = &w->blocks[n];
        if (!b->active) continue;
        for (int c = 0; c < NCELL; c++)
            if (b->mask[c] == CELL_SEEP) b->h[c] += (b->tgt[c] - b->h[c]) * k;
    }
}

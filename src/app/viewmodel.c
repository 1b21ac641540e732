#include "app/viewmodel.h"

#include "gfx/hud.h"

#define VIEWMODEL_X 0.78f
#define VIEWMODEL_Y 0.86f

void viewmodel_muzzle_ndc(int w, int h, float len, float out[2])
{
    float gs = (float)h / 360.0f;
    out[0] = 2.0f * (VIEWMODEL_X - len * gs / (float)w) - 1.0f;
    out[1] = 1.0f - 2.0f * (VIEWMODEL_Y - 1.5f * gs / (float)h); /* the barrel's middle row */
}

void viewmodel_draw(int w, int h, float len, float k)
{
    float gx = (float)w * VIEWMODEL_X, gy = (float)h * VIEWMODEL_Y, gs = (float)h / 360.0f;
    const float metal[4] = {0.12f, 0.12f, 0.14f, 0.95f}, edge[4] = {0.3f, 0.3f, 0.34f, 0.95f};
    gfx_hud_rect(gx - len * gs, gy - 6 * gs, len * gs, 9 * gs, metal);
    gfx_hud_rect(gx - len * gs, gy - 6 * gs, len * gs, 2 * gs, edge);
    gfx_hud_rect(gx - 4 * gs, gy - 10 * gs, 40 * gs, 22 * gs, metal);
    gfx_hud_rect(gx + 8 * gs, gy + 10 * gs, 12 * gs, (float)h - gy, metal);
    if (k > 0) {
        float fx = gx - len * gs;
        const float hot[4] = {1.0f, 0.85f, 0.4f, 0.9f * k}, core[4] = {1, 1, 0.9f, k};
        gfx_hud_rect(fx - 26 * gs, gy - 11 * gs, 24 * gs, 19 * gs, hot);
        gfx_hud_rect(fx - 36 * gs, gy - 4 * gs, 36 * gs, 5 * gs, hot);
        gfx_hud_rect(fx - 18 * gs, gy - 6 * gs, 14 * gs, 9 * gs, core);
    }
}

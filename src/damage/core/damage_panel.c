/* The panels' false colours on the CPU. See damage_panel.h; shaders/damage_panel.frag is the GPU twin. */
#include "damage/core/damage_panel.h"

#include <math.h>

#include "base/mathx.h"

static float smooth(float e0, float e1, float x)
{
    float t = clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

static void mixv(float c[3], float r, float g, float b, float t)
{
    c[0] += (r - c[0]) * t, c[1] += (g - c[1]) * t, c[2] += (b - c[2]) * t;
}

void damage_panel_rgb(const unsigned char map[4], unsigned char layout, unsigned char out[3])
{
    const float r = map[0] / 255.0f, g = map[1] / 255.0f, b = map[2] / 255.0f, a = map[3] / 255.0f;
    const float outline = smooth(0.4f, 1.0f, layout / 255.0f);
    float c[3] = {0.05f * outline, 0.055f * outline, 0.06f * outline};
    mixv(c, 0.30f, 0.10f, 0.03f, smooth(0.0f, 0.25f, a));
    mixv(c, 0.10f, 0.30f, 1.00f, smooth(0.0f, 0.10f, b));
    mixv(c, 1.00f, 0.62f, 0.10f, smooth(0.0f, 0.10f, g));
    mixv(c, 1.00f, 0.16f, 0.08f, smooth(0.0f, 0.10f, r));
    mixv(c, 1.00f, 0.90f, 0.80f, smooth(0.35f, 0.60f, r));
    for (int k = 0; k < 3; k++) {
        /* linear -> sRGB, for a picture to look at */
        float v = clampf(c[k], 0.0f, 1.0f);
        v = v <= 0.0031308f ? v * 12.92f : 1.055f * powf(v, 1.0f / 2.4f) - 0.055f;
        out[k] = (unsigned char)(v * 255.0f + 0.5f);
    }
}

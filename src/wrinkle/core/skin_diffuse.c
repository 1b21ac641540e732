#include "wrinkle/core/skin_diffuse.h"

#include <math.h>

float skin_phi_cdf(float x)
{
    float z = fabsf(x) * 0.70710678f, t = 1.0f / (1.0f + 0.3275911f * z);
    float y = 1.0f - (((((1.061405429f * t - 1.453152027f) * t) + 1.421413741f) * t - 0.284496736f) * t + 0.254829592f) * t * expf(-z * z);
    return 0.5f * (1.0f + (x < 0.0f ? -y : y));
}

static float skin__ramp(float s, float a)
{
    float u = s / a;
    /* deep in the shadow the two terms cancel to below the cdf's error: call that black, so the
     * channels' order is never decided by rounding */
    float r = s * skin_phi_cdf(u) + a * 0.39894228f * expf(-0.5f * u * u);
    return r < SKIN_BLACK ? 0.0f : r;
}

float skin_diffuse_channel(float s, float a)
{
    a = fmaxf(a, 1e-3f);
    return skin__ramp(s, a) / skin__ramp(1.0f, a);
}

void skin_diffuse(float ndl, float curvature, float out[3])
{
    const float d[3] = {SKIN_SCATTER_R_M, SKIN_SCATTER_G_M, SKIN_SCATTER_B_M};
    float k = fminf(fmaxf(curvature, SKIN_CURV_MIN), SKIN_CURV_MAX);
    for (int c = 0; c < 3; c++) out[c] = skin_diffuse_channel(ndl, fminf(d[c] * k, SKIN_WIDTH_MAX));
}

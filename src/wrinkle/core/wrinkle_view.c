/* The composed wrinkle buffer as a readable picture: see wrinkle_view.h. */
#include "wrinkle/core/wrinkle_view.h"

#include <math.h>

static unsigned char wrinkle_view__byte(float v) { return (unsigned char)(v <= 0 ? 0 : v >= 1 ? 255 : v * 255.0f + 0.5f); }

void wrinkle_view_rgb(const float rgba[4], unsigned char rgb[3])
{
    if (rgba[3] < 0.5f) {
        rgb[0] = rgb[1] = rgb[2] = 0;
        return;
    }
    const float nx = (rgba[1] - 0.5f) * 2.0f, ny = (rgba[2] - 0.5f) * 2.0f;
    const float z2 = 1.0f - nx * nx - ny * ny, nz = z2 > 0 ? sqrtf(z2) : 0.0f;
    const float occ = 0.35f + 0.65f * (rgba[0] < 0 ? 0 : rgba[0] > 1 ? 1 : rgba[0]);
    rgb[0] = wrinkle_view__byte((0.5f + 0.5f * WRINKLE_VIEW_GAIN * nx) * occ);
    rgb[1] = wrinkle_view__byte((0.5f + 0.5f * WRINKLE_VIEW_GAIN * ny) * occ);
    (void)nz; /* ~1 everywhere: a constant mid grey reads better than the normal map's blue */
    rgb[2] = wrinkle_view__byte(0.5f * occ);
}

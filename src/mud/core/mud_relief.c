/* The mud layer as shaded relief, track wash and slide arrows: see mud_relief.h. */
#include "mud/core/mud_relief.h"

#include <math.h>

static float relief__height(const uint16_t *h16, float x, float y) /* metres, bilinear in texels */
{
    const float mx = (float)(MUDFIELD_RES - 1);
    x = x < 0 ? 0 : x > mx ? mx : x;
    y = y < 0 ? 0 : y > mx ? mx : y;
    int i = (int)x, j = (int)y;
    if (i > MUDFIELD_RES - 2) i = MUDFIELD_RES - 2;
    if (j > MUDFIELD_RES - 2) j = MUDFIELD_RES - 2;
    const float fx = x - (float)i, fy = y - (float)j;
    const float a = h16[j * MUDFIELD_RES + i], b = h16[j * MUDFIELD_RES + i + 1];
    const float c = h16[(j + 1) * MUDFIELD_RES + i], d = h16[(j + 1) * MUDFIELD_RES + i + 1];
    const float v = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
    return (v - (float)MUDFIELD_HEIGHT_ZERO) * MUDFIELD_HEIGHT_STEP;
}

static void relief__plot(unsigned char *rgb, int x, int y, const unsigned char c[3])
{
    if (x < 0 || y < 0 || x >= MUD_RELIEF_SIZE || y >= MUD_RELIEF_SIZE) return;
    unsigned char *p = rgb + ((size_t)y * MUD_RELIEF_SIZE + (size_t)x) * 3;
    p[0] = c[0];
    p[1] = c[1];
    p[2] = c[2];
}

void mud_relief_rgb(const uint16_t *h16, const uint8_t *rgba, unsigned char *rgb)
{
    const float s = (float)MUD_RELIEF_SCALE, d = MUDFIELD_SPACING;
    const float lx = -0.5f, ly = 0.7071f, lz = -0.5f; /* from the upper left, 45 degrees up */
    for (int y = 0; y < MUD_RELIEF_SIZE; y++)
        for (int x = 0; x < MUD_RELIEF_SIZE; x++) {
            const float tx = ((float)x + 0.5f) / s - 0.5f, ty = ((float)y + 0.5f) / s - 0.5f;
            const float h = relief__height(h16, tx, ty);
            /* the surface normal from central differences a texel apart, relief exaggerated 3x */
            const float gx = 3.0f * (relief__height(h16, tx + 1, ty) - relief__height(h16, tx - 1, ty)) / (2 * d);
            const float gz = 3.0f * (relief__height(h16, tx, ty + 1) - relief__height(h16, tx, ty - 1)) / (2 * d);
            const float inv = 1.0f / sqrtf(gx * gx + 1 + gz * gz);
            const float ndl = (-gx * lx + ly - gz * lz) * inv;
            const float shade = 0.3f + 0.85f * (ndl > 0 ? ndl : 0);
            float t = 0.5f + h / 0.3f; /* 15 cm below the base: dark; 15 cm above: light */
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            float c[3] = {0.28f + 0.42f * t, 0.2f + 0.32f * t, 0.13f + 0.22f * t};
            const int ti = (int)tx, tj = (int)ty;
            const int k = ((tj < 0 ? 0 : tj) * MUDFIELD_RES + (ti < 0 ? 0 : ti)) * 4;
            const uint8_t a = rgba[k + 3]; /* a fresh track washes bluer than a dried one */
            const float track = mudfield_track_blend(a) * (0.3f + 0.15f * mudfield_track_fresh(a));
            const float wash[3] = {0.25f, 0.5f, 0.95f};
            unsigned char *p = rgb + ((size_t)y * MUD_RELIEF_SIZE + (size_t)x) * 3;
            for (int n = 0; n < 3; n++) {
                float v = (c[n] * (1 - track) + wash[n] * track) * shade;
                v = v < 0 ? 0 : v > 1 ? 1 : v;
                p[n] = (unsigned char)(powf(v, 1.0f / 2.2f) * 255.0f + 0.5f);
            }
        }
    const unsigned char white[3] = {255, 255, 255}, dark[3] = {20, 16, 12};
    for (int j = MUD_RELIEF_ARROW_STEP / 2; j < MUDFIELD_RES; j += MUD_RELIEF_ARROW_STEP)
        for (int i = MUD_RELIEF_ARROW_STEP / 2; i < MUDFIELD_RES; i += MUD_RELIEF_ARROW_STEP) {
            const uint8_t *t = rgba + ((size_t)j * MUDFIELD_RES + (size_t)i) * 4;
            const float sx = ((float)t[1] - 128.0f) / 127.0f * MUDFIELD_SLIDE_MAX;
            const float sz = ((float)t[2] - 128.0f) / 127.0f * MUDFIELD_SLIDE_MAX;
            const float len = sqrtf(sx * sx + sz * sz);
            if (len < 0.01f) continue;
            const float px = ((float)i + 0.5f) * s, py = ((float)j + 0.5f) * s;
            const float L = fminf(len / 0.1f, 1.0f) * (float)(MUD_RELIEF_ARROW_STEP * MUD_RELIEF_SCALE); /* 10 cm = one step */
            const float ux = sx / len, uy = sz / len;
            for (float u = 0; u <= L; u += 0.5f) { /* the shaft, outlined dark */
                const int x = (int)(px + ux * u), y = (int)(py + uy * u);
                relief__plot(rgb, x + 1, y + 1, dark);
                relief__plot(rgb, x, y, white);
            }
            for (int k = -2; k <= 2; k++) /* the head: a bar across the tip */
                relief__plot(rgb, (int)(px + ux * L - uy * (float)k), (int)(py + uy * L + ux * (float)k), white);
        }
}

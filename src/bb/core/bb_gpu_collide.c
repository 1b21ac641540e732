/* bb_gpu_collide.c — see bb_gpu_collide.h; every line has its twin in shaders/bb_gpu_sim.glsl or,
 * for the surface per texel (texel_point, tangent, the normal), in shaders/bb_gpu_surface.frag. */
#include "bb/core/bb_gpu_collide.h"

#include <math.h>

/* metres nearer than a texel's centre still tested against its tangent plane */
#define BB_GPU_SLACK 0.1f

static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* View distance of texel (i, j) (clamped to the picture). */
static float texel_z(const bb_gpu_depth *d, int i, int j)
{
    const float z = d->depth[clampi(j, 0, d->height - 1) * d->width + clampi(i, 0, d->width - 1)];
    return d->proj[14] / ((z * 2.0f - 1.0f) + d->proj[10]);
}

/* View-space point of texel (i, j) at its distance. */
static void texel_point(const bb_gpu_depth *d, int i, int j, float out[3])
{
    const float z = texel_z(d, i, j);
    const float nx = ((float)i + 0.5f) / (float)d->width * 2.0f - 1.0f;
    const float ny = ((float)j + 0.5f) / (float)d->height * 2.0f - 1.0f;
    out[0] = nx / d->proj[0] * z;
    out[1] = ny / d->proj[5] * z;
    out[2] = -z;
}

/* The difference towards the nearer of the two neighbours of texel (i, j) along (di, dj). */
static void tangent(const bb_gpu_depth *d, int i, int j, int di, int dj, const float c[3], float t[3])
{
    float a[3], b[3];
    texel_point(d, i + di, j + dj, a);
    texel_point(d, i - di, j - dj, b);
    if (fabsf(a[2] - c[2]) < fabsf(b[2] - c[2])) {
        for (int k = 0; k < 3; k++) t[k] = a[k] - c[k];
    } else {
        for (int k = 0; k < 3; k++) t[k] = c[k] - b[k];
    }
}

/* The texel a world point projects to and the view-space point; 0 when off the picture, behind
 * the camera or over a texel with nothing drawn. */
static int project(const bb_gpu_depth *d, const float pos[3], float v[3], int *i, int *j)
{
    const float *m = d->view, *p = d->proj;
    for (int r = 0; r < 3; r++) v[r] = m[r] * pos[0] + m[4 + r] * pos[1] + m[8 + r] * pos[2] + m[12 + r];
    const float z = -v[2];
    if (z <= 1e-3f) return 0;
    const float sx = p[0] * v[0] / z, sy = p[5] * v[1] / z;
    if (fabsf(sx) >= 1.0f || fabsf(sy) >= 1.0f) return 0;
    *i = (int)floorf((sx * 0.5f + 0.5f) * (float)d->width);
    *j = (int)floorf((sy * 0.5f + 0.5f) * (float)d->height);
    return d->depth[clampi(*j, 0, d->height - 1) * d->width + clampi(*i, 0, d->width - 1)] < 1.0f;
}

int bb_gpu_collide(const bb_gpu_depth *d, const float prev[3], float pos[3], float vel[3], float restitution, float friction)
{
    const float *m = d->view;
    float v[3], v0[3];
    int i, j, i0, j0;
    if (!project(d, pos, v, &i, &j)) return 0;
    const float z = -v[2], zs = texel_z(d, i, j);
    /* a texel spans a range of depths on a surface seen at a grazing angle: nearer than its centre
     * by up to BB_GPU_SLACK the tangent plane below decides */
    if (z <= zs - BB_GPU_SLACK) return 0;
    /* through the surface: within the thickness, or crossed in this step (in front of its own
     * texel's surface before, behind now, by no more than a few step lengths) */
    if (z - zs >= d->thickness) {
        const float step = sqrtf((pos[0] - prev[0]) * (pos[0] - prev[0]) + (pos[1] - prev[1]) * (pos[1] - prev[1]) +
                                 (pos[2] - prev[2]) * (pos[2] - prev[2]));
        if (z - zs >= d->thickness + 4.0f * step) return 0;
        if (!project(d, prev, v0, &i0, &j0) || -v0[2] > texel_z(d, i0, j0) + BB_GPU_SLACK) return 0;
    }
    /* the normal, in view space, from the neighbouring texels */
    float c[3], tx[3], ty[3];
    texel_point(d, i, j, c);
    tangent(d, i, j, 1, 0, c, tx);
    tangent(d, i, j, 0, 1, c, ty);
    float n[3] = {tx[1] * ty[2] - tx[2] * ty[1], tx[2] * ty[0] - tx[0] * ty[2], tx[0] * ty[1] - tx[1] * ty[0]};
    const float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len < 1e-12f) {
        n[0] = n[1] = 0.0f;
        n[2] = 1.0f;
    } else {
        for (int k = 0; k < 3; k++) n[k] /= len;
    }
    /* in front of the texel's tangent plane: no impact; else back onto it (exact for a flat
     * surface, whatever the texel size), a millimetre out along the normal */
    const float sd = (v[0] - c[0]) * n[0] + (v[1] - c[1]) * n[1] + (v[2] - c[2]) * n[2];
    if (sd >= 0.0f) return 0;
    const float out = sd - 1e-3f;
    for (int k = 0; k < 3; k++) v[k] -= n[k] * out;
    /* to the world: the view is rigid, its inverse rotation the transpose */
    float nw[3];
    for (int c2 = 0; c2 < 3; c2++) {
        pos[c2] = m[c2 * 4] * (v[0] - m[12]) + m[c2 * 4 + 1] * (v[1] - m[13]) + m[c2 * 4 + 2] * (v[2] - m[14]);
        nw[c2] = m[c2 * 4] * n[0] + m[c2 * 4 + 1] * n[1] + m[c2 * 4 + 2] * n[2];
    }
    const float vn = vel[0] * nw[0] + vel[1] * nw[1] + vel[2] * nw[2];
    if (vn < 0.0f) {
        for (int k = 0; k < 3; k++) vel[k] = (vel[k] - vn * nw[k]) * (1.0f - friction) - restitution * vn * nw[k];
    }
    return 1;
}

/* bb_cull.h — sphere-frustum culling for billboards (GL-free).
 *
 *   bb_frustum fr; bb_frustum_from_matrix(view_proj, &fr);   // planes point inwards, normalized
 *   if (bb_frustum_sphere(&fr, center, radius) != BB_CULL_OUT) draw(...);
 *   bb_cull c = bb_frustum_box(&fr, lo, hi, radius);          // a box of centres, spheres up to radius
 *
 * Planes come from cglm's glm_frustum_planes (Gribb-Hartmann extraction), for a GL clip space
 * (-w <= z <= w). A billboard of edge `size` turning freely in the view plane fits in a sphere of
 * radius size * sqrt(2) / 2 (BB_CULL_RADIUS). A sphere exactly touching a plane counts as inside.
 */
#ifndef IMPRINT_CORE_BB_CULL_H
#define IMPRINT_CORE_BB_CULL_H

#include <stdbool.h>
#include <cglm/cglm.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BB_CULL_RADIUS(size) ((size) * 0.70710678f)

typedef enum bb_cull { BB_CULL_OUT = 0, BB_CULL_STRADDLE = 1, BB_CULL_IN = 2 } bb_cull;

typedef struct bb_frustum {
    vec4 planes[6]; /* left, right, bottom, top, near, far: dot(xyz, p) + w >= 0 inside */
} bb_frustum;

void bb_frustum_from_matrix(mat4 view_proj, bb_frustum *out);

/* Inline: the batchers call it once per billboard. */
static inline bb_cull bb_frustum_sphere(const bb_frustum *f, const float c[3], float r)
{
    bb_cull res = BB_CULL_IN;
    for (int i = 0; i < 6; i++) {
        const float *p = f->planes[i];
        const float d = p[0] * c[0] + p[1] * c[1] + p[2] * c[2] + p[3];
        if (d < -r) return BB_CULL_OUT;
        if (d < r) res = BB_CULL_STRADDLE;
    }
    return res;
}

/* The same as bb_frustum_sphere(...) != BB_CULL_OUT, without branches (the batchers' inner loop). */
static inline bool bb_frustum_sphere_visible(const bb_frustum *f, const float c[3], float r)
{
    float m = r;
    for (int i = 0; i < 6; i++) {
        const float *p = f->planes[i];
        const float d = p[0] * c[0] + p[1] * c[1] + p[2] * c[2] + p[3] + r;
        m = d < m ? d : m;
    }
    return m >= 0.0f;
}

/* A box [lo, hi] of sphere centres, every sphere of radius <= r: OUT when no such sphere can
 * touch the view, IN when every centre is inside (so each sphere passes the sphere test),
 * STRADDLE otherwise. Exact per plane, conservative across planes (a box near a frustum corner
 * may straddle although all its spheres are out; the sphere test then decides). */
static inline bb_cull bb_frustum_box(const bb_frustum *f, const float lo[3], const float hi[3], float r)
{
    bb_cull res = BB_CULL_IN;
    for (int i = 0; i < 6; i++) {
        const float *p = f->planes[i];
        float dmax = p[3], dmin = p[3];
        for (int k = 0; k < 3; k++) {
            const float a = p[k] * lo[k], b = p[k] * hi[k];
            dmax += a > b ? a : b;
            dmin += a < b ? a : b;
        }
        if (dmax < -r) return BB_CULL_OUT;
        if (dmin < 0.0f) res = BB_CULL_STRADDLE;
    }
    return res;
}

#ifdef __cplusplus
}
#endif

#endif

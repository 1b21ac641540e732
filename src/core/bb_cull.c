/* bb_cull.c — see bb_cull.h. */
#include "core/bb_cull.h"

void bb_frustum_from_matrix(mat4 view_proj, bb_frustum *out)
{
    glm_frustum_planes(view_proj, out->planes);
}

bb_cull bb_frustum_sphere(const bb_frustum *f, const float c[3], float r)
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

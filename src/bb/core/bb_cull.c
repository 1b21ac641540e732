/* bb_cull.c — see bb_cull.h. */
#include "bb/core/bb_cull.h"

void bb_frustum_from_matrix(mat4 view_proj, bb_frustum *out)
{
    glm_frustum_planes(view_proj, out->planes);
}

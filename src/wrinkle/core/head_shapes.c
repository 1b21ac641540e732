/* head_shapes.c — the blendshapes applied to the built skin (CPU mirror of wrinkle_morph.glsl) and the
 * skin's curvature per shape for the scattering. */
#include "wrinkle/core/head.h"

#include "base/log.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void head_apply_shapes(const head_model *h, const float w[HEAD_MORPH_COUNT], float (*pos)[3], float (*nrm)[3])
{
    const mesh_data *m = &h->skin;
    memcpy(pos, m->pos, (size_t)m->vertex_count * sizeof *pos);
    if (nrm) memcpy(nrm, m->nrm, (size_t)m->vertex_count * sizeof *nrm);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        if (w[s] == 0.0f) continue;
        for (int v = 0; v < m->vertex_count; v++) {
            glm_vec3_muladds(h->shape_dpos[s][v], w[s], pos[v]);
            if (nrm) glm_vec3_muladds(h->shape_dnrm[s][v], w[s], nrm[v]);
        }
    }
    if (nrm)
        for (int v = 0; v < m->vertex_count; v++) glm_vec3_normalize(nrm[v]);
}

bool head_shape_curvature(const head_model *h, float *neutral, float *const dcurv[HEAD_MORPH_COUNT])
{
    const int n = h->skin.vertex_count;
    float (*pos)[3] = malloc((size_t)n * sizeof *pos), (*nrm)[3] = malloc((size_t)n * sizeof *nrm);
    bool ok = pos && nrm && mesh_vertex_curvature(&h->skin, neutral);
    if (!pos || !nrm) log_error("head: out of memory for the skin's curvature");
    /* a crease (the lid's, the nose's wing) is no tight form for the light to bleed around: as
     * flat skin (the shader's floor), not a red band */
    for (int v = 0; ok && v < n; v++) neutral[v] = fmaxf(neutral[v], 0.0f);
    for (int s = 0; ok && s < HEAD_MORPH_COUNT; s++) {
        float w[HEAD_MORPH_COUNT] = {0};
        w[s] = 1.0f;
        head_apply_shapes(h, w, pos, nrm);
        mesh_data shaped = h->skin; /* the same triangles over the shape's positions and normals */
        shaped.pos = pos;
        shaped.nrm = nrm;
        ok = mesh_vertex_curvature(&shaped, dcurv[s]);
        for (int v = 0; ok && v < n; v++) dcurv[s][v] = fmaxf(dcurv[s][v], 0.0f) - neutral[v];
    }
    free(pos);
    free(nrm);
    return ok;
}

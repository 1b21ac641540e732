/* Ember points on a burning mesh's edge band; see dissolve_embers.h. */
#include "dissolve/core/dissolve_embers.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

bool dissolve_ember_src_build(dissolve_ember_src *s, const mesh_data *m, int max_samples)
{
    assert(s && m && max_samples > 0);
    *s = (dissolve_ember_src){0};
    if (m->vertex_count <= 0 || !m->pos) return true;
    const int stride = (m->vertex_count + max_samples - 1) / max_samples;
    const int n = (m->vertex_count + stride - 1) / stride;
    float (*block)[3] = malloc((size_t)n * 3 * sizeof *block);
    if (!block) {
        log_error("dissolve embers: out of memory (%d samples)", n);
        return false;
    }
    s->pos = block;
    s->nrm = block + n;
    s->snrm = block + 2 * n;
    for (int i = 0; i < n; i++) {
        const int v = i * stride;
        memcpy(s->pos[i], m->pos[v], sizeof s->pos[i]);
        if (m->nrm) memcpy(s->nrm[i], m->nrm[v], sizeof s->nrm[i]);
        else memset(s->nrm[i], 0, sizeof s->nrm[i]);
        if (m->snrm) memcpy(s->snrm[i], m->snrm[v], sizeof s->snrm[i]);
        else memset(s->snrm[i], 0, sizeof s->snrm[i]);
    }
    s->count = n;
    return true;
}

void dissolve_ember_src_free(dissolve_ember_src *s)
{
    if (!s) return;
    free(s->pos);
    *s = (dissolve_ember_src){0};
}

float dissolve_embers_band(const dissolve_params *p, float half_width)
{
    return fminf(half_width, p->band);
}

int dissolve_embers_pick(const dissolve_ember_src *s, const dissolve_params *p, const noise_tex *n, mat4 model,
                         float half_width, rng *r, int want, int tries, float (*out)[3], int *idx)
{
    assert(s && p && n && r && out);
    if (s->count <= 0 || !(p->amount > 0.0f && p->amount < 1.0f)) return 0;
    const float band = dissolve_embers_band(p, half_width);
    int got = 0;
    for (int t = 0; t < tries && got < want; t++) {
        const int i = (int)(rng_u32(r) % (uint32_t)s->count);
        vec3 dir;
        dissolve_direction(p, s->nrm[i], s->snrm[i], dir);
        if (fabsf(dissolve_fragment_d(p, n, s->pos[i], dir, model)) > band) continue;
        dissolve_vertex(p, n, s->pos[i], s->nrm[i], s->snrm[i], model, out[got]);
        if (idx) idx[got] = i;
        got++;
    }
    return got;
}

#include "dissolve/core/dissolve_math.h"

#include "base/names.h"

#include <math.h>
#include <string.h>

dissolve_params dissolve_params_defaults(void)
{
    return (dissolve_params){
        .amount = 0.0f,
        .mode = DISSOLVE_MODE_NONE,
        .shape = DISSOLVE_SHAPE_NOISE,
        .noise_scale = 1.1f,
        .noise_weight = 0.3f,
        .edge_width = 0.04f,
        .band = 0.2f,
        .push_distance = 0.1f,
        .vertex_mip = 5.0f,
        .from = {0, 2, 0},
        .to = {0, 0, 0},
        .center = {0, 0, 0},
        .inner_radius = 0.0f,
        .radius = 2.0f,
        .target = {0, 2, 0},
        .edge_color = {6.0f, 2.2f, 0.5f},
    };
}

const char *const dissolve_mode_names[DISSOLVE_MODE_COUNT + 1] = {"none", "push", "pull", NULL};
const char *const dissolve_shape_names[DISSOLVE_SHAPE_COUNT + 1] = {"noise", "direction", "sphere", NULL};
const char *const dissolve_pitfall_names[DISSOLVE_PITFALL_COUNT + 1] = {
    "none", "one-sided", "no-backoff", "object-space", "hard-normals", "vertex-mip0", "no-shadow", "bounds", NULL};

const char *const dissolve_edge_names[DISSOLVE_EDGE_COUNT + 1] = {"cut", "fade", NULL};

bool dissolve_mode_parse(const char *s, dissolve_mode *out)
{
    int i = names_find(dissolve_mode_names, s);
    if (i >= 0) *out = (dissolve_mode)i;
    return i >= 0;
}

bool dissolve_shape_parse(const char *s, dissolve_shape *out)
{
    int i = names_find(dissolve_shape_names, s);
    if (i >= 0) *out = (dissolve_shape)i;
    return i >= 0;
}

bool dissolve_pitfall_parse(const char *s, dissolve_pitfall *out)
{
    int i = names_find(dissolve_pitfall_names, s);
    if (i >= 0) *out = (dissolve_pitfall)i;
    return i >= 0;
}

const char *dissolve_mode_name(dissolve_mode m) { return dissolve_mode_names[m]; }
const char *dissolve_shape_name(dissolve_shape s) { return dissolve_shape_names[s]; }
const char *dissolve_pitfall_name(dissolve_pitfall p) { return dissolve_pitfall_names[p]; }
const char *dissolve_edge_name(dissolve_edge e) { return dissolve_edge_names[e]; }

static float dissolve__saturate(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
static float dissolve__smooth(float w) { return w * w * (3.0f - 2.0f * w); }

float dissolve_threshold(const dissolve_params *p)
{
    bool moves = p->mode != DISSOLVE_MODE_NONE && p->pitfall != DISSOLVE_PITFALL_NO_BACKOFF;
    float start = moves ? fmaxf(p->edge_width, p->band) : p->edge_width;
    return -start + (1.001f + start) * p->amount;
}

float dissolve_push_weight(float d, float band)
{
    float w = 1.0f - dissolve__saturate(fabsf(d) / fmaxf(band, 1e-4f));
    return dissolve__smooth(w);
}

float dissolve_pull_weight(float d, float band)
{
    float w = 1.0f - dissolve__saturate(d / fmaxf(band, 1e-4f));
    return dissolve__smooth(w);
}

float dissolve_glow(float d, float edge_width)
{
    float g = 1.0f - dissolve__saturate(d / fmaxf(edge_width, 1e-4f));
    return g * g;
}

void dissolve_model_scale(mat4 model, vec3 out)
{
    out[0] = glm_vec3_norm(model[0]);
    out[1] = glm_vec3_norm(model[1]);
    out[2] = glm_vec3_norm(model[2]);
}

void dissolve_direction(const dissolve_params *p, const float nrm_os[3], const float snrm_os[3], vec3 out)
{
    float s2 = snrm_os[0] * snrm_os[0] + snrm_os[1] * snrm_os[1] + snrm_os[2] * snrm_os[2];
    const float *src = (!p->hard_normals && s2 > 0.01f) ? snrm_os : nrm_os;
    out[0] = src[0]; out[1] = src[1]; out[2] = src[2];
}

float dissolve_noise(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                     const vec3 model_scale, float lod)
{
    float q[3];
    for (int k = 0; k < 3; k++) q[k] = rest_os[k] * model_scale[k] * p->noise_scale;
    /* dir⁴ keeps the blend zones narrow, so most of the surface sees one crisp projection. */
    float b[3];
    for (int k = 0; k < 3; k++) { b[k] = dir_os[k] * dir_os[k]; b[k] = b[k] * b[k]; }
    float sum = b[0] + b[1] + b[2] + 1e-6f;
    /* Each projection is offset so opposite-axis faces do not repeat the same pattern. */
    float nx = noise_sample(n, lod, q[1] + 0.00f, q[2] + 0.00f);
    float ny = noise_sample(n, lod, q[2] + 0.31f, q[0] + 0.71f);
    float nz = noise_sample(n, lod, q[0] + 0.57f, q[1] + 0.19f);
    return (nx * b[0] + ny * b[1] + nz * b[2]) / sum;
}

float dissolve_value(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                     const vec3 rest_ws, const vec3 model_scale, float lod)
{
    float nv = dissolve_noise(p, n, rest_os, dir_os, model_scale, lod);
    if (p->shape == DISSOLVE_SHAPE_NOISE) return nv;
    float s;
    if (p->shape == DISSOLVE_SHAPE_DIRECTION) {
        vec3 axis, rel;
        glm_vec3_sub((float *)p->to, (float *)p->from, axis);
        glm_vec3_sub((float *)rest_ws, (float *)p->from, rel);
        s = dissolve__saturate(glm_vec3_dot(rel, axis) / fmaxf(glm_vec3_dot(axis, axis), 1e-8f));
    } else {
        float span = fmaxf(p->radius - p->inner_radius, 1e-4f);
        s = dissolve__saturate((glm_vec3_distance((float *)rest_ws, (float *)p->center) - p->inner_radius) / span);
    }
    return s + (nv - s) * p->noise_weight;
}

static void dissolve__rest_ws(mat4 model, const float rest_os[3], vec3 out)
{
    glm_mat4_mulv3(model, (float *)rest_os, 1.0f, out);
}

float dissolve_vertex_d(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                        const float snrm_os[3], mat4 model)
{
    vec3 dir, rest_ws, scale;
    dissolve_direction(p, nrm_os, snrm_os, dir);
    dissolve__rest_ws(model, rest_os, rest_ws);
    dissolve_model_scale(model, scale);
    return dissolve_value(p, n, rest_os, dir, rest_ws, scale, p->vertex_mip) - dissolve_threshold(p);
}

void dissolve_vertex(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                     const float snrm_os[3], mat4 model, vec3 out_ws)
{
    vec3 rest_ws;
    dissolve__rest_ws(model, rest_os, rest_ws);
    glm_vec3_copy(rest_ws, out_ws);
    if (p->mode == DISSOLVE_MODE_NONE) return;
    float d = dissolve_vertex_d(p, n, rest_os, nrm_os, snrm_os, model);
    if (p->mode == DISSOLVE_MODE_PUSH) {
        vec3 dir, dir_ws;
        mat3 m3, nmat;
        dissolve_direction(p, nrm_os, snrm_os, dir);
        /* the one-sided pitfall forgets |d|: every burnt vertex stays pushed all the way */
        float w = p->pitfall == DISSOLVE_PITFALL_ONE_SIDED ? dissolve_pull_weight(d, p->band)
                                                           : dissolve_push_weight(d, p->band);
        glm_mat4_pick3(model, m3);
        if (p->pitfall == DISSOLVE_PITFALL_OBJECT_SPACE) {
            /* object units: the push grows with the model's scale */
            glm_mat3_mulv(m3, dir, dir_ws);
            glm_vec3_muladds(dir_ws, p->push_distance * w, out_ws);
            return;
        }
        /* Normals go through the inverse transpose; normalizing afterwards makes the push a
         * world-space distance in metres, independent of the model's scale. */
        glm_mat3_inv(m3, nmat);
        glm_mat3_transpose(nmat);
        glm_mat3_mulv(nmat, dir, dir_ws);
        glm_vec3_normalize(dir_ws);
        glm_vec3_muladds(dir_ws, p->push_distance * w, out_ws);
    } else {
        float w = dissolve_pull_weight(d, p->band);
        vec3 to;
        glm_vec3_sub((float *)p->target, rest_ws, to);
        glm_vec3_muladds(to, w * w, out_ws);
    }
}

float dissolve_pull_k(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                      const float snrm_os[3], mat4 model)
{
    if (p->mode != DISSOLVE_MODE_PULL) return 0.0f;
    const float w = dissolve_pull_weight(dissolve_vertex_d(p, n, rest_os, nrm_os, snrm_os, model), p->band);
    return w * w;
}

float dissolve_strand_taper(float k)
{
    const float t = dissolve__saturate(k / 0.05f);
    return t * t * (3.0f - 2.0f * t);
}

float dissolve_strand(float d, float k, float ns)
{
    if (d < 0.0f && k < DISSOLVE_STRAND_BURNT_K) return -1.0f;
    const float taper = dissolve_strand_taper(k);
    const float half_width = (0.5f + (0.025f - 0.5f) * taper) * (1.0f - 0.5f * k);
    const float m = fabsf(ns - 0.5f) / half_width;
    return m > 1.0f ? -1.0f : 1.0f - m * m;
}

float dissolve_strand_noise(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                            mat4 model)
{
    dissolve_params q = *p;
    q.noise_scale = p->noise_scale * DISSOLVE_STRAND_SCALE;
    vec3 scale;
    dissolve_model_scale(model, scale);
    return dissolve_noise(&q, n, rest_os, dir_os, scale, 0.0f);
}

float dissolve_fragment_d(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                          mat4 model)
{
    vec3 rest_ws, scale;
    dissolve__rest_ws(model, rest_os, rest_ws);
    dissolve_model_scale(model, scale);
    return dissolve_value(p, n, rest_os, dir_os, rest_ws, scale, 0.0f) - dissolve_threshold(p);
}

void dissolve_bounds(const dissolve_params *p, const vec3 lo, const vec3 hi, vec3 out_lo, vec3 out_hi)
{
    glm_vec3_copy((float *)lo, out_lo);
    glm_vec3_copy((float *)hi, out_hi);
    if (p->amount <= 0.0f) return;
    if (p->mode == DISSOLVE_MODE_PUSH) {
        glm_vec3_subs(out_lo, p->push_distance, out_lo);
        glm_vec3_adds(out_hi, p->push_distance, out_hi);
    } else if (p->mode == DISSOLVE_MODE_PULL) {
        glm_vec3_minv(out_lo, (float *)p->target, out_lo);
        glm_vec3_maxv(out_hi, (float *)p->target, out_hi);
    }
}

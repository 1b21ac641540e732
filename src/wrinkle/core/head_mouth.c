#include "wrinkle/core/head_mouth.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* Sizes in metres, from the lips' line inwards. */
#define MOUTH_LINING_RINGS 3
#define MOUTH_LINING_STEP 0.003f  /* depth per ring along the inward normal */
#define MOUTH_LINING_OPEN 0.0008f /* each ring parts the two lips by this much more */
#define MOUTH_TEETH 10            /* per arch */

/* Out of memory marks the mouth's mesh failed: every step after it does nothing, and
 * head_mouth_build reports false. */
static void *mouth__alloc(head_model *h, size_t n)
{
    void *p = calloc(n, 1);
    if (!p) {
        log_error("head mouth: out of memory (%zu bytes)", n);
        h->mouth.failed = true;
    }
    return p;
}

/* Grows the per-vertex tables with the mesh: anchor a (or -1) and jaw weight j for new vertices. */
static void mouth__tag(head_model *h, int from, int32_t anchor, float jaw)
{
    if (h->mouth.failed) return;
    int n = h->mouth.vertex_count;
    int32_t *anchors = realloc(h->mouth_anchor, (size_t)n * sizeof *anchors);
    if (anchors) h->mouth_anchor = anchors;
    float *jaws = anchors ? realloc(h->mouth_jaw, (size_t)n * sizeof *jaws) : NULL;
    if (jaws) h->mouth_jaw = jaws;
    if (!anchors || !jaws) {
        log_error("head mouth: out of memory for the tables of %d vertices", n);
        h->mouth.failed = true;
        return;
    }
    for (int v = from; v < n; v++) {
        h->mouth_anchor[v] = anchor;
        h->mouth_jaw[v] = jaw;
    }
}

/* The lining: rings of the mouth's outline (corner, upper lip left to right, corner, lower lip
 * right to left) stepping inwards, the first ring on the skin's slit. Faces look into the mouth. */
static void mouth__lining(head_model *h)
{
    const mesh_data *skin = &h->skin;
    mesh_data *m = &h->mouth;
    int n = h->slit_count, loop = 2 * n + 2;
    uint32_t *src = mouth__alloc(h, (size_t)loop * sizeof *src);
    int *side = mouth__alloc(h, (size_t)loop * sizeof *side);
    if (!src || !side) {
        free(src);
        free(side);
        return;
    }
    uint32_t first = h->slit_upper[0], last = h->slit_upper[n - 1];
    src[0] = first - 1; /* the shared corners: the grid's neighbours of the slit's ends */
    src[n + 1] = last + 1;
    for (int k = 0; k < n; k++) {
        src[1 + k] = h->slit_upper[k];
        side[1 + k] = 1;
        src[2 * n + 1 - k] = h->slit_lower[k];
        side[2 * n + 1 - k] = -1;
    }
    int base = m->vertex_count;
    for (int r = 0; r <= MOUTH_LINING_RINGS; r++) {
        for (int k = 0; k < loop; k++) {
            const float *p = skin->pos[src[k]], *nr = skin->nrm[src[k]];
            vec3 q;
            glm_vec3_copy((float *)p, q);
            glm_vec3_muladds((float *)nr, -MOUTH_LINING_STEP * (float)r, q);
            q[1] += (float)side[k] * MOUTH_LINING_OPEN * (float)r;
            q[0] *= 1.0f - 0.05f * (float)r; /* the corners tuck in, away from the cheeks */
            int v = (int)mesh_add_vertex(m, q, NULL, NULL);
            mouth__tag(h, v, (int32_t)src[k], 0.0f);
        }
    }
    /* one consistent winding around the loop; which way round is found from an upper-lip face,
     * which must look down into the mouth */
    int tri0 = m->index_count;
    for (int r = 0; r < MOUTH_LINING_RINGS; r++)
        for (int k = 0; k < loop; k++) {
            uint32_t a = (uint32_t)(base + r * loop + k), b = (uint32_t)(base + r * loop + (k + 1) % loop);
            uint32_t c = a + (uint32_t)loop, d = b + (uint32_t)loop;
            mesh_add_tri(m, a, b, d);
            mesh_add_tri(m, a, d, c);
        }
    if (m->failed) { /* the triangles looked at below may be missing */
        free(src);
        free(side);
        return;
    }
    uint32_t *t = m->idx + tri0 + 6 * (loop + n / 2); /* ring 1, middle of the upper lip */
    vec3 e1, e2, fn;
    glm_vec3_sub(m->pos[t[1]], m->pos[t[0]], e1);
    glm_vec3_sub(m->pos[t[2]], m->pos[t[0]], e2);
    glm_vec3_cross(e1, e2, fn);
    if (fn[1] > 0.0f)
        for (int i = tri0; i < m->index_count; i += 3) {
            uint32_t tmp = m->idx[i + 1];
            m->idx[i + 1] = m->idx[i + 2];
            m->idx[i + 2] = tmp;
        }
    free(src);
    free(side);
}

/* Appends part (its vertices tagged: no anchor, jaw weight jaw); inside = seen from within. */
static void mouth__append(head_model *h, const mesh_data *part, mat4 xf, float jaw, bool inside)
{
    mesh_data *m = &h->mouth;
    int v0 = m->vertex_count, i0 = m->index_count;
    mesh_append(m, part, xf);
    mouth__tag(h, v0, -1, jaw);
    if (!inside || m->failed) return;
    for (int i = i0; i < m->index_count; i += 3) {
        uint32_t tmp = m->idx[i + 1];
        m->idx[i + 1] = m->idx[i + 2];
        m->idx[i + 2] = tmp;
    }
    for (int v = v0; v < m->vertex_count; v++) glm_vec3_negate(m->nrm[v]);
}

static void mouth__teeth(head_model *h, const vec3 front, float top, float bottom, float half_w, float half_d,
                         float jaw)
{
    /* an arch: x = half_w sin a, z = front z - half_d (1 - cos a), each tooth turned along it */
    const float spread = 1.2f, height = top - bottom;
    for (int k = 0; k < MOUTH_TEETH; k++) {
        float a = spread * (((float)k + 0.5f) / MOUTH_TEETH * 2.0f - 1.0f);
        float step = 2.0f * spread / MOUTH_TEETH * sqrtf(half_w * half_w * cosf(a) * cosf(a) +
                                                         half_d * half_d * sinf(a) * sinf(a));
        float front_teeth = fabsf(a) < 0.5f ? 1.0f : 0.85f; /* incisors a little taller */
        /* a rounded tooth: a flattened ellipsoid squared off across and along (a superellipsoid:
         * x and y to the power 0.6), wide along the arch, thin front to back, its neighbours
         * touching so the row reads as one crown line with soft gaps and a flat cutting edge
         * (a plain ellipsoid's edge showed under the lip as a row of points) */
        mesh_data tooth = {0};
        mesh_build_sphere(&tooth, 1.0f, 12, 8);
        for (int v = 0; v < tooth.vertex_count; v++)
            for (int c = 0; c < 2; c++) tooth.pos[v][c] = copysignf(powf(fabsf(tooth.pos[v][c]), 0.6f), tooth.pos[v][c]);
        mesh_compute_smooth_normals(&tooth, 1e-5f);
        mat4 xf;
        glm_translate_make(xf, (vec3){half_w * sinf(a), bottom + 0.5f * height, front[2] - half_d * (1.0f - cosf(a))});
        glm_rotate_y(xf, atan2f(half_d * sinf(a), half_w * cosf(a)), xf); /* x along the arch */
        glm_scale(xf, (vec3){0.52f * step, 0.5f * height * front_teeth, 0.0017f});
        mouth__append(h, &tooth, xf, jaw, false);
        mesh_data_free(&tooth);
    }
}

bool head_mouth_build(head_model *h)
{
    assert(h->slit_count > 2);
    mesh_data *m = &h->mouth;
    /* the lips' line at the middle of the mouth */
    const float *mid = h->skin.pos[h->slit_upper[h->slit_count / 2]];
    vec3 lip;
    glm_vec3_copy((float *)mid, lip);
    int first = m->index_count;
    mouth__lining(h);
    /* the sack: an ellipsoid seen from inside, its front just behind the lips, roof fixed and
     * floor turning with the jaw (weights per vertex below) */
    const vec3 sack_c = {0.0f, lip[1] - 0.003f, lip[2] - 0.034f}, sack_r = {0.029f, 0.0135f, 0.030f};
    mesh_data ball = {0};
    mesh_build_sphere(&ball, 1.0f, 32, 20);
    mat4 xf;
    glm_translate_make(xf, (vec3){sack_c[0], sack_c[1], sack_c[2]});
    glm_scale(xf, (vec3){sack_r[0], sack_r[1], sack_r[2]});
    int v0 = m->vertex_count;
    mouth__append(h, &ball, xf, 0.0f, true);
    for (int v = v0; v < m->vertex_count && !m->failed; v++) {
        float t = glm_clamp((sack_c[1] + 0.3f * sack_r[1] - m->pos[v][1]) / (0.6f * sack_r[1]), 0.0f, 1.0f);
        h->mouth_jaw[v] = t * t * (3.0f - 2.0f * t);
    }
    mesh_data_free(&ball);
    h->mouth_part[HEAD_MOUTH_CAVITY][0] = first;
    h->mouth_part[HEAD_MOUTH_CAVITY][1] = m->index_count - first;

    first = m->index_count;
    /* upper teeth hang to just below the lips' line (an overbite), the lower ones stand behind */
    mouth__teeth(h, (vec3){0.0f, 0.0f, lip[2] - 0.0065f}, lip[1] + 0.0055f, lip[1] - 0.0042f, 0.021f, 0.017f, 0.0f);
    mouth__teeth(h, (vec3){0.0f, 0.0f, lip[2] - 0.0100f}, lip[1] - 0.0015f, lip[1] - 0.0100f, 0.0195f, 0.016f, 1.0f);
    h->mouth_part[HEAD_MOUTH_TEETH][0] = first;
    h->mouth_part[HEAD_MOUTH_TEETH][1] = m->index_count - first;

    first = m->index_count;
    mesh_build_sphere(&ball, 1.0f, 24, 12);
    glm_translate_make(xf, (vec3){0.0f, lip[1] - 0.0095f, lip[2] - 0.035f});
    glm_scale(xf, (vec3){0.0165f, 0.0065f, 0.021f});
    mouth__append(h, &ball, xf, 1.0f, false);
    mesh_data_free(&ball);
    h->mouth_part[HEAD_MOUTH_TONGUE][0] = first;
    h->mouth_part[HEAD_MOUTH_TONGUE][1] = m->index_count - first;

    /* the lining's normals from its faces; the sack, teeth and tongue keep their builders' */
    int lining_vertices = (MOUTH_LINING_RINGS + 1) * (2 * h->slit_count + 2);
    if (m->failed) return false;
    mesh_data lining = *m;
    lining.nrm = mouth__alloc(h, (size_t)m->vertex_count * sizeof *lining.nrm);
    if (!lining.nrm) return false;
    lining.index_count = h->mouth_part[HEAD_MOUTH_CAVITY][0] + 6 * MOUTH_LINING_RINGS * (2 * h->slit_count + 2);
    mesh_compute_normals(&lining);
    memcpy(m->nrm, lining.nrm, (size_t)lining_vertices * sizeof *m->nrm);
    free(lining.nrm);
    return true;
}

void head_mouth_deltas(const head_model *h, int s, float (*dpos)[3], float (*dnrm)[3])
{
    const mesh_data *m = &h->mouth;
    const float a = HEAD_JAW_ANGLE;
    for (int v = 0; v < m->vertex_count; v++) {
        int32_t anchor = h->mouth_anchor[v];
        glm_vec3_zero(dnrm[v]);
        if (anchor >= 0) {
            glm_vec3_copy(h->shape_dpos[s][anchor], dpos[v]);
            continue;
        }
        glm_vec3_zero(dpos[v]);
        if (s != HEAD_JAW_OPEN || h->mouth_jaw[v] == 0.0f) continue;
        float w = h->mouth_jaw[v];
        head_jaw_turn(m->pos[v], dpos[v]);
        glm_vec3_scale(dpos[v], w, dpos[v]);
        const float *n = m->nrm[v];
        vec3 turned = {n[0], n[1] * cosf(a) - n[2] * sinf(a), n[1] * sinf(a) + n[2] * cosf(a)};
        glm_vec3_sub(turned, (float *)n, dnrm[v]);
        glm_vec3_scale(dnrm[v], w, dnrm[v]);
    }
}

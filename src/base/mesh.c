#include "base/mesh.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* Out of memory: said once per mesh; from then on it takes no more vertices or triangles. */
static void mesh__fail(mesh_data *m, const char *what, int entries)
{
    if (!m->failed) log_error("mesh: out of memory growing %s to %d entries: the mesh is incomplete", what, entries);
    m->failed = true;
}

/* Vertex arrays hold vertex_cap + 1 entries: the one past the end is the scratch vertex a failed
 * mesh_add_vertex returns, so callers that write through the index they got stay in bounds. */
static bool mesh__realloc(void *pp, int old_cap, int new_cap, size_t elem, int spare)
{
    void **p = pp;
    void *np = realloc(*p, ((size_t)new_cap + (size_t)spare) * elem);
    if (!np) return false;
    size_t keep = *p ? (size_t)old_cap : 0;
    memset((char *)np + keep * elem, 0, ((size_t)new_cap + (size_t)spare - keep) * elem);
    *p = np;
    return true;
}

void mesh_data_free(mesh_data *m)
{
    if (!m) return;
    free(m->pos); free(m->nrm); free(m->uv); free(m->tan); free(m->snrm); free(m->idx);
    memset(m, 0, sizeof *m);
}

void mesh_clear(mesh_data *m)
{
    m->vertex_count = 0;
    m->index_count = 0;
    m->failed = false; /* a rebuild may find the memory this time */
}

static bool mesh__reserve_vertices(mesh_data *m, int n)
{
    if (n < m->vertex_cap) return true;
    int ncap = m->vertex_cap ? m->vertex_cap * 2 : 256;
    while (ncap <= n) ncap *= 2;
    const int old = m->vertex_cap;
    bool ok = mesh__realloc(&m->pos, old, ncap, sizeof *m->pos, 1) && mesh__realloc(&m->nrm, old, ncap, sizeof *m->nrm, 1) &&
              mesh__realloc(&m->uv, old, ncap, sizeof *m->uv, 1) && mesh__realloc(&m->tan, old, ncap, sizeof *m->tan, 1) &&
              mesh__realloc(&m->snrm, old, ncap, sizeof *m->snrm, 1);
    if (ok) {
        m->vertex_cap = ncap;
        return true;
    }
    mesh__fail(m, "its vertices", ncap);
    /* the scratch vertex must exist even when the very first growth failed */
    if (!old) {
        bool spare = mesh__realloc(&m->pos, 0, 0, sizeof *m->pos, 1) && mesh__realloc(&m->nrm, 0, 0, sizeof *m->nrm, 1) &&
                     mesh__realloc(&m->uv, 0, 0, sizeof *m->uv, 1) && mesh__realloc(&m->tan, 0, 0, sizeof *m->tan, 1) &&
                     mesh__realloc(&m->snrm, 0, 0, sizeof *m->snrm, 1);
        (void)spare; /* without even that, the arrays stay NULL: nothing is left to write into */
    }
    return false;
}

uint32_t mesh_add_vertex(mesh_data *m, const float pos[3], const float nrm[3], const float uv[2])
{
    /* the arguments may point into this mesh, whose arrays move as they grow */
    float p[3] = {pos[0], pos[1], pos[2]}, nv[3] = {0, 0, 0}, t[2] = {0, 0};
    if (nrm) memcpy(nv, nrm, sizeof nv);
    if (uv) memcpy(t, uv, sizeof t);
    int n = m->vertex_count;
    if (m->failed || !mesh__reserve_vertices(m, n)) n = m->vertex_cap; /* the scratch vertex */
    else m->vertex_count = n + 1;
    if (!m->pos || !m->nrm || !m->uv || !m->tan || !m->snrm) return (uint32_t)n;
    memcpy(m->pos[n], p, sizeof p);
    memcpy(m->nrm[n], nv, sizeof nv);
    memcpy(m->uv[n], t, sizeof t);
    memset(m->tan[n], 0, sizeof m->tan[n]);
    memcpy(m->snrm[n], nv, sizeof nv);
    return (uint32_t)n;
}

void mesh_add_tri(mesh_data *m, uint32_t a, uint32_t b, uint32_t c)
{
    if (m->failed) return; /* a, b, c may be the scratch vertex */
    assert(a < (uint32_t)m->vertex_count && b < (uint32_t)m->vertex_count && c < (uint32_t)m->vertex_count);
    if (m->index_count + 3 > m->index_cap) {
        int ncap = m->index_cap ? m->index_cap * 2 : 256;
        while (ncap < m->index_count + 3) ncap *= 2;
        if (!mesh__realloc(&m->idx, m->index_cap, ncap, sizeof *m->idx, 0)) {
            mesh__fail(m, "its indices", ncap);
            return;
        }
        m->index_cap = ncap;
    }
    m->idx[m->index_count++] = a;
    m->idx[m->index_count++] = b;
    m->idx[m->index_count++] = c;
}

void mesh_append(mesh_data *dst, const mesh_data *src, mat4 xf)
{
    mat3 nm;
    mat4 inv;
    glm_mat4_inv(xf, inv);
    glm_mat4_transpose(inv);
    glm_mat4_pick3(inv, nm);
    uint32_t base = (uint32_t)dst->vertex_count;
    for (int i = 0; i < src->vertex_count; i++) {
        vec3 p, n, s, t;
        glm_mat4_mulv3(xf, (float *)src->pos[i], 1.0f, p);
        glm_mat3_mulv(nm, (float *)src->nrm[i], n);
        glm_mat3_mulv(nm, (float *)src->snrm[i], s);
        glm_mat4_mulv3(xf, (float *)src->tan[i], 0.0f, t);
        glm_vec3_normalize(n);
        glm_vec3_normalize(s);
        glm_vec3_normalize(t);
        uint32_t v = mesh_add_vertex(dst, p, n, src->uv[i]);
        memcpy(dst->snrm[v], s, sizeof s);
        dst->tan[v][0] = t[0]; dst->tan[v][1] = t[1]; dst->tan[v][2] = t[2];
        dst->tan[v][3] = src->tan[i][3];
    }
    /* A mirroring transform flips the winding. */
    bool flip = glm_mat4_det(xf) < 0.0f;
    for (int i = 0; i < src->index_count; i += 3) {
        uint32_t a = base + src->idx[i], b = base + src->idx[i + 1], c = base + src->idx[i + 2];
        if (flip) mesh_add_tri(dst, a, c, b); else mesh_add_tri(dst, a, b, c);
    }
}

void mesh_build_box(mesh_data *m, const float he[3], int cells)
{
    if (cells < 1) cells = 1;
    /* Each face: normal axis n, u axis, v axis chosen so u x v = n (CCW seen from outside). */
    static const int side_axes[6][3] = {{0, 2, 1}, {0, 1, 2}, {1, 0, 2}, {1, 2, 0}, {2, 1, 0}, {2, 0, 1}};
    for (int f = 0; f < 6; f++) {
        int na = side_axes[f][0];
        float sgn = (f & 1) ? -1.0f : 1.0f;
        int ua = side_axes[f][1], va = side_axes[f][2];
        if (sgn < 0) { int t = ua; ua = va; va = t; }
        /* Keep u x v == +n for the signed normal. */
        vec3 eu = {0}, ev = {0}, en = {0}, c;
        eu[ua] = 1; ev[va] = 1; en[na] = sgn;
        glm_vec3_cross(eu, ev, c);
        if (glm_vec3_dot(c, en) < 0) { int t = ua; ua = va; va = t; }
        uint32_t base = (uint32_t)m->vertex_count;
        for (int j = 0; j <= cells; j++) {
            for (int i = 0; i <= cells; i++) {
                float u = (float)i / cells, v = (float)j / cells;
                float p[3], n[3] = {0, 0, 0}, uv[2] = {u, v};
                p[na] = sgn * he[na];
                p[ua] = (u * 2 - 1) * he[ua];
                p[va] = (v * 2 - 1) * he[va];
                n[na] = sgn;
                mesh_add_vertex(m, p, n, uv);
            }
        }
        for (int j = 0; j < cells; j++) {
            for (int i = 0; i < cells; i++) {
                uint32_t a = base + (uint32_t)(j * (cells + 1) + i);
                uint32_t b = a + 1, d = a + (uint32_t)(cells + 1), e = d + 1;
                mesh_add_tri(m, a, b, e);
                mesh_add_tri(m, a, e, d);
            }
        }
    }
    mesh_compute_tangents(m);
    mesh_compute_smooth_normals(m, 1e-5f);
}

void mesh_build_sphere(mesh_data *m, float r, int slices, int stacks)
{
    uint32_t base = (uint32_t)m->vertex_count;
    for (int j = 0; j <= stacks; j++) {
        float v = (float)j / stacks, th = v * GLM_PIf;
        for (int i = 0; i <= slices; i++) {
            float u = (float)i / slices, ph = u * 2.0f * GLM_PIf;
            float n[3] = {sinf(th) * sinf(ph), cosf(th), sinf(th) * cosf(ph)};
            float p[3] = {n[0] * r, n[1] * r, n[2] * r}, uv[2] = {u, 1.0f - v};
            mesh_add_vertex(m, p, n, uv);
        }
    }
    for (int j = 0; j < stacks; j++) {
        for (int i = 0; i < slices; i++) {
            uint32_t a = base + (uint32_t)(j * (slices + 1) + i), b = a + 1;
            uint32_t c = a + (uint32_t)(slices + 1), d = c + 1;
            if (j > 0) mesh_add_tri(m, a, c, b);
            if (j < stacks - 1) mesh_add_tri(m, b, c, d);
        }
    }
    mesh_compute_tangents(m);
    mesh_compute_smooth_normals(m, 1e-5f);
}

void mesh_build_plane(mesh_data *m, float sx, float sz, int cells)
{
    if (cells < 1) cells = 1;
    uint32_t base = (uint32_t)m->vertex_count;
    for (int j = 0; j <= cells; j++) {
        for (int i = 0; i <= cells; i++) {
            float u = (float)i / cells, v = (float)j / cells;
            float p[3] = {(u - 0.5f) * sx, 0, (v - 0.5f) * sz}, n[3] = {0, 1, 0}, uv[2] = {u, v};
            mesh_add_vertex(m, p, n, uv);
        }
    }
    for (int j = 0; j < cells; j++) {
        for (int i = 0; i < cells; i++) {
            uint32_t a = base + (uint32_t)(j * (cells + 1) + i), b = a + 1;
            uint32_t c = a + (uint32_t)(cells + 1), d = c + 1;
            mesh_add_tri(m, a, c, d);
            mesh_add_tri(m, a, d, b);
        }
    }
    mesh_compute_tangents(m);
}

void mesh_build_cylinder(mesh_data *m, float r, float h, int slices, int caps)
{
    uint32_t base = (uint32_t)m->vertex_count;
    for (int j = 0; j <= 1; j++) {
        for (int i = 0; i <= slices; i++) {
            float u = (float)i / slices, a = u * 2.0f * GLM_PIf;
            float n[3] = {sinf(a), 0, cosf(a)}, p[3] = {n[0] * r, j * h, n[2] * r}, uv[2] = {u, (float)j};
            mesh_add_vertex(m, p, n, uv);
        }
    }
    for (int i = 0; i < slices; i++) {
        uint32_t a = base + (uint32_t)i, b = a + 1, c = a + (uint32_t)(slices + 1), d = c + 1;
        mesh_add_tri(m, a, b, d);
        mesh_add_tri(m, a, d, c);
    }
    if (caps) {
        for (int j = 0; j <= 1; j++) {
            float ny = j ? 1.0f : -1.0f;
            float cp[3] = {0, j * h, 0}, cn[3] = {0, ny, 0}, cuv[2] = {0.5f, 0.5f};
            uint32_t c = mesh_add_vertex(m, cp, cn, cuv);
            uint32_t first = (uint32_t)m->vertex_count;
            for (int i = 0; i <= slices; i++) {
                float a = (float)i / slices * 2.0f * GLM_PIf;
                float p[3] = {sinf(a) * r, j * h, cosf(a) * r}, uv[2] = {0.5f + 0.5f * sinf(a), 0.5f + 0.5f * cosf(a)};
                mesh_add_vertex(m, p, cn, uv);
            }
            for (int i = 0; i < slices; i++) {
                if (j) mesh_add_tri(m, c, first + (uint32_t)i, first + (uint32_t)i + 1);
                else mesh_add_tri(m, c, first + (uint32_t)i + 1, first + (uint32_t)i);
            }
        }
    }
    mesh_compute_tangents(m);
    mesh_compute_smooth_normals(m, 1e-5f);
}

void mesh_add_box(mesh_data *m, const float c[3], const float h[3], float rx, float ry)
{
    mesh_data b = {0};
    mesh_build_box(&b, h, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){c[0], c[1], c[2]});
    if (ry != 0.0f) glm_rotate(xf, ry, (vec3){0, 1, 0});
    if (rx != 0.0f) glm_rotate(xf, rx, (vec3){1, 0, 0});
    mesh_append(m, &b, xf);
    mesh_data_free(&b);
}

void mesh_add_cylinder(mesh_data *m, const float c[3], int axis, float r, float len, int slices)
{
    mesh_data cy = {0};
    mesh_build_cylinder(&cy, r, len, slices, 1);
    mat4 xf; /* the builder's axis is y from its base: moved to the base, then turned onto the axis */
    vec3 base = {c[0], c[1], c[2]};
    base[axis] -= 0.5f * len;
    glm_translate_make(xf, base);
    if (axis == 0) glm_rotate(xf, -GLM_PI_2f, (vec3){0, 0, 1});
    if (axis == 2) glm_rotate(xf, GLM_PI_2f, (vec3){1, 0, 0});
    mesh_append(m, &cy, xf);
    mesh_data_free(&cy);
}

void mesh_compute_normals(mesh_data *m)
{
    for (int i = 0; i < m->vertex_count; i++) glm_vec3_zero(m->nrm[i]);
    for (int i = 0; i < m->index_count; i += 3) {
        uint32_t a = m->idx[i], b = m->idx[i + 1], c = m->idx[i + 2];
        vec3 e1, e2, n;
        glm_vec3_sub(m->pos[b], m->pos[a], e1);
        glm_vec3_sub(m->pos[c], m->pos[a], e2);
        glm_vec3_cross(e1, e2, n); /* length = 2 * area: area weighting for free */
        glm_vec3_add(m->nrm[a], n, m->nrm[a]);
        glm_vec3_add(m->nrm[b], n, m->nrm[b]);
        glm_vec3_add(m->nrm[c], n, m->nrm[c]);
    }
    for (int i = 0; i < m->vertex_count; i++) glm_vec3_normalize(m->nrm[i]);
}

void mesh_compute_tangents(mesh_data *m)
{
    int n = m->vertex_count;
    float (*bit)[3] = calloc((size_t)n + 1, sizeof *bit);
    if (!bit) {
        mesh__fail(m, "a tangent scratch buffer", n + 1);
        return;
    }
    for (int i = 0; i < n; i++) glm_vec4_zero(m->tan[i]);
    for (int i = 0; i < m->index_count; i += 3) {
        uint32_t ix[3] = {m->idx[i], m->idx[i + 1], m->idx[i + 2]};
        vec3 e1, e2;
        glm_vec3_sub(m->pos[ix[1]], m->pos[ix[0]], e1);
        glm_vec3_sub(m->pos[ix[2]], m->pos[ix[0]], e2);
        float du1 = m->uv[ix[1]][0] - m->uv[ix[0]][0], dv1 = m->uv[ix[1]][1] - m->uv[ix[0]][1];
        float du2 = m->uv[ix[2]][0] - m->uv[ix[0]][0], dv2 = m->uv[ix[2]][1] - m->uv[ix[0]][1];
        float det = du1 * dv2 - du2 * dv1;
        if (fabsf(det) < 1e-12f) continue;
        float r = 1.0f / det;
        vec3 t, b;
        for (int k = 0; k < 3; k++) {
            t[k] = (e1[k] * dv2 - e2[k] * dv1) * r;
            b[k] = (e2[k] * du1 - e1[k] * du2) * r;
        }
        for (int k = 0; k < 3; k++) {
            glm_vec3_add(m->tan[ix[k]], t, m->tan[ix[k]]);
            glm_vec3_add(bit[ix[k]], b, bit[ix[k]]);
        }
    }
    for (int i = 0; i < n; i++) {
        vec3 t, nn, b;
        glm_vec3_copy(m->tan[i], t);
        glm_vec3_copy(m->nrm[i], nn);
        /* Gram-Schmidt against the normal; fall back to any perpendicular when uv is degenerate. */
        glm_vec3_muladds(nn, -glm_vec3_dot(nn, t), t);
        if (glm_vec3_norm2(t) < 1e-12f) {
            vec3 ax = {1, 0, 0};
            if (fabsf(nn[0]) > 0.9f) glm_vec3_copy((vec3){0, 1, 0}, ax);
            glm_vec3_cross(ax, nn, t);
        }
        glm_vec3_normalize(t);
        glm_vec3_cross(nn, t, b);
        m->tan[i][0] = t[0]; m->tan[i][1] = t[1]; m->tan[i][2] = t[2];
        m->tan[i][3] = glm_vec3_dot(b, bit[i]) < 0.0f ? -1.0f : 1.0f;
    }
    free(bit);
}

typedef struct { float key; int v; } mesh__sortkey;

static int mesh__cmp(const void *a, const void *b)
{
    float ka = ((const mesh__sortkey *)a)->key, kb = ((const mesh__sortkey *)b)->key;
    return (ka > kb) - (ka < kb);
}

void mesh_compute_smooth_normals(mesh_data *m, float eps)
{
    /* Sort by one coordinate, then weld within a sliding window: O(n log n) for typical meshes. */
    int n = m->vertex_count;
    mesh__sortkey *keys = malloc((size_t)(n + 1) * sizeof *keys);
    float (*acc)[3] = calloc((size_t)n + 1, sizeof *acc);
    if (!keys || !acc) {
        free(keys);
        free(acc);
        mesh__fail(m, "a smooth-normal scratch buffer", n + 1);
        return;
    }
    for (int i = 0; i < n; i++) keys[i] = (mesh__sortkey){m->pos[i][0] + m->pos[i][1] * 0.3713f + m->pos[i][2] * 0.1177f, i};
    qsort(keys, (size_t)n, sizeof *keys, mesh__cmp);
    float win = eps * 1.48f + 1e-7f;
    for (int s = 0; s < n;) {
        int e = s + 1;
        while (e < n && keys[e].key - keys[e - 1].key <= win) e++;
        /* [s, e) is a run of candidates; weld exact neighbours inside it. */
        for (int i = s; i < e; i++) {
            int vi = keys[i].v;
            for (int j = s; j < e; j++) {
                int vj = keys[j].v;
                if (glm_vec3_distance2(m->pos[vi], m->pos[vj]) <= eps * eps) glm_vec3_add(acc[vi], m->nrm[vj], acc[vi]);
            }
        }
        s = e;
    }
    for (int i = 0; i < n; i++) {
        if (glm_vec3_norm2(acc[i]) < 1e-20f) glm_vec3_copy(m->nrm[i], acc[i]);
        glm_vec3_normalize_to(acc[i], m->snrm[i]);
    }
    free(keys);
    free(acc);
}

void mesh_bounds(const mesh_data *m, vec3 lo, vec3 hi)
{
    glm_vec3_fill(lo, m->vertex_count ? FLT_MAX : 0.0f);
    glm_vec3_fill(hi, m->vertex_count ? -FLT_MAX : 0.0f);
    for (int i = 0; i < m->vertex_count; i++) {
        glm_vec3_minv(lo, m->pos[i], lo);
        glm_vec3_maxv(hi, m->pos[i], hi);
    }
}

void mesh_copy(mesh_data *dst, const mesh_data *src)
{
    memset(dst, 0, sizeof *dst);
    for (int i = 0; i < src->vertex_count; i++) {
        uint32_t v = mesh_add_vertex(dst, src->pos[i], src->nrm[i], src->uv[i]);
        memcpy(dst->tan[v], src->tan[i], sizeof dst->tan[v]);
        memcpy(dst->snrm[v], src->snrm[i], sizeof dst->snrm[v]);
    }
    for (int i = 0; i < src->index_count; i += 3) mesh_add_tri(dst, src->idx[i], src->idx[i + 1], src->idx[i + 2]);
}

bool mesh_vertex_curvature(const mesh_data *m, float *out)
{
    int *count = calloc((size_t)(m->vertex_count > 0 ? m->vertex_count : 1), sizeof *count);
    if (!count) {
        log_error("mesh: out of memory for the curvature of %d vertices", m->vertex_count);
        return false;
    }
    for (int v = 0; v < m->vertex_count; v++) out[v] = 0.0f;
    for (int t = 0; t + 2 < m->index_count; t += 3)
        for (int e = 0; e < 3; e++) {
            const uint32_t a = m->idx[t + e], b = m->idx[t + (e + 1) % 3];
            vec3 dp, dn;
            glm_vec3_sub(m->pos[b], m->pos[a], dp);
            glm_vec3_sub(m->nrm[b], m->nrm[a], dn);
            const float len2 = glm_vec3_norm2(dp);
            if (len2 <= 1e-18f) continue;
            /* the normal's turn along the edge, signed: it opens out (+) on a convex form, closes in
             * (-) in a crease */
            const float k = glm_vec3_dot(dn, dp) / len2;
            out[a] += k;
            out[b] += k;
            count[a]++;
            count[b]++;
        }
    for (int v = 0; v < m->vertex_count; v++)
        if (count[v]) out[v] /= (float)count[v];
    free(count);
    return true;
}

/* The culled unwrap's geometry, apart from GL so that what a sphere reaches (and that nothing it
 * reaches is lost) is tested without a driver; damage_passes.c draws the quads it makes. */
#include "damage/core/damage_cull.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* A run of consecutive triangles of one mesh with a bounding sphere in mesh space. */
typedef struct cull_cluster {
    float c[3], r;
    int first_tri, tris;      /* triangles of the merged mesh */
} cull_cluster;

struct damage_cull {
    int mesh_count, size, charts;
    int *mesh_first, *mesh_indices;  /* per mesh: its index range in idx */
    float (*mesh_bound)[4];          /* per mesh: mesh-space centre, radius */
    int *mesh_cluster;               /* clusters of mesh m: [mesh_cluster[m], mesh_cluster[m + 1]) */
    uint32_t *idx;                   /* every mesh's triangles, merged in mesh order, into pos/uv */
    float (*pos)[3], (*uv)[2];       /* mesh-space positions and atlas uv */
    float (*tri_bound)[4];           /* per triangle: mesh-space centre, radius */
    int *tri_chart;                  /* per triangle: its atlas chart */
    cull_cluster *clusters;
    float (*rect)[4];                /* per chart: the UV box an entry grows (scratch) */
    int *used;                       /* the charts an entry reached (scratch) */
    damage_cull_vert *stream;
    int stream_cap;
};

/* Bounding spheres of every triangle and of every cluster, in mesh space. */
static void build_bounds(damage_cull *c, int tris)
{
    for (int t = 0; t < tris; t++) {
        const float *a = c->pos[c->idx[3 * t]], *b = c->pos[c->idx[3 * t + 1]], *d = c->pos[c->idx[3 * t + 2]];
        float *o = c->tri_bound[t];
        for (int k = 0; k < 3; k++) o[k] = (a[k] + b[k] + d[k]) / 3.0f;
        o[3] = fmaxf(glm_vec3_distance(o, (float *)a), fmaxf(glm_vec3_distance(o, (float *)b), glm_vec3_distance(o, (float *)d)));
    }
    int k = 0;
    for (int p = 0; p < c->mesh_count; p++) {
        c->mesh_cluster[p] = k;
        const int t0 = c->mesh_first[p] / 3, t1 = t0 + c->mesh_indices[p] / 3;
        vec3 mlo = {1e30f, 1e30f, 1e30f}, mhi = {-1e30f, -1e30f, -1e30f};
        for (int t = t0; t < t1; t += DAMAGE_CULL_CLUSTER_TRIS, k++) {
            cull_cluster *cl = &c->clusters[k];
            cl->first_tri = t;
            cl->tris = t1 - t < DAMAGE_CULL_CLUSTER_TRIS ? t1 - t : DAMAGE_CULL_CLUSTER_TRIS;
            vec3 lo = {1e30f, 1e30f, 1e30f}, hi = {-1e30f, -1e30f, -1e30f};
            for (int i = t; i < t + cl->tris; i++) {
                glm_vec3_minv(lo, (float *)c->tri_bound[i], lo);
                glm_vec3_maxv(hi, (float *)c->tri_bound[i], hi);
            }
            glm_vec3_center(lo, hi, cl->c);
            cl->r = 0;
            for (int i = t; i < t + cl->tris; i++) cl->r = fmaxf(cl->r, glm_vec3_distance(cl->c, (float *)c->tri_bound[i]) + c->tri_bound[i][3]);
            glm_vec3_minv(mlo, cl->c, mlo);
            glm_vec3_maxv(mhi, cl->c, mhi);
        }
        /* the mesh: around its clusters */
        float *mb = c->mesh_bound[p];
        glm_vec3_center(mlo, mhi, mb);
        mb[3] = 0;
        for (int i = c->mesh_cluster[p]; i < k; i++) mb[3] = fmaxf(mb[3], glm_vec3_distance(mb, c->clusters[i].c) + c->clusters[i].r);
    }
    c->mesh_cluster[c->mesh_count] = k;
}

damage_cull *damage_cull_create(const damage_mesh *meshes, int mesh_count, int atlas_size)
{
    damage_cull *c = calloc(1, sizeof *c);
    if (!c) goto oom;
    c->mesh_count = mesh_count;
    c->size = atlas_size;
    int tris = 0, nclusters = 0;
    for (int p = 0; p < mesh_count; p++) {
        const int pt = meshes[p].index_count / 3;
        tris += pt;
        nclusters += (pt + DAMAGE_CULL_CLUSTER_TRIS - 1) / DAMAGE_CULL_CLUSTER_TRIS;
        for (int v = 0; v < meshes[p].vertex_count; v++) c->charts = meshes[p].charts[v] >= c->charts ? meshes[p].charts[v] + 1 : c->charts;
    }
    c->mesh_first = malloc((size_t)mesh_count * sizeof *c->mesh_first);
    c->mesh_indices = malloc((size_t)mesh_count * sizeof *c->mesh_indices);
    c->mesh_bound = malloc((size_t)mesh_count * sizeof *c->mesh_bound);
    c->mesh_cluster = malloc((size_t)(mesh_count + 1) * sizeof *c->mesh_cluster);
    c->tri_chart = malloc((size_t)tris * sizeof *c->tri_chart);
    c->tri_bound = malloc((size_t)tris * sizeof *c->tri_bound);
    c->clusters = malloc((size_t)(nclusters ? nclusters : 1) * sizeof *c->clusters);
    c->rect = malloc((size_t)(c->charts ? c->charts : 1) * sizeof *c->rect);
    c->used = malloc((size_t)(c->charts ? c->charts : 1) * sizeof *c->used);
    c->idx = malloc((size_t)tris * 3 * sizeof *c->idx);
    if (!c->mesh_first || !c->mesh_indices || !c->mesh_bound || !c->mesh_cluster || !c->tri_chart || !c->tri_bound ||
        !c->clusters || !c->rect || !c->used || !c->idx)
        goto oom;
    /* each mesh's own vertices, one after the other (meshes sharing arrays get copies) */
    int verts = 0;
    for (int p = 0; p < mesh_count; p++) verts += meshes[p].vertex_count;
    c->pos = malloc((size_t)verts * sizeof *c->pos);
    c->uv = malloc((size_t)verts * sizeof *c->uv);
    if (!c->pos || !c->uv) goto oom;
    int vbase = 0, ibase = 0;
    for (int p = 0; p < mesh_count; p++) {
        const damage_mesh *m = &meshes[p];
        c->mesh_first[p] = ibase;
        c->mesh_indices[p] = m->index_count;
        memcpy(c->pos + vbase, m->positions, (size_t)m->vertex_count * sizeof *c->pos);
        memcpy(c->uv + vbase, m->uvs, (size_t)m->vertex_count * sizeof *c->uv);
        for (int i = 0; i < m->index_count; i++) c->idx[ibase + i] = (uint32_t)vbase + m->indices[i];
        for (int t = 0; t < m->index_count; t += 3) c->tri_chart[(ibase + t) / 3] = m->charts[m->indices[t]];
        vbase += m->vertex_count;
        ibase += m->index_count;
    }
    build_bounds(c, tris);
    return c;
oom:
    log_error("damage: out of memory for the unwrap's bounds");
    damage_cull_destroy(c);
    return NULL;
}

void damage_cull_destroy(damage_cull *c)
{
    if (!c) return;
    free(c->mesh_first);
    free(c->mesh_indices);
    free(c->mesh_bound);
    free(c->mesh_cluster);
    free(c->idx);
    free(c->pos);
    free(c->uv);
    free(c->tri_bound);
    free(c->tri_chart);
    free(c->clusters);
    free(c->rect);
    free(c->used);
    free(c->stream);
    free(c);
}

float damage_cull_reach(const float s[4]) { return fabsf(s[3]) * DAMAGE_SCORCH_REACH; }

bool damage_cull_mesh_reached(const damage_cull *c, int m, const float s[4])
{
    return glm_vec3_distance(c->mesh_bound[m], (float *)s) < c->mesh_bound[m][3] + damage_cull_reach(s);
}

bool damage_cull_entry_make(const damage_cull *c, int m, mat4 model, const float s[4], int tag, damage_cull_entry *out)
{
    mat4 inv;
    glm_mat4_inv(model, inv);
    /* a uniform scale divides the radius; a rigid model (the usual) leaves it exactly as it is */
    float scale = cbrtf(fabsf(glm_mat4_det(model)));
    if (!(fabsf(scale - 1.0f) > 1e-5f)) scale = 1.0f;
    glm_mat4_mulv3(inv, (float *)s, 1.0f, out->sphere);
    out->sphere[3] = s[3] / scale;
    out->mesh = m;
    out->tag = tag;
    return damage_cull_mesh_reached(c, m, out->sphere);
}

static bool grow(void **p, int need, int *cap, size_t elem)
{
    if (need <= *cap) return true;
    int nc = *cap ? *cap : 256;
    while (nc < need) nc *= 2;
    void *q = realloc(*p, (size_t)nc * elem);
    if (!q) return false;
    *p = q;
    *cap = nc;
    return true;
}

/* The point where edge a-b crosses uv[axis] = at. Endpoints are taken in one fixed order, so the
 * two triangles sharing an edge get the very same point and the clipped mesh has no cracks. */
static damage_cull_point clip_point(damage_cull_point a, damage_cull_point b, int axis, float at)
{
    if (a.uv[0] > b.uv[0] || (a.uv[0] == b.uv[0] && a.uv[1] > b.uv[1])) {
        damage_cull_point t = a;
        a = b;
        b = t;
    }
    float f = (at - a.uv[axis]) / (b.uv[axis] - a.uv[axis]);
    damage_cull_point o;
    for (int k = 0; k < 2; k++) o.uv[k] = a.uv[k] + (b.uv[k] - a.uv[k]) * f;
    for (int k = 0; k < 3; k++) o.pos[k] = a.pos[k] + (b.pos[k] - a.pos[k]) * f;
    o.uv[axis] = at;
    return o;
}

int damage_cull_clip_side(const damage_cull_point *in, int n, damage_cull_point *out, int axis, float at, float sign)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        const damage_cull_point *a = &in[i], *b = &in[(i + 1) % n];
        bool ia = (a->uv[axis] - at) * sign >= 0, ib = (b->uv[axis] - at) * sign >= 0;
        if (ia) out[m++] = *a;
        if (ia != ib) out[m++] = clip_point(*a, *b, axis, at);
    }
    return m;
}

bool damage_cull_footprint_rect(const damage_cull_point v[3], const float c[3], float reach, float texel, float rect[4])
{
    vec3 e1, e2, n, d;
    glm_vec3_sub((float *)v[1].pos, (float *)v[0].pos, e1);
    glm_vec3_sub((float *)v[2].pos, (float *)v[0].pos, e2);
    glm_vec3_cross(e1, e2, n);
    float area2 = glm_vec3_norm(n);
    if (area2 < 1e-12f) return false;
    glm_vec3_scale(n, 1.0f / area2, n);
    glm_vec3_sub((float *)c, (float *)v[0].pos, d);
    float h = glm_vec3_dot(d, n);
    if (fabsf(h) >= reach) return false;
    float rho = sqrtf(reach * reach - h * h);
    /* barycentric (u, w) of the footprint's centre on the plane, outside the triangle or not */
    vec3 q;
    glm_vec3_muladds(n, -h, d);
    glm_vec3_copy(d, q);
    float d11 = glm_vec3_dot(e1, e1), d12 = glm_vec3_dot(e1, e2), d22 = glm_vec3_dot(e2, e2);
    float q1 = glm_vec3_dot(q, e1), q2 = glm_vec3_dot(q, e2), den = d11 * d22 - d12 * d12;
    float u = (d22 * q1 - d12 * q2) / den, w = (d11 * q2 - d12 * q1) / den;
    float cu[2];
    for (int k = 0; k < 2; k++) cu[k] = v[0].uv[k] + u * (v[1].uv[k] - v[0].uv[k]) + w * (v[2].uv[k] - v[0].uv[k]);
    /* the face's affine map from its plane to uv, J, in an orthonormal frame (t along e1): the
     * footprint disc of radius rho maps to an ellipse whose bounding box has half-widths
     * rho * |row k of J| */
    vec3 t, b;
    glm_vec3_normalize_to(e1, t);
    glm_vec3_cross(n, t, b);
    float x1 = glm_vec3_norm(e1), x2 = glm_vec3_dot(e2, t), y2 = glm_vec3_dot(e2, b);
    if (x1 < 1e-9f || fabsf(y2) < 1e-9f) return false;
    float j[2][2];
    for (int k = 0; k < 2; k++) {
        float du1 = v[1].uv[k] - v[0].uv[k], du2 = v[2].uv[k] - v[0].uv[k];
        j[k][0] = du1 / x1;
        j[k][1] = (du2 - j[k][0] * x2) / y2;
    }
    float hx = rho * hypotf(j[0][0], j[0][1]) + 1.5f * texel, hy = rho * hypotf(j[1][0], j[1][1]) + 1.5f * texel;
    rect[0] = cu[0] - hx; rect[1] = cu[1] - hy; rect[2] = cu[0] + hx; rect[3] = cu[1] + hy;
    return true;
}

/* Per entry, the triangles it can reach: its mesh by bounding sphere, then clusters, then single
 * triangles, each clipped to its UV scissor. They are streamed with their entry's sphere, so one
 * draw serves every entry and each fragment evaluates only its own. */
int damage_cull_entries(damage_cull *c, const damage_cull_entry *e, int n, const bool *enabled, const damage_cull_vert **out)
{
    const float texel = 1.0f / (float)c->size;
    int nv = 0;
    *out = c->stream;
    for (int i = 0; i < n; i++) {
        const int p = e[i].mesh;
        const float *sc = e[i].sphere, reach = damage_cull_reach(sc);
        int nused = 0;
        if (p < 0 || p >= c->mesh_count || (enabled && !enabled[p]) || !damage_cull_mesh_reached(c, p, sc)) continue;
        for (int k = c->mesh_cluster[p]; k < c->mesh_cluster[p + 1]; k++) {
            const cull_cluster *cl = &c->clusters[k];
            if (glm_vec3_distance((float *)sc, (float *)cl->c) > cl->r + reach) continue;
            for (int t = cl->first_tri; t < cl->first_tri + cl->tris; t++) {
                if (glm_vec3_distance((float *)sc, c->tri_bound[t]) > c->tri_bound[t][3] + reach) continue;
                damage_cull_point poly[2][8];
                for (int j = 0; j < 3; j++) {
                    uint32_t vi = c->idx[3 * t + j];
                    memcpy(poly[0][j].uv, c->uv[vi], sizeof poly[0][j].uv);
                    memcpy(poly[0][j].pos, c->pos[vi], sizeof poly[0][j].pos);
                }
                float fr[4];
                if (!damage_cull_footprint_rect(poly[0], sc, reach, texel, fr)) continue;
                int m = damage_cull_clip_side(poly[0], 3, poly[1], 0, fr[0], 1.0f);
                m = damage_cull_clip_side(poly[1], m, poly[0], 1, fr[1], 1.0f);
                m = damage_cull_clip_side(poly[0], m, poly[1], 0, fr[2], -1.0f);
                m = damage_cull_clip_side(poly[1], m, poly[0], 1, fr[3], -1.0f);
                if (m < 3) continue;
                /* the footprint of this face, grown into its chart's UV scissor */
                int ch = c->tri_chart[t], u;
                float *rect;
                for (u = 0; u < nused && c->used[u] != ch; u++) {}
                rect = c->rect[ch];
                if (u == nused) {
                    c->used[nused++] = ch;
                    rect[0] = rect[1] = 1e30f;
                    rect[2] = rect[3] = -1e30f;
                }
                for (int j = 0; j < m; j++) {
                    rect[0] = fminf(rect[0], poly[0][j].uv[0]);
                    rect[1] = fminf(rect[1], poly[0][j].uv[1]);
                    rect[2] = fmaxf(rect[2], poly[0][j].uv[0]);
                    rect[3] = fmaxf(rect[3], poly[0][j].uv[1]);
                }
            }
        }
        /* one quad per chart the entry reaches; every fragment reads its own position */
        if (!grow((void **)&c->stream, nv + 6 * nused, &c->stream_cap, sizeof *c->stream)) return -1;
        *out = c->stream;
        for (int u = 0; u < nused; u++) {
            const float *r = c->rect[c->used[u]], ex = 0.01f * texel;
            const float corner[6][2] = {{r[0] - ex, r[1] - ex}, {r[2] + ex, r[1] - ex}, {r[2] + ex, r[3] + ex},
                                        {r[0] - ex, r[1] - ex}, {r[2] + ex, r[3] + ex}, {r[0] - ex, r[3] + ex}};
            for (int j = 0; j < 6; j++)
                c->stream[nv++] = (damage_cull_vert){{corner[j][0], corner[j][1]}, {sc[0], sc[1], sc[2], sc[3]}, (float)p,
                                                     (float)e[i].tag};
        }
    }
    return nv;
}

int damage_cull_spheres(damage_cull *c, const float (*spheres)[4], int n, mat4 *models, const bool *enabled,
                        const damage_cull_vert **out)
{
    damage_cull_entry *e = malloc((size_t)(n > 0 ? n : 1) * (size_t)c->mesh_count * sizeof *e);
    if (!e) return -1;
    int ne = 0;
    for (int i = 0; i < n; i++)
        for (int p = 0; p < c->mesh_count; p++)
            if ((!enabled || enabled[p]) && damage_cull_entry_make(c, p, models[p], spheres[i], i, &e[ne])) ne++;
    int nv = damage_cull_entries(c, e, ne, enabled, out);
    free(e);
    return nv;
}

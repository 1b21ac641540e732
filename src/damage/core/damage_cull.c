/* The culled unwrap's geometry, apart from GL so that what a sphere reaches (and that nothing it
 * reaches is lost) is tested without a driver; damage_passes.c draws the quads it makes. */
#include "damage/core/damage_cull.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* A run of consecutive armor triangles with a bounding sphere in plate-local space. */
typedef struct cull_cluster {
    float c[3], r;
    int first_tri, tris;      /* triangles of the merged armor mesh */
} cull_cluster;

struct damage_cull {
    int plate_count, size;
    int plate_first[ROBOT_PLATE_COUNT], plate_indices[ROBOT_PLATE_COUNT];
    vec3 plate_center[ROBOT_PLATE_COUNT];
    float plate_radius[ROBOT_PLATE_COUNT];
    uint32_t *idx;                   /* every plate's triangles, merged in plate order */
    float (*pos)[3], (*uv)[2];       /* plate-local positions and atlas uv */
    float (*tri_bound)[4];           /* per triangle: plate-local centre, radius */
    int *tri_chart;                  /* per triangle: its atlas chart */
    cull_cluster *clusters;
    int plate_cluster[ROBOT_PLATE_COUNT + 1]; /* clusters of plate p: [plate_cluster[p], plate_cluster[p + 1]) */
    damage_cull_vert *stream;
    int stream_cap;
};

/* Bounding spheres of every armor triangle and of every cluster, in plate-local space. */
static void build_bounds(damage_cull *c, int tris)
{
    for (int t = 0; t < tris; t++) {
        const float *a = c->pos[c->idx[3 * t]], *b = c->pos[c->idx[3 * t + 1]], *d = c->pos[c->idx[3 * t + 2]];
        float *o = c->tri_bound[t];
        for (int k = 0; k < 3; k++) o[k] = (a[k] + b[k] + d[k]) / 3.0f;
        o[3] = fmaxf(glm_vec3_distance(o, (float *)a), fmaxf(glm_vec3_distance(o, (float *)b), glm_vec3_distance(o, (float *)d)));
    }
    int k = 0;
    for (int p = 0; p < c->plate_count; p++) {
        c->plate_cluster[p] = k;
        const int t0 = c->plate_first[p] / 3, t1 = t0 + c->plate_indices[p] / 3;
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
        }
    }
    c->plate_cluster[c->plate_count] = k;
}

damage_cull *damage_cull_create(const robot *r)
{
    damage_cull *c = calloc(1, sizeof *c);
    mesh_data all = {0};
    if (!c) goto oom;
    c->plate_count = r->plate_count;
    c->size = r->atlas_size;
    int tris = 0, nclusters = 0;
    for (int p = 0; p < r->plate_count; p++) {
        const int pt = r->plates[p].mesh.index_count / 3;
        tris += pt;
        nclusters += (pt + DAMAGE_CULL_CLUSTER_TRIS - 1) / DAMAGE_CULL_CLUSTER_TRIS;
    }
    c->tri_chart = malloc((size_t)tris * sizeof *c->tri_chart);
    c->tri_bound = malloc((size_t)tris * sizeof *c->tri_bound);
    c->clusters = malloc((size_t)nclusters * sizeof *c->clusters);
    if (!c->tri_chart || !c->tri_bound || !c->clusters) goto oom;
    for (int p = 0; p < r->plate_count; p++) {
        const robot_plate *pl = &r->plates[p];
        c->plate_first[p] = all.index_count;
        mesh_append(&all, &pl->mesh, GLM_MAT4_IDENTITY);
        c->plate_indices[p] = all.index_count - c->plate_first[p];
        glm_vec3_copy((float *)pl->center, c->plate_center[p]);
        c->plate_radius[p] = pl->radius;
        for (int t = 0; t < pl->mesh.index_count; t += 3) c->tri_chart[(c->plate_first[p] + t) / 3] = pl->chart[pl->mesh.idx[t]];
    }
    c->idx = malloc((size_t)all.index_count * sizeof *c->idx);
    c->pos = malloc((size_t)all.vertex_count * sizeof *c->pos);
    c->uv = malloc((size_t)all.vertex_count * sizeof *c->uv);
    if (!c->idx || !c->pos || !c->uv) goto oom;
    memcpy(c->idx, all.idx, (size_t)all.index_count * sizeof *c->idx);
    memcpy(c->pos, all.pos, (size_t)all.vertex_count * sizeof *c->pos);
    memcpy(c->uv, all.uv, (size_t)all.vertex_count * sizeof *c->uv);
    mesh_data_free(&all);
    build_bounds(c, tris);
    return c;
oom:
    log_error("damage: out of memory for the unwrap's bounds");
    mesh_data_free(&all);
    damage_cull_destroy(c);
    return NULL;
}

void damage_cull_destroy(damage_cull *c)
{
    if (!c) return;
    free(c->idx);
    free(c->pos);
    free(c->uv);
    free(c->tri_bound);
    free(c->tri_chart);
    free(c->clusters);
    free(c->stream);
    free(c);
}

float damage_cull_reach(const float s[4]) { return fabsf(s[3]) * DAMAGE_SCORCH_REACH; }

bool damage_cull_plate_reached(const damage_cull *c, int p, mat4 model, const float (*spheres)[4], int n)
{
    vec3 o;
    glm_mat4_mulv3(model, (float *)c->plate_center[p], 1.0f, o);
    for (int i = 0; i < n; i++)
        if (glm_vec3_distance(o, (float *)spheres[i]) < c->plate_radius[p] + damage_cull_reach(spheres[i])) return true;
    return false;
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

/* Per sphere, the triangles it can reach: plates by bounding sphere, then clusters, then single
 * triangles, each against the sphere's reach in the plate's own space, each clipped to its UV
 * scissor. They are streamed tagged with their sphere, so one draw serves every sphere and each
 * fragment evaluates only its own. */
int damage_cull_spheres(damage_cull *c, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                        const damage_cull_vert **out)
{
    mat4 inv[ROBOT_PLATE_COUNT];
    for (int p = 0; p < c->plate_count; p++) glm_mat4_inv(models[p], inv[p]);
    const float texel = 1.0f / (float)c->size;
    int nv = 0;
    float rect[ROBOT_MAX_CHARTS][4];
    int used[ROBOT_MAX_CHARTS], nused;
    *out = c->stream;
    for (int i = 0; i < n; i++) {
        const float reach = damage_cull_reach(spheres[i]);
        nused = 0;
        for (int p = 0; p < c->plate_count; p++) {
            if ((on && !on[p]) || !damage_cull_plate_reached(c, p, models[p], spheres + i, 1)) continue;
            vec3 sc;
            glm_mat4_mulv3(inv[p], (float *)spheres[i], 1.0f, sc);
            for (int k = c->plate_cluster[p]; k < c->plate_cluster[p + 1]; k++) {
                const cull_cluster *cl = &c->clusters[k];
                if (glm_vec3_distance(sc, (float *)cl->c) > cl->r + reach) continue;
                for (int t = cl->first_tri; t < cl->first_tri + cl->tris; t++) {
                    if (glm_vec3_distance(sc, c->tri_bound[t]) > c->tri_bound[t][3] + reach) continue;
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
                    for (u = 0; u < nused && used[u] != ch; u++) {}
                    if (u == nused) {
                        used[nused++] = ch;
                        rect[ch][0] = rect[ch][1] = 1e30f;
                        rect[ch][2] = rect[ch][3] = -1e30f;
                    }
                    for (int j = 0; j < m; j++) {
                        rect[ch][0] = fminf(rect[ch][0], poly[0][j].uv[0]);
                        rect[ch][1] = fminf(rect[ch][1], poly[0][j].uv[1]);
                        rect[ch][2] = fmaxf(rect[ch][2], poly[0][j].uv[0]);
                        rect[ch][3] = fmaxf(rect[ch][3], poly[0][j].uv[1]);
                    }
                }
            }
        }
        /* one quad per chart the sphere reaches; every fragment reads its own position */
        if (!grow((void **)&c->stream, nv + 6 * nused, &c->stream_cap, sizeof *c->stream)) return -1;
        *out = c->stream;
        for (int u = 0; u < nused; u++) {
            const float *r = rect[used[u]], e = 0.01f * texel;
            const float corner[6][2] = {{r[0] - e, r[1] - e}, {r[2] + e, r[1] - e}, {r[2] + e, r[3] + e},
                                        {r[0] - e, r[1] - e}, {r[2] + e, r[3] + e}, {r[0] - e, r[3] + e}};
            for (int j = 0; j < 6; j++)
                c->stream[nv++] = (damage_cull_vert){{corner[j][0], corner[j][1]}, (float)i};
        }
    }
    return nv;
}

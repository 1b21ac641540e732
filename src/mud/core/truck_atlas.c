#include "mud/core/truck_atlas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* Out of memory: logged, NULL; truck_atlas_build then frees what it has and returns false. */
static void *need(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) log_error("truck atlas: out of memory (%zu x %zu bytes)", n, size);
    return p;
}

typedef struct chart_box {
    int mesh, axis;
    float lo[2], hi[2]; /* projected extent, metres */
    int w, h, x, y;     /* texels */
} chart_box;

/* The projection of a chart facing axis a (0..5: +x, -x, +y, -y, +z, -z): v along +y sideways. */
static void project(int a, const float p[3], float uv[2])
{
    switch (a / 2) {
    case 0: uv[0] = a & 1 ? -p[2] : p[2], uv[1] = p[1]; break;
    case 1: uv[0] = p[0], uv[1] = a & 1 ? -p[2] : p[2]; break;
    default: uv[0] = a & 1 ? p[0] : -p[0], uv[1] = p[1]; break;
    }
}

static int face_axis(const mesh_data *m, int t)
{
    const float *a = m->pos[m->idx[3 * t]], *b = m->pos[m->idx[3 * t + 1]], *c = m->pos[m->idx[3 * t + 2]];
    vec3 e1 = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2 = {c[0] - a[0], c[1] - a[1], c[2] - a[2]}, n;
    glm_vec3_cross(e1, e2, n);
    int k = 0;
    for (int i = 1; i < 3; i++)
        if (fabsf(n[i]) > fabsf(n[k])) k = i;
    return 2 * k + (n[k] < 0.0f);
}

static int root(int *p, int i)
{
    while (p[i] != i) i = p[i] = p[p[i]];
    return i;
}

/* Per triangle of m its chart (0-based, local to m) in tri_chart; returns the charts' count, -1
 * out of memory. */
static int charts_of(const mesh_data *m, int *tri_chart, int *tri_axis)
{
    const int nt = m->index_count / 3;
    int *parent = need((size_t)(nt ? nt : 1), sizeof(int));
    int *first = need(6 * (size_t)(m->vertex_count ? m->vertex_count : 1), sizeof(int));
    if (!parent || !first) {
        free(parent);
        free(first);
        return -1;
    }
    for (int i = 0; i < 6 * m->vertex_count; i++) first[i] = -1;
    for (int t = 0; t < nt; t++) {
        parent[t] = t;
        tri_axis[t] = face_axis(m, t);
        for (int k = 0; k < 3; k++) {
            int *f = &first[6 * (int)m->idx[3 * t + k] + tri_axis[t]];
            if (*f < 0) *f = t;
            else parent[root(parent, t)] = root(parent, *f);
        }
    }
    int n = 0;
    for (int t = 0; t < nt; t++) tri_chart[t] = -1;
    for (int t = 0; t < nt; t++) {
        int r = root(parent, t);
        if (tri_chart[r] < 0) tri_chart[r] = n++;
        tri_chart[t] = tri_chart[r];
    }
    free(first);
    free(parent);
    return n;
}

static int by_height(const void *a, const void *b)
{
    const chart_box *x = *(const chart_box *const *)a, *y = *(const chart_box *const *)b;
    return x->h != y->h ? y->h - x->h : (x->w != y->w ? y->w - x->w : (x < y ? -1 : 1));
}

static bool pack(chart_box *c, int n, int size, float density, chart_box **order)
{
    const int g = TRUCK_ATLAS_GUTTER, edge = g / 2;
    for (int i = 0; i < n; i++) {
        c[i].w = (int)fmaxf(2.0f, ceilf((c[i].hi[0] - c[i].lo[0]) * density));
        c[i].h = (int)fmaxf(2.0f, ceilf((c[i].hi[1] - c[i].lo[1]) * density));
        order[i] = &c[i];
    }
    qsort(order, (size_t)n, sizeof *order, by_height);
    int x = edge, y = edge, shelf = 0;
    for (int i = 0; i < n; i++) {
        chart_box *b = order[i];
        if (x + b->w + edge > size) x = edge, y += shelf + g, shelf = 0;
        if (x + b->w + edge > size || y + b->h + edge > size) return false;
        b->x = x, b->y = y;
        x += b->w + g;
        if (b->h > shelf) shelf = b->h;
    }
    return true;
}

bool truck_atlas_build(truck_atlas *ta, const truck_model *tm, int wheel_count, int size)
{
    memset(ta, 0, sizeof *ta);
    if (wheel_count > VEHICLE_MAX_WHEELS) wheel_count = VEHICLE_MAX_WHEELS;
    ta->mesh_count = TRUCK_BODY_PARTS + wheel_count * TRUCK_WHEEL_PARTS;
    ta->size = size;
    const mesh_data *src[TRUCK_ATLAS_MESHES];
    int *tri_chart[TRUCK_ATLAS_MESHES] = {0}, *tri_axis[TRUCK_ATLAS_MESHES] = {0}, first_chart[TRUCK_ATLAS_MESHES + 1];
    int n = 0;
    bool mem = true; /* every allocation succeeded */
    for (int i = 0; i < ta->mesh_count && mem; i++) {
        src[i] = i < TRUCK_BODY_PARTS ? &tm->body[i].mesh : &tm->wheel[(i - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS].mesh;
        size_t nt = (size_t)(src[i]->index_count / 3 + 1);
        tri_chart[i] = need(nt, sizeof(int));
        tri_axis[i] = need(nt, sizeof(int));
        first_chart[i] = n;
        const int k = tri_chart[i] && tri_axis[i] ? charts_of(src[i], tri_chart[i], tri_axis[i]) : -1;
        if (k < 0) mem = false;
        else n += k;
    }
    first_chart[ta->mesh_count] = n;
    chart_box *c = mem ? need((size_t)n, sizeof *c) : NULL;
    chart_box **order = mem ? need((size_t)n, sizeof *order) : NULL;
    if (!c || !order) mem = false;
    for (int i = 0; i < n && mem; i++) c[i].lo[0] = c[i].lo[1] = INFINITY, c[i].hi[0] = c[i].hi[1] = -INFINITY;
    for (int i = 0; i < ta->mesh_count && mem; i++)
        for (int t = 0; t < src[i]->index_count / 3; t++) {
            chart_box *b = &c[first_chart[i] + tri_chart[i][t]];
            b->mesh = i, b->axis = tri_axis[i][t];
            for (int k = 0; k < 3; k++) {
                float uv[2];
                project(b->axis, src[i]->pos[src[i]->idx[3 * t + k]], uv);
                for (int a = 0; a < 2; a++) b->lo[a] = fminf(b->lo[a], uv[a]), b->hi[a] = fmaxf(b->hi[a], uv[a]);
            }
        }
    float density = TRUCK_ATLAS_DENSITY;
    bool ok = false;
    while (mem && density >= 1.0f && !(ok = pack(c, n, size, density, order))) density *= 0.9f;
    if (ok) {
        ta->density = density;
        ta->chart_count = n;
        for (int i = 0; i < ta->mesh_count && ok; i++) {
            const mesh_data *s = src[i];
            mesh_data *m = &ta->mesh[i];
            int *remap = need(6 * (size_t)(s->vertex_count ? s->vertex_count : 1), sizeof(int));
            int cap = s->index_count ? s->index_count : 1, count = 0;
            ta->chart[i] = need((size_t)cap, sizeof(int));
            if (!remap || !ta->chart[i]) {
                free(remap);
                ok = false;
                break;
            }
            for (int v = 0; v < 6 * s->vertex_count; v++) remap[v] = -1;
            for (int t = 0; t < s->index_count / 3; t++) {
                const int ci = first_chart[i] + tri_chart[i][t];
                const chart_box *b = &c[ci];
                uint32_t corner[3];
                for (int k = 0; k < 3; k++) {
                    const uint32_t v = s->idx[3 * t + k];
                    int *r = &remap[6 * (int)v + b->axis];
                    if (*r < 0) {
                        float p[2], uv[2];
                        project(b->axis, s->pos[v], p);
                        for (int a = 0; a < 2; a++) {
                            const int span = a ? b->h : b->w, at = a ? b->y : b->x;
                            const float ext = b->hi[a] - b->lo[a];
                            const float f = ext > 1e-7f ? (p[a] - b->lo[a]) / ext : 0.5f;
                            uv[a] = ((float)at + 0.5f + f * (float)(span - 1)) / (float)size;
                        }
                        *r = (int)mesh_add_vertex(m, s->pos[v], s->nrm[v], uv);
                        ta->chart[i][count++] = ci;
                    }
                    corner[k] = (uint32_t)*r;
                }
                mesh_add_tri(m, corner[0], corner[1], corner[2]);
            }
            free(remap);
        }
    }
    for (int i = 0; i < ta->mesh_count; i++) free(tri_chart[i]), free(tri_axis[i]);
    free(order);
    free(c);
    if (!ok) truck_atlas_free(ta);
    return ok;
}

void truck_atlas_free(truck_atlas *ta)
{
    for (int i = 0; i < TRUCK_ATLAS_MESHES; i++) {
        mesh_data_free(&ta->mesh[i]);
        free(ta->chart[i]);
        ta->chart[i] = NULL;
    }
    ta->mesh_count = ta->chart_count = 0;
}

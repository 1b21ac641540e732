/* The surface description's rules and its atlas raster (damage_surface.h): what damage_map_create
 * refuses, with the field named, and which chart owns each texel (the dilation and the panels). */
#include "damage/core/damage_surface.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static bool fail(char *err, size_t len, const char *fmt, ...)
{
    if (err && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, len, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool damage_surface_check(const damage_mesh *meshes, int mesh_count, int atlas_size, int chart_count, int bone_count,
                          char *err, size_t len)
{
    if (!meshes || mesh_count <= 0)
        return fail(err, len, "desc.mesh_count is %d%s: a damage map needs at least one mesh", mesh_count,
                    meshes ? "" : " (desc.meshes is NULL)");
    if (atlas_size != 0 && (atlas_size < DAMAGE_ATLAS_MIN || atlas_size > DAMAGE_ATLAS_MAX || (atlas_size & (atlas_size - 1))))
        return fail(err, len, "desc.atlas_size is %d: not a power of two in %d..%d", atlas_size, DAMAGE_ATLAS_MIN,
                    DAMAGE_ATLAS_MAX);
    if (chart_count < 0 || chart_count > DAMAGE_MAX_CHARTS)
        return fail(err, len, "desc.chart_count is %d: outside 1..%d (0: %d)", chart_count, DAMAGE_MAX_CHARTS,
                    DAMAGE_MAX_CHARTS);
    if (bone_count < 0 || bone_count > DAMAGE_MAX_BONES)
        return fail(err, len, "desc.bone_count is %d: outside 0..%d (DAMAGE_MAX_BONES)", bone_count, DAMAGE_MAX_BONES);
    const int charts = chart_count ? chart_count : DAMAGE_MAX_CHARTS;
    for (int m = 0; m < mesh_count; m++) {
        const damage_mesh *s = &meshes[m];
        const char *missing = !s->positions ? "positions" : !s->uvs ? "uvs" : !s->charts ? "charts" : !s->indices ? "indices" : NULL;
        if (missing) return fail(err, len, "desc.meshes[%d].%s is NULL", m, missing);
        if (s->vertex_count <= 0) return fail(err, len, "desc.meshes[%d].vertex_count is %d", m, s->vertex_count);
        if (s->index_count <= 0 || s->index_count % 3)
            return fail(err, len, "desc.meshes[%d].index_count is %d: not a positive multiple of 3", m, s->index_count);
        if ((s->bones == NULL) != (s->weights == NULL))
            return fail(err, len, "desc.meshes[%d].%s is NULL: a skin needs bones and weights", m, s->bones ? "weights" : "bones");
        if (s->bones && bone_count == 0)
            return fail(err, len, "desc.bone_count is 0 but desc.meshes[%d].bones is set: give the bone count (1..%d)", m,
                        DAMAGE_MAX_BONES);
        for (int i = 0; i < s->index_count; i++)
            if (s->indices[i] >= (uint32_t)s->vertex_count)
                return fail(err, len, "desc.meshes[%d].indices[%d] = %u is past vertex_count %d", m, i, (unsigned)s->indices[i],
                            s->vertex_count);
        for (int v = 0; v < s->vertex_count; v++) {
            if (s->charts[v] < 0 || s->charts[v] >= charts)
                return fail(err, len, "desc.meshes[%d].charts[%d] = %d is outside 0..%d (desc.chart_count)", m, v, s->charts[v],
                            charts - 1);
            for (int k = 0; s->bones && k < DAMAGE_BONE_INFLUENCES; k++)
                if (s->bones[v][k] >= bone_count)
                    return fail(err, len, "desc.meshes[%d].bones[%d][%d] = %d is past desc.bone_count %d", m, v, k,
                                s->bones[v][k], bone_count);
        }
    }
    return true;
}

static float edge_fn(const float a[2], const float b[2], float x, float y)
{
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

void damage_surface_raster(const damage_mesh *meshes, int mesh_count, int n, damage_surface_texel_fn fn, void *user)
{
    for (int m = 0; m < mesh_count; m++) {
        const damage_mesh *s = &meshes[m];
        for (int t = 0; t + 2 < s->index_count; t += 3) {
            float q[3][2];
            for (int k = 0; k < 3; k++) {
                q[k][0] = s->uvs[s->indices[t + k]][0] * (float)n;
                q[k][1] = s->uvs[s->indices[t + k]][1] * (float)n;
            }
            float area = edge_fn(q[0], q[1], q[2][0], q[2][1]);
            if (fabsf(area) < 1e-12f) continue;
            int x0 = (int)floorf(fminf(q[0][0], fminf(q[1][0], q[2][0])));
            int x1 = (int)ceilf(fmaxf(q[0][0], fmaxf(q[1][0], q[2][0])));
            int y0 = (int)floorf(fminf(q[0][1], fminf(q[1][1], q[2][1])));
            int y1 = (int)ceilf(fmaxf(q[0][1], fmaxf(q[1][1], q[2][1])));
            x0 = x0 < 0 ? 0 : x0; y0 = y0 < 0 ? 0 : y0;
            x1 = x1 > n - 1 ? n - 1 : x1; y1 = y1 > n - 1 ? n - 1 : y1;
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) {
                    float px = (float)x + 0.5f, py = (float)y + 0.5f;
                    float w[3] = {edge_fn(q[1], q[2], px, py) / area, edge_fn(q[2], q[0], px, py) / area,
                                  edge_fn(q[0], q[1], px, py) / area};
                    if (w[0] < 0 || w[1] < 0 || w[2] < 0) continue;
                    fn(user, m, s->charts[s->indices[t]], t, x, y, w);
                }
        }
    }
}

typedef struct grid_ctx {
    int16_t *grid;
    int n, clashes;
} grid_ctx;

static void grid_texel(void *user, int mesh, int chart, int tri, int x, int y, const float w[3])
{
    (void)mesh; (void)tri; (void)w;
    grid_ctx *g = user;
    int16_t *c = &g->grid[y * g->n + x];
    if (*c >= 0 && *c != chart) g->clashes++;
    *c = (int16_t)chart;
}

int damage_surface_grid(const damage_mesh *meshes, int mesh_count, int n, int16_t *grid)
{
    for (int i = 0; i < n * n; i++) grid[i] = -1;
    grid_ctx g = {grid, n, 0};
    damage_surface_raster(meshes, mesh_count, n, grid_texel, &g);
    return g.clashes;
}

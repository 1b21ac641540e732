#include "wrinkle/core/sdf_mesh.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"

/* The 12 edges of a cell as pairs of corners; corner c is (c & 1, c >> 1 & 1, c >> 2 & 1). */
static const int sdf__edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

static void sdf__gradient(sdf_fn f, const void *ctx, const vec3 p, float h, vec3 out)
{
    for (int a = 0; a < 3; a++) {
        vec3 q0, q1;
        glm_vec3_copy((float *)p, q0);
        glm_vec3_copy((float *)p, q1);
        q0[a] -= h;
        q1[a] += h;
        out[a] = f(q1, ctx) - f(q0, ctx);
    }
    if (glm_vec3_norm2(out) > 0.0f) glm_vec3_normalize(out);
    else glm_vec3_copy((vec3){0.0f, 1.0f, 0.0f}, out);
}

bool sdf_mesh_build(mesh_data *out, sdf_fn f, const void *ctx, const vec3 lo, const vec3 hi, float cell)
{
    int n[3] = {0, 0, 0};
    for (int a = 0; a < 3 && cell > 0.0f; a++) n[a] = (int)fminf(ceilf((hi[a] - lo[a]) / cell) + 1.0f, 1e6f);
    if (cell <= 0.0f || n[0] < 2 || n[1] < 2 || n[2] < 2 || (double)n[0] * n[1] * n[2] > SDF_MESH_MAX_SAMPLES) {
        log_error("sdf_mesh: a grid of %d x %d x %d samples (cell %g) is out of range (2..%d samples in all)", n[0], n[1], n[2],
                  (double)cell, SDF_MESH_MAX_SAMPLES);
        return false;
    }
    const int nx = n[0], ny = n[1], nz = n[2], cx = nx - 1, cy = ny - 1, cz = nz - 1;
    float *val = malloc((size_t)nx * ny * nz * sizeof *val);
    int32_t *vert = malloc((size_t)cx * cy * cz * sizeof *vert);
    if (!val || !vert) {
        log_error("sdf_mesh: out of memory (%d x %d x %d samples)", nx, ny, nz);
        free(val);
        free(vert);
        return false;
    }
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                vec3 p = {lo[0] + i * cell, lo[1] + j * cell, lo[2] + k * cell};
                val[((size_t)k * ny + j) * nx + i] = f(p, ctx);
            }
    /* one vertex per crossed cell: the mean of its edges' zero crossings */
    for (int k = 0; k < cz; k++)
        for (int j = 0; j < cy; j++)
            for (int i = 0; i < cx; i++) {
                float c[8];
                int inside = 0;
                for (int q = 0; q < 8; q++) {
                    c[q] = val[((size_t)(k + (q >> 2 & 1)) * ny + j + (q >> 1 & 1)) * nx + i + (q & 1)];
                    inside += c[q] < 0.0f;
                }
                int32_t *slot = &vert[((size_t)k * cy + j) * cx + i];
                *slot = -1;
                if (inside == 0 || inside == 8) continue;
                vec3 sum = {0}, p, nrm;
                int hits = 0;
                for (int e = 0; e < 12; e++) {
                    int a = sdf__edges[e][0], b = sdf__edges[e][1];
                    if ((c[a] < 0.0f) == (c[b] < 0.0f)) continue;
                    float t = c[a] / (c[a] - c[b]);
                    for (int d = 0; d < 3; d++) {
                        float ca = (float)(a >> d & 1), cb = (float)(b >> d & 1);
                        sum[d] += ca + (cb - ca) * t;
                    }
                    hits++;
                }
                for (int d = 0; d < 3; d++) p[d] = lo[d] + ((d == 0 ? i : d == 1 ? j : k) + sum[d] / hits) * cell;
                sdf__gradient(f, ctx, p, 0.5f * cell, nrm);
                *slot = (int32_t)mesh_add_vertex(out, p, nrm, (vec2){0.0f, 0.0f});
            }
    /* one quad per crossed grid edge, from the four cells around it */
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                int at[3] = {i, j, k};
                float v0 = val[((size_t)k * ny + j) * nx + i];
                for (int a = 0; a < 3; a++) {
                    int b = (a + 1) % 3, c = (a + 2) % 3; /* the quad lies in the (b, c) plane */
                    if (at[a] + 1 >= n[a] || at[b] < 1 || at[c] < 1 || at[b] > n[b] - 2 || at[c] > n[c] - 2) continue;
                    int up[3] = {i, j, k};
                    up[a]++;
                    float v1 = val[((size_t)up[2] * ny + up[1]) * nx + up[0]];
                    if ((v0 < 0.0f) == (v1 < 0.0f)) continue;
                    /* (b, c) offsets counter-clockwise seen from +a: the normal is +a */
                    static const int ring[4][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, 0}};
                    uint32_t q[4];
                    for (int r = 0; r < 4; r++) {
                        int ci[3] = {i, j, k};
                        ci[b] += ring[r][0];
                        ci[c] += ring[r][1];
                        q[r] = (uint32_t)vert[((size_t)ci[2] * cy + ci[1]) * cx + ci[0]];
                    }
                    if (v0 < 0.0f) { /* inside below: the surface faces +a */
                        mesh_add_tri(out, q[0], q[1], q[2]);
                        mesh_add_tri(out, q[0], q[2], q[3]);
                    } else {
                        mesh_add_tri(out, q[0], q[2], q[1]);
                        mesh_add_tri(out, q[0], q[3], q[2]);
                    }
                }
            }
    free(val);
    free(vert);
    if (out->failed) log_error("sdf_mesh: out of memory: mesh incomplete");
    return !out->failed;
}

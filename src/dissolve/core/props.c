#include "dissolve/core/props.h"

#include <math.h>

void props_add_flat_quad(mesh_data *m, const float a[3], const float b[3], const float c[3], const float d[3], int cells)
{
    if (cells < 1) cells = 1;
    vec3 e1, e2, n;
    glm_vec3_sub((float *)c, (float *)a, e1);
    glm_vec3_sub((float *)d, (float *)b, e2);
    glm_vec3_cross(e1, e2, n); /* diagonals: robust for any planar quad */
    glm_vec3_normalize(n);
    uint32_t base = (uint32_t)m->vertex_count;
    for (int j = 0; j <= cells; j++) {
        float v = (float)j / (float)cells;
        for (int i = 0; i <= cells; i++) {
            float u = (float)i / (float)cells, p[3], uv[2] = {u, v};
            for (int k = 0; k < 3; k++) {
                float lo = a[k] + (b[k] - a[k]) * u, hi = d[k] + (c[k] - d[k]) * u;
                p[k] = lo + (hi - lo) * v;
            }
            mesh_add_vertex(m, p, n, uv);
        }
    }
    for (int j = 0; j < cells; j++)
        for (int i = 0; i < cells; i++) {
            uint32_t q = base + (uint32_t)(j * (cells + 1) + i), r = q + 1;
            uint32_t s = q + (uint32_t)(cells + 1), t = s + 1;
            mesh_add_tri(m, q, r, t);
            mesh_add_tri(m, q, t, s);
        }
}

void props_add_flat_tri(mesh_data *m, const float a[3], const float b[3], const float c[3], int cells)
{
    if (cells < 1) cells = 1;
    if (cells > 64) cells = 64; /* bounds the row table below; finer facets are never needed */
    vec3 e1, e2, n;
    glm_vec3_sub((float *)b, (float *)a, e1);
    glm_vec3_sub((float *)c, (float *)a, e2);
    glm_vec3_cross(e1, e2, n);
    glm_vec3_normalize(n);
    /* Barycentric grid: vertex (i, j) = a + (b - a) i/cells + (c - a) j/cells, i + j <= cells. */
    uint32_t base = (uint32_t)m->vertex_count;
    uint32_t row[66];
    for (int j = 0, at = 0; j <= cells; j++) {
        row[j] = (uint32_t)at;
        for (int i = 0; i + j <= cells; i++, at++) {
            float u = (float)i / (float)cells, v = (float)j / (float)cells, p[3], uv[2] = {u, v};
            for (int k = 0; k < 3; k++) p[k] = a[k] + e1[k] * u + e2[k] * v;
            mesh_add_vertex(m, p, n, uv);
        }
    }
    for (int j = 0; j < cells; j++)
        for (int i = 0; i + j < cells; i++) {
            uint32_t p0 = base + row[j] + (uint32_t)i, p1 = p0 + 1, p2 = base + row[j + 1] + (uint32_t)i;
            mesh_add_tri(m, p0, p1, p2);
            if (i + j < cells - 1) mesh_add_tri(m, p1, p2 + 1, p2);
        }
}

static void props__ring_point(float r, float y, int k, float out[3])
{
    float a = (float)k * GLM_PIf / 3.0f;
    out[0] = r * cosf(a); out[1] = y; out[2] = r * sinf(a);
}

/* Hexagonal band from radius r0 at y0 up to r1 at y1, facets facing outward. */
static void props__hex_band(mesh_data *m, float r0, float y0, float r1, float y1, int cells)
{
    for (int k = 0; k < 6; k++) {
        float a[3], b[3], c[3], d[3];
        props__ring_point(r0, y0, k + 1, a);
        props__ring_point(r0, y0, k, b);
        props__ring_point(r1, y1, k, c);
        props__ring_point(r1, y1, k + 1, d);
        props_add_flat_quad(m, a, b, c, d, cells);
    }
}

/* Hexagon cap at height y, facing up or down. */
static void props__hex_cap(mesh_data *m, float r, float y, int up, int cells)
{
    float c[3] = {0, y, 0};
    for (int k = 0; k < 6; k++) {
        float p[3], q[3];
        props__ring_point(r, y, k, p);
        props__ring_point(r, y, k + 1, q);
        if (up) props_add_flat_tri(m, c, q, p, cells);
        else props_add_flat_tri(m, c, p, q, cells);
    }
}

void props_build_crystal(mesh_data *m, float radius, float height, float tip, int cells)
{
    int tall_cells = cells * 2;
    /* The prism's sides are tall and narrow: more cells along the height keep them square. */
    for (int k = 0; k < 6; k++) {
        float a[3], b[3], c[3], d[3];
        props__ring_point(radius, 0.0f, k + 1, a);
        props__ring_point(radius, 0.0f, k, b);
        props__ring_point(radius, height, k, c);
        props__ring_point(radius, height, k + 1, d);
        props_add_flat_quad(m, a, b, c, d, tall_cells);
    }
    float apex[3] = {0, height + tip, 0};
    for (int k = 0; k < 6; k++) {
        float a[3], b[3];
        props__ring_point(radius, height, k + 1, a);
        props__ring_point(radius, height, k, b);
        props_add_flat_tri(m, a, b, apex, cells);
    }
    props__hex_cap(m, radius, 0.0f, 0, 1);
    mesh_compute_tangents(m);
    mesh_compute_smooth_normals(m, 1e-5f);
}

void props_build_crystals(mesh_data *m, int cells)
{
    if (cells < 1) cells = 1;
    mesh_data part = {0};
    /* The slab: a low hexagonal frustum. */
    props__hex_band(&part, 0.62f, 0.0f, 0.52f, 0.16f, cells);
    props__hex_cap(&part, 0.52f, 0.16f, 1, cells);
    props__hex_cap(&part, 0.62f, 0.0f, 0, 1);
    mesh_compute_tangents(&part);
    mesh_compute_smooth_normals(&part, 1e-5f);
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    mesh_append(m, &part, id);

    /* {radius, height, tip, tilt (deg), heading (deg), x, z} */
    static const float crystals[5][7] = {
        {0.15f, 0.62f, 0.28f, 0.0f, 0.0f, 0.02f, 0.0f},
        {0.10f, 0.40f, 0.18f, 28.0f, 20.0f, 0.22f, 0.10f},
        {0.09f, 0.34f, 0.16f, 32.0f, 140.0f, -0.18f, 0.18f},
        {0.11f, 0.44f, 0.20f, 24.0f, 235.0f, -0.14f, -0.20f},
        {0.07f, 0.26f, 0.12f, 40.0f, 310.0f, 0.20f, -0.24f},
    };
    for (int i = 0; i < 5; i++) {
        const float *c = crystals[i];
        mesh_clear(&part);
        props_build_crystal(&part, c[0], c[1], c[2], cells);
        mat4 xf = GLM_MAT4_IDENTITY_INIT;
        /* Sunk a little into the slab so the base never shows. */
        glm_translate(xf, (vec3){c[5], 0.10f, c[6]});
        glm_rotate_y(xf, glm_rad(c[4]), xf);
        glm_rotate_x(xf, glm_rad(c[3]), xf);
        mesh_append(m, &part, xf);
    }
    mesh_data_free(&part);
}

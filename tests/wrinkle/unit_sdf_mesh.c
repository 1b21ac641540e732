/* Surface nets: a sphere's field meshes to a closed, outward-facing surface on the sphere; a torus
 * keeps its hole (Euler characteristic 0); a grid out of range fails with an error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "wrinkle/core/sdf_mesh.h"
#include "base/log.h"

static const float R = 0.1f, CELL = 0.005f;

static float ball(const float p[3], const void *ctx)
{
    const float *c = ctx;
    return sqrtf((p[0] - c[0]) * (p[0] - c[0]) + (p[1] - c[1]) * (p[1] - c[1]) + (p[2] - c[2]) * (p[2] - c[2])) - R;
}

static float torus(const float p[3], const void *ctx)
{
    (void)ctx;
    float q = sqrtf(p[0] * p[0] + p[2] * p[2]) - 0.08f;
    return sqrtf(q * q + p[1] * p[1]) - 0.03f;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Every directed edge once and its reverse once: closed and consistently wound. Returns the
 * number of undirected edges. */
static int assert_closed(const mesh_data *m)
{
    int n = m->index_count;
    uint64_t *e = malloc((size_t)n * sizeof *e);
    assert_non_null(e);
    for (int t = 0; t < n; t += 3)
        for (int c = 0; c < 3; c++) e[t + c] = (uint64_t)m->idx[t + c] << 32 | m->idx[t + (c + 1) % 3];
    qsort(e, (size_t)n, sizeof *e, cmp_u64);
    for (int k = 0; k < n; k++) {
        assert_true(k == 0 || e[k] != e[k - 1]);
        uint64_t back = (uint64_t)(uint32_t)e[k] << 32 | (uint32_t)(e[k] >> 32);
        assert_non_null(bsearch(&back, e, (size_t)n, sizeof *e, cmp_u64));
    }
    free(e);
    return n / 2;
}

static void sphere_is_closed_outward_and_on_the_radius(void **state)
{
    (void)state;
    const float c[3] = {0.013f, -0.007f, 0.021f}; /* off the grid's symmetry */
    mesh_data m = {0};
    assert_true(sdf_mesh_build(&m, ball, c, (vec3){-0.12f, -0.12f, -0.1f}, (vec3){0.14f, 0.12f, 0.15f}, CELL));
    assert_false(m.failed);
    /* ~ area / cell^2 vertices */
    float expect = 4.0f * GLM_PIf * R * R / (CELL * CELL);
    assert_true(m.vertex_count > 0.7f * expect && m.vertex_count < 1.6f * expect);
    for (int v = 0; v < m.vertex_count; v++) {
        vec3 d;
        glm_vec3_sub(m.pos[v], (float *)c, d);
        assert_true(fabsf(glm_vec3_norm(d) - R) < 0.5f * CELL);
        glm_vec3_normalize(d);
        assert_true(glm_vec3_dot(d, m.nrm[v]) > 0.95f);
    }
    for (int t = 0; t < m.index_count; t += 3) {
        const float *a = m.pos[m.idx[t]], *b = m.pos[m.idx[t + 1]], *q = m.pos[m.idx[t + 2]];
        vec3 ab, aq, n, mid;
        glm_vec3_sub((float *)b, (float *)a, ab);
        glm_vec3_sub((float *)q, (float *)a, aq);
        glm_vec3_cross(ab, aq, n);
        for (int k = 0; k < 3; k++) mid[k] = (a[k] + b[k] + q[k]) / 3.0f - c[k];
        assert_true(glm_vec3_dot(n, mid) > 0.0f); /* wound to face out */
    }
    int edges = assert_closed(&m);
    assert_int_equal(m.vertex_count - edges + m.index_count / 3, 2); /* a sphere's Euler characteristic */
    mesh_data_free(&m);
}

static void torus_keeps_its_hole(void **state)
{
    (void)state;
    mesh_data m = {0};
    assert_true(sdf_mesh_build(&m, torus, NULL, (vec3){-0.12f, -0.04f, -0.12f}, (vec3){0.12f, 0.04f, 0.12f}, 0.004f));
    int edges = assert_closed(&m);
    assert_int_equal(m.vertex_count - edges + m.index_count / 3, 0);
    mesh_data_free(&m);
}

static void bad_grid_fails_with_an_error(void **state)
{
    (void)state;
    const float c[3] = {0};
    mesh_data m = {0};
    int before = log_error_count();
    assert_false(sdf_mesh_build(&m, ball, c, (vec3){-1, -1, -1}, (vec3){1, 1, 1}, 0.0005f));
    assert_false(sdf_mesh_build(&m, ball, c, (vec3){-1, -1, -1}, (vec3){1, 1, 1}, 0.0f));
    assert_int_equal(log_error_count(), before + 2);
    assert_int_equal(m.vertex_count, 0);
    mesh_data_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sphere_is_closed_outward_and_on_the_radius),
        cmocka_unit_test(torus_keeps_its_hole),
        cmocka_unit_test(bad_grid_fails_with_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

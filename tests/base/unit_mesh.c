/* Mesh builders: winding agrees with normals, tangents are orthonormal, smooth normals weld; a
 * mesh whose allocation failed stays safe to write through and takes nothing more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "base/mesh.h"

/* Every triangle's geometric normal points the same way as its vertex normals. */
static void assert_winding_matches_normals(const mesh_data *m)
{
    for (int i = 0; i < m->index_count; i += 3) {
        vec3 e1, e2, n;
        glm_vec3_sub((float *)m->pos[m->idx[i + 1]], (float *)m->pos[m->idx[i]], e1);
        glm_vec3_sub((float *)m->pos[m->idx[i + 2]], (float *)m->pos[m->idx[i]], e2);
        glm_vec3_cross(e1, e2, n);
        if (glm_vec3_norm(n) < 1e-9f) continue;
        for (int k = 0; k < 3; k++) assert_true(glm_vec3_dot(n, (float *)m->nrm[m->idx[i + k]]) > 0.0f);
    }
}

static void box_faces_point_outward(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){1, 2, 3}, 4);
    assert_int_equal(m.vertex_count, 6 * 25);
    assert_int_equal(m.index_count, 6 * 16 * 6);
    assert_winding_matches_normals(&m);
    for (int i = 0; i < m.vertex_count; i++) {
        /* the normal's axis is the one where the vertex touches the box extent */
        for (int k = 0; k < 3; k++)
            if (fabsf(m.nrm[i][k]) > 0.5f) { const float ext[3] = {1, 2, 3}; assert_float_equal(m.pos[i][k], m.nrm[i][k] * ext[k], 1e-6); }
    }
    mesh_data_free(&m);
}

static void box_smooth_normals_weld_corners(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){1, 1, 1}, 2);
    int corners = 0;
    for (int i = 0; i < m.vertex_count; i++) {
        if (fabsf(fabsf(m.pos[i][0]) - 1) < 1e-6f && fabsf(fabsf(m.pos[i][1]) - 1) < 1e-6f && fabsf(fabsf(m.pos[i][2]) - 1) < 1e-6f) {
            vec3 expect = {m.pos[i][0], m.pos[i][1], m.pos[i][2]};
            glm_vec3_normalize(expect);
            assert_float_equal(glm_vec3_dot(expect, m.snrm[i]), 1.0f, 1e-5);
            corners++;
        } else if (fabsf(m.pos[i][0]) < 0.99f && fabsf(m.pos[i][1]) < 0.99f) {
            /* face interior: smooth normal equals the face normal */
            assert_float_equal(glm_vec3_dot(m.nrm[i], m.snrm[i]), 1.0f, 1e-5);
        }
    }
    assert_int_equal(corners, 8 * 3);
    mesh_data_free(&m);
}

static void sphere_and_cylinder_are_consistent(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_build_sphere(&m, 2.0f, 16, 8);
    assert_winding_matches_normals(&m);
    for (int i = 0; i < m.vertex_count; i++) {
        assert_float_equal(glm_vec3_norm(m.pos[i]), 2.0f, 1e-5);
        assert_float_equal(glm_vec3_dot(m.nrm[i], m.tan[i]), 0.0f, 1e-4);
        assert_float_equal(glm_vec3_norm(m.tan[i]), 1.0f, 1e-4);
    }
    mesh_clear(&m);
    mesh_build_cylinder(&m, 0.5f, 2.0f, 12, 1);
    assert_winding_matches_normals(&m);
    vec3 lo, hi;
    mesh_bounds(&m, lo, hi);
    assert_float_equal(lo[1], 0.0f, 1e-6);
    assert_float_equal(hi[1], 2.0f, 1e-6);
    mesh_data_free(&m);
}

static void append_mirrored_keeps_winding(void **state)
{
    (void)state;
    mesh_data part = {0}, all = {0};
    mesh_build_box(&part, (float[3]){0.5f, 0.5f, 0.5f}, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){2, 0, 0});
    glm_scale(xf, (vec3){-1, 1, 1});
    mesh_append(&all, &part, xf);
    assert_int_equal(all.vertex_count, part.vertex_count);
    assert_winding_matches_normals(&all);
    mesh_data_free(&part);
    mesh_data_free(&all);
}

/* Placed parts land where they are asked to: bounds of a box and of a cylinder along each axis,
 * and the winding still matches the normals after the turns. */
static void placed_parts_land_where_asked(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_add_box(&m, (float[3]){1, 2, 3}, (float[3]){0.5f, 0.25f, 2}, 0, 0);
    vec3 lo, hi;
    mesh_bounds(&m, lo, hi);
    const float want_lo[3] = {0.5f, 1.75f, 1}, want_hi[3] = {1.5f, 2.25f, 5};
    for (int k = 0; k < 3; k++) {
        assert_float_equal(lo[k], want_lo[k], 1e-5);
        assert_float_equal(hi[k], want_hi[k], 1e-5);
    }
    assert_winding_matches_normals(&m);
    for (int axis = 0; axis < 3; axis++) {
        mesh_clear(&m);
        mesh_add_cylinder(&m, (float[3]){-1, 0.5f, 4}, axis, 0.1f, 0.6f, 16);
        mesh_bounds(&m, lo, hi);
        const float c[3] = {-1, 0.5f, 4};
        for (int k = 0; k < 3; k++) {
            float half = k == axis ? 0.3f : 0.1f;
            assert_float_equal(lo[k], c[k] - half, 1e-4);
            assert_float_equal(hi[k], c[k] + half, 1e-4);
        }
        assert_winding_matches_normals(&m);
    }
    /* turned a quarter about x: the box's y extent becomes its z extent */
    mesh_clear(&m);
    mesh_add_box(&m, (float[3]){0, 0, 0}, (float[3]){0.1f, 0.2f, 0.3f}, GLM_PI_2f, 0);
    mesh_bounds(&m, lo, hi);
    assert_float_equal(hi[1], 0.3f, 1e-4);
    assert_float_equal(hi[2], 0.2f, 1e-4);
    mesh_data_free(&m);
}

/* Out of memory is the failed flag: what was built stays, new vertices go to the scratch slot
 * past the end (in bounds: mesh_append and the builders write through the index), triangles are
 * dropped, and mesh_clear lets a rebuild try again. The flag is set by hand: a real failure needs
 * an allocator that says no, which the triple buffer's test has. */
static void failed_mesh_takes_nothing_more(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){1, 1, 1}, 1);
    const int verts = m.vertex_count, idx = m.index_count;
    m.failed = true;
    uint32_t v = mesh_add_vertex(&m, (float[3]){9, 9, 9}, NULL, NULL);
    assert_int_equal(v, (uint32_t)m.vertex_cap);
    assert_int_equal(m.vertex_count, verts);
    assert_float_equal(m.pos[v][0], 9.0f, 0); /* the scratch slot exists and took the write */
    m.snrm[v][1] = 1.0f;
    mesh_add_tri(&m, v, v, v); /* an index past the end: dropped, not asserted on */
    assert_int_equal(m.index_count, idx);
    mesh_data box = {0};
    mesh_build_box(&box, (float[3]){1, 1, 1}, 2);
    mesh_append(&m, &box, GLM_MAT4_IDENTITY);
    assert_int_equal(m.vertex_count, verts);
    assert_int_equal(m.index_count, idx);
    mesh_clear(&m);
    assert_false(m.failed);
    mesh_append(&m, &box, GLM_MAT4_IDENTITY);
    assert_int_equal(m.vertex_count, box.vertex_count);
    assert_int_equal(m.index_count, box.index_count);
    mesh_data_free(&box);
    mesh_data_free(&m);
    assert_false(m.failed);
}

/* A vertex given by pointer into the mesh itself survives the arrays moving as they grow. */
static void vertex_from_the_mesh_itself(void **state)
{
    (void)state;
    mesh_data m = {0};
    mesh_add_vertex(&m, (float[3]){1, 2, 3}, (float[3]){0, 1, 0}, (float[2]){0.25f, 0.75f});
    for (int i = 1; i < 5000; i++) {
        uint32_t v = mesh_add_vertex(&m, m.pos[i - 1], m.nrm[i - 1], m.uv[i - 1]);
        assert_int_equal(v, (uint32_t)i);
    }
    for (int i = 0; i < 5000; i++) {
        assert_float_equal(m.pos[i][2], 3.0f, 0);
        assert_float_equal(m.nrm[i][1], 1.0f, 0);
        assert_float_equal(m.uv[i][1], 0.75f, 0);
    }
    mesh_data_free(&m);
}

/* The curvature per vertex is 1/R on a sphere of radius R (away from the poles' fans), twice
 * that on one half as large, -1/R with its normals turned in (a hollow: a crease's sign), and 0
 * on a plane. */
static void curvature_is_one_over_the_radius(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const float r = k ? 0.05f : 0.1f;
        mesh_data m = {0};
        mesh_build_sphere(&m, r, 64, 32);
        float *c = malloc((size_t)m.vertex_count * sizeof *c);
        assert_non_null(c);
        assert_true(mesh_vertex_curvature(&m, c));
        int checked = 0;
        for (int v = 0; v < m.vertex_count; v++)
            if (fabsf(m.pos[v][1]) < 0.8f * r) {
                assert_float_equal(c[v] * r, 1.0f, 0.02f);
                checked++;
            }
        assert_true(checked > m.vertex_count / 2);
        for (int v = 0; v < m.vertex_count; v++) glm_vec3_negate(m.nrm[v]);
        assert_true(mesh_vertex_curvature(&m, c));
        for (int v = 0; v < m.vertex_count; v++)
            if (fabsf(m.pos[v][1]) < 0.8f * r) assert_float_equal(c[v] * r, -1.0f, 0.02f);
        free(c);
        mesh_data_free(&m);
    }
    mesh_data m = {0};
    mesh_build_plane(&m, 1.0f, 1.0f, 8);
    float c[81];
    assert_int_equal(m.vertex_count, 81);
    assert_true(mesh_vertex_curvature(&m, c));
    for (int v = 0; v < 81; v++) assert_float_equal(c[v], 0.0f, 1e-6f);
    mesh_data_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(box_faces_point_outward),
        cmocka_unit_test(box_smooth_normals_weld_corners),
        cmocka_unit_test(sphere_and_cylinder_are_consistent),
        cmocka_unit_test(append_mirrored_keeps_winding),
        cmocka_unit_test(placed_parts_land_where_asked),
        cmocka_unit_test(failed_mesh_takes_nothing_more),
        cmocka_unit_test(vertex_from_the_mesh_itself),
        cmocka_unit_test(curvature_is_one_over_the_radius),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

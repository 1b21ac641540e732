/* BVH ray hits agree with brute force on thousands of random rays, over random triangle soup
 * and over a figure of nested parts (a body and overlapping plates, the robot's size); the sorted all-hits list matches repeated nearest-after queries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "base/bvh.h"
#include "base/rng.h"
#include "base/mesh.h"

static rng test_rng = {.state = 1};
static float frand(void) { return rng_float(&test_rng); }

static void random_ray(float org[3], float dir[3], float spread)
{
    for (int k = 0; k < 3; k++) org[k] = (frand() * 2 - 1) * spread;
    float tgt[3];
    for (int k = 0; k < 3; k++) tgt[k] = (frand() * 2 - 1) * 1.0f;
    for (int k = 0; k < 3; k++) dir[k] = tgt[k] - org[k];
}

static void compare_with_brute(const bvh *b, int rays, float spread, int *hits_out)
{
    int hits = 0;
    for (int r = 0; r < rays; r++) {
        float o[3], d[3];
        random_ray(o, d, spread);
        bvh_hit a, c;
        bool ha = bvh_raycast(b, o, d, 0.0f, 10.0f, &a);
        bool hc = bvh_raycast_brute(b, o, d, 0.0f, 10.0f, &c);
        assert_int_equal(ha, hc);
        if (!ha) continue;
        hits++;
        assert_float_equal(a.t, c.t, 1e-6);
        assert_int_equal(a.tri, c.tri);
        assert_int_equal(a.tag, c.tag);
        assert_float_equal(a.u, c.u, 1e-6);
        assert_float_equal(a.v, c.v, 1e-6);
        /* nearest after the first hit also matches */
        bool ha2 = bvh_raycast(b, o, d, a.t, 10.0f, &a);
        bool hc2 = bvh_raycast_brute(b, o, d, c.t, 10.0f, &c);
        assert_int_equal(ha2, hc2);
        if (ha2) assert_int_equal(a.tri, c.tri);
    }
    *hits_out = hits;
}

static void random_soup_matches_brute_force(void **state)
{
    (void)state;
    enum { N = 3000 };
    float (*pos)[3] = malloc(sizeof(float[3]) * 3 * N);
    uint32_t *idx = malloc(sizeof(uint32_t) * 3 * N);
    int *tags = malloc(sizeof(int) * N);
    for (int t = 0; t < N; t++) {
        float c[3];
        for (int k = 0; k < 3; k++) c[k] = frand() * 2 - 1;
        for (int v = 0; v < 3; v++) {
            for (int k = 0; k < 3; k++) pos[3 * t + v][k] = c[k] + (frand() - 0.5f) * 0.1f;
            idx[3 * t + v] = (uint32_t)(3 * t + v);
        }
        tags[t] = t % 7;
    }
    bvh *b = bvh_create(&(bvh_desc){.pos = (const float (*)[3])pos, .idx = idx, .tri_count = N, .tags = tags});
    assert_non_null(b);
    assert_true(bvh_node_count(b) > N / 8);
    int hits;
    compare_with_brute(b, 4000, 3.0f, &hits);
    assert_true(hits > 1000); /* the test exercised real hits, not only misses */
    bvh_destroy(b);
    bvh_destroy(NULL);
    free(pos); free(idx); free(tags);
}

/* A figure 2.4 m tall: a body (a cylinder and a head) and eight plates that overlap it and one
 * another, so most rays cross several layers: the all-hits list has something to sort. */
static void build_figure(mesh_data *all, int *body_tris, int *part_tris, int nparts)
{
    mesh_data part = {0};
    mesh_build_cylinder(&part, 0.3f, 2.0f, 24, 1);
    mesh_append(all, &part, GLM_MAT4_IDENTITY);
    mesh_clear(&part);
    mesh_build_sphere(&part, 0.22f, 20, 12);
    mat4 xf;
    glm_translate_make(xf, (vec3){0, 2.15f, 0});
    mesh_append(all, &part, xf);
    *body_tris = all->index_count / 3;
    for (int p = 0; p < nparts; p++) {
        mesh_clear(&part);
        mesh_build_box(&part, (float[3]){0.28f, 0.18f, 0.06f}, 2);
        glm_translate_make(xf, (vec3){(p % 2 ? 0.18f : -0.18f), 0.3f + 0.24f * (float)p, 0.3f + 0.03f * (float)(p % 3)});
        glm_rotate_y(xf, 0.3f * (float)(p - 4), xf);
        mesh_append(all, &part, xf);
        part_tris[p] = part.index_count / 3;
    }
    mesh_data_free(&part);
}

static void figure_matches_brute_force_and_all_hits_are_sorted(void **state)
{
    (void)state;
    enum { PARTS = 8 };
    mesh_data all = {0};
    int body_tris, part_tris[PARTS];
    build_figure(&all, &body_tris, part_tris, PARTS);
    int n = all.index_count / 3;
    int *tags = malloc(sizeof(int) * (size_t)n);
    for (int t = 0, p = -1, acc = body_tris; t < n; t++) {
        while (t >= acc) { p++; acc += part_tris[p]; }
        tags[t] = p;
    }
    bvh *b = bvh_create(&(bvh_desc){.pos = (const float (*)[3])all.pos, .idx = all.idx, .tri_count = n, .tags = tags});
    int hits = 0;
    for (int i = 0; i < 3000; i++) {
        float o[3] = {(frand() * 2 - 1) * 3, frand() * 2.4f, 3.0f}, tgt[3] = {(frand() - 0.5f) * 0.9f, frand() * 2.2f, 0};
        float d[3] = {tgt[0] - o[0], tgt[1] - o[1], tgt[2] - o[2]};
        bvh_hit a, c, list[32];
        bool ha = bvh_raycast(b, o, d, 0, 10, &a), hc = bvh_raycast_brute(b, o, d, 0, 10, &c);
        assert_int_equal(ha, hc);
        int k = bvh_raycast_all(b, o, d, 10, list, 32);
        assert_int_equal(k > 0, ha);
        if (!ha) continue;
        hits++;
        assert_int_equal(a.tri, c.tri);
        assert_float_equal(list[0].t, a.t, 1e-6);
        for (int j = 1; j < k && j < 32; j++) assert_true(list[j].t >= list[j - 1].t);
        /* walking with nearest-after visits the same sequence of distances */
        float tm = 0;
        for (int j = 0; j < k && j < 32; j++) {
            if (j && list[j].t <= tm) continue; /* a ray through a shared edge hits both triangles at one t */
            bvh_hit s;
            assert_true(bvh_raycast(b, o, d, tm, 10, &s));
            assert_float_equal(s.t, list[j].t, 1e-6);
            tm = s.t;
        }
    }
    assert_true(hits > 1000);
    bvh_destroy(b);
    free(tags);
    mesh_data_free(&all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_soup_matches_brute_force),
        cmocka_unit_test(figure_matches_brute_force_and_all_hits_are_sorted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The range's set (damage/scene/range_set.h): every part is built and stands on the floor, and
 * nothing stands between the player's cameras (the scene's default and the ones the docs, tests
 * and showcase scripts use) and the robot, nor on the robot's spot. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "damage/scene/range_set.h"

/* Möller-Trumbore: does segment a->b cross triangle (p, q, r)? */
static bool segment_hits(const vec3 a, const vec3 b, const float *p, const float *q, const float *r)
{
    vec3 d, e1, e2, h, s, qv;
    glm_vec3_sub((float *)b, (float *)a, d);
    glm_vec3_sub((float *)q, (float *)p, e1);
    glm_vec3_sub((float *)r, (float *)p, e2);
    glm_vec3_cross(d, e2, h);
    float det = glm_vec3_dot(e1, h);
    if (fabsf(det) < 1e-9f) return false;
    float inv = 1.0f / det;
    glm_vec3_sub((float *)a, (float *)p, s);
    float u = glm_vec3_dot(s, h) * inv;
    if (u < 0 || u > 1) return false;
    glm_vec3_cross(s, e1, qv);
    float v = glm_vec3_dot(d, qv) * inv;
    if (v < 0 || u + v > 1) return false;
    float t = glm_vec3_dot(e2, qv) * inv;
    return t >= 0 && t <= 1;
}

static void every_part_is_built_and_on_the_floor(void **state)
{
    (void)state;
    range_set s;
    range_set_build(&s);
    for (int p = 0; p < RANGE_SET_PART_COUNT; p++) {
        assert_true(s.part[p].index_count >= 36);
        for (int v = 0; v < s.part[p].vertex_count; v++) {
            const float *x = s.part[p].pos[v];
            assert_true(x[1] >= -1e-4f);
            /* the robot's spot (its box on the floor) stays clear */
            assert_false(fabsf(x[0]) < 0.8f && fabsf(x[2]) < 0.8f);
        }
    }
    range_set_free(&s);
}

static void nothing_between_the_cameras_and_the_robot(void **state)
{
    (void)state;
    range_set s;
    range_set_build(&s);
    const float eyes[][3] = {{0.6f, 1.55f, 3.6f}, {1.3f, 1.7f, 3.6f}, {0.6f, 1.5f, 3.0f}, {0.05f, 1.3f, 1.8f}, {2.2f, 1.5f, 2.6f}};
    int segments = 0;
    for (size_t e = 0; e < sizeof eyes / sizeof *eyes; e++)
        for (float y = 0.1f; y <= 2.15f; y += 0.15f)
            for (float x = -0.4f; x <= 0.41f; x += 0.2f) {
                vec3 a = {eyes[e][0], eyes[e][1], eyes[e][2]}, b = {x, y, 0};
                for (int p = 0; p < RANGE_SET_PART_COUNT; p++) {
                    const mesh_data *m = &s.part[p];
                    for (int i = 0; i < m->index_count; i += 3)
                        assert_false(segment_hits(a, b, m->pos[m->idx[i]], m->pos[m->idx[i + 1]], m->pos[m->idx[i + 2]]));
                }
                segments++;
            }
    assert_true(segments > 300);
    range_set_free(&s);
}

static void lamps_face_the_lanes(void **state)
{
    (void)state;
    range_set s;
    range_set_build(&s);
    /* lit faces point down or towards the player (+z): the camera sees them */
    const mesh_data *m = &s.part[RANGE_SET_LAMPS];
    float area = 0;
    for (int i = 0; i < m->index_count; i += 3) {
        vec3 e1, e2, n;
        glm_vec3_sub(m->pos[m->idx[i + 1]], m->pos[m->idx[i]], e1);
        glm_vec3_sub(m->pos[m->idx[i + 2]], m->pos[m->idx[i]], e2);
        glm_vec3_cross(e1, e2, n);
        if (n[1] < 0 || n[2] > 0) area += 0.5f * glm_vec3_norm(n);
    }
    assert_true(area > 1.0f);
    range_set_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_part_is_built_and_on_the_floor),
        cmocka_unit_test(nothing_between_the_cameras_and_the_robot),
        cmocka_unit_test(lamps_face_the_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The dissolve gallery on the CPU: the cycle's shape (whole, burn out, gone, back), the items and
 * their bounds, phases, the fixed amount freezing clock and orb, Up/Down, and each item's
 * guiding shape spanning the item. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "dissolve/scene/gallery.h"

#define DT (1.0f / 60.0f)

/* Guests of the test's own in place of the range's robot and the face's head (the app's scene
 * registry hands those in; tests/dissolve/app_dissolve*.sh draw them): a post and a ball. */
static bool post_build(mesh_data *out, float *bottom_y, float detail)
{
    mesh_build_cylinder(out, 0.35f, 1.9f, (int)(32 * detail), 0);
    *bottom_y = 0.0f;
    return true;
}

static bool ball_build(mesh_data *out, float *bottom_y, float detail)
{
    mesh_build_sphere(out, 0.3f, (int)(40 * detail), (int)(24 * detail));
    *bottom_y = -0.3f;
    return true;
}

static void cycle_shape(void **state)
{
    (void)state;
    const float T = DISSOLVE_GALLERY_CYCLE_S;
    float prev = dissolve_gallery_cycle(0.0f);
    for (int i = 1; i <= 2000; i++) {
        float t = T * (float)i / 1000.0f, u = fmodf(t, T) / T;
        float a = dissolve_gallery_cycle(t);
        assert_true(a >= 0.0f && a <= 1.0f);
        assert_true(fabsf(a - prev) < 0.01f); /* continuous: no jump anywhere, the wrap included */
        if (u < 0.099f || u > 0.901f) assert_float_equal(a, 0.0f, 0.0f);
        if (u > 0.451f && u < 0.549f) assert_float_equal(a, 1.0f, 0.0f);
        if (u > 0.1f && u < 0.45f) assert_true(a >= prev);  /* burning out */
        if (u > 0.55f && u < 0.9f) assert_true(a <= prev);  /* coming back */
        assert_float_equal(a, dissolve_gallery_cycle(t + T), 1e-4f); /* periodic */
        prev = a;
    }
}

static void items_and_cycle(void **state)
{
    (void)state;
    dissolve_gallery *g = ALLOC_STRUCT(dissolve_gallery);
    mesh_data m[DISSOLVE_GALLERY_MAX] = {0};
    const dissolve_gallery_guest guests[] = {{"robot", post_build}, {"head", ball_build}};
    int n = dissolve_gallery_build(g, guests, 2, m, 1.0f);
    assert_int_equal(n, 5);
    static const char *const names[] = {"box", "sphere", "crystals", "robot", "head"};
    long long verts = 0;
    for (int i = 0; i < n; i++) {
        const dissolve_gallery_item *it = &g->items[i];
        assert_string_equal(it->name, names[i]);
        assert_true(m[i].vertex_count > 0);
        verts += m[i].vertex_count;
        /* the bounds hold every vertex where the model puts it, and everything stands on the floor */
        for (int v = 0; v < m[i].vertex_count; v += 7) {
            vec3 w;
            glm_mat4_mulv3((vec4 *)it->model, m[i].pos[v], 1.0f, w);
            for (int k = 0; k < 3; k++) assert_true(w[k] >= it->lo[k] - 1e-4f && w[k] <= it->hi[k] + 1e-4f);
        }
        assert_true(it->lo[1] > -0.05f);
        /* no face lies on the ground plane (y = 0): coplanar with it, it z-fights */
        int on_ground = 0;
        for (int v = 0; v < m[i].vertex_count; v++) {
            vec3 w, nw;
            glm_mat4_mulv3((vec4 *)it->model, m[i].pos[v], 1.0f, w);
            glm_mat4_mulv3((vec4 *)it->model, m[i].nrm[v], 0.0f, nw);
            on_ground += fabsf(w[1]) < 2e-3f && nw[1] < -0.9f * glm_vec3_norm(nw);
        }
        if (on_ground) print_message("%s: %d vertices of downward faces on the ground\n", it->name, on_ground);
        assert_int_equal(on_ground, 0);
        assert_float_equal(it->radius, glm_vec3_distance((float *)it->lo, (float *)it->hi) * 0.5f, 1e-5f);
        mesh_data_free(&m[i]);
    }
    assert_int_equal(g->vertices, verts);
    /* the box is 0.8 m on a side, turned about y */
    assert_true(g->items[0].hi[0] - g->items[0].lo[0] > 0.8f);

    /* each item runs the cycle shifted by its phase; the orb moves */
    vec3 orb0;
    glm_vec3_copy(g->target, orb0);
    for (int s = 0; s < 90; s++) dissolve_gallery_update(g, DT, false, 0.0f);
    for (int i = 0; i < n; i++)
        assert_float_equal(g->items[i].amount, dissolve_gallery_cycle(g->time + g->items[i].phase), 0.0f);
    assert_true(glm_vec3_distance(orb0, g->target) > 0.1f);
    assert_true(g->target[1] > 1.0f); /* above the gallery */

    /* fixed: every item at the amount, clock and orb stand still */
    dissolve_gallery_fix(g, 1.5f);
    assert_float_equal(dissolve_gallery_amount(g), 1.0f, 0.0f);
    float t = g->time;
    vec3 orb;
    glm_vec3_copy(g->target, orb);
    for (int s = 0; s < 60; s++) dissolve_gallery_update(g, DT, false, 0.0f);
    assert_float_equal(g->time, t, 0.0f);
    assert_float_equal(glm_vec3_distance(orb, g->target), 0.0f, 1e-6f);
    for (int i = 0; i < n; i++) assert_float_equal(g->items[i].amount, 1.0f, 0.0f);
    /* Down for half a second: 0.4 per second */
    for (int s = 0; s < 30; s++) dissolve_gallery_update(g, DT, false, -1.0f);
    assert_float_equal(dissolve_gallery_amount(g), 0.8f, 1e-4f);
    /* Space: back to the cycle, the clock runs again */
    dissolve_gallery_update(g, DT, true, 0.0f);
    assert_false(g->fixed);
    dissolve_gallery_update(g, DT, false, 0.0f);
    assert_true(g->time > t);
    assert_float_equal(g->items[0].amount, dissolve_gallery_cycle(g->time), 0.0f);
    /* Up while cycling starts from the cycle's amount */
    float from = g->items[0].amount;
    dissolve_gallery_update(g, DT, false, 1.0f);
    assert_true(g->fixed);
    assert_float_equal(g->fixed_amount, fminf(from + 0.4f * DT, 1.0f), 1e-6f);

    /* guiding shapes span each item: direction from above it to below it, sphere shell around the orb */
    for (int i = 0; i < n; i++) {
        dissolve_params p = dissolve_gallery_params(g, i);
        const dissolve_gallery_item *it = &g->items[i];
        assert_int_equal(p.mode, DISSOLVE_MODE_PUSH);
        assert_int_equal(p.shape, DISSOLVE_SHAPE_DIRECTION);
        assert_true(p.from[1] > it->hi[1] && p.to[1] < it->lo[1]);
        float d = glm_vec3_distance(g->target, (float *)it->center);
        assert_float_equal(p.radius - p.inner_radius, fminf(2.0f * it->radius, d + it->radius), 1e-4f);
        assert_float_equal(glm_vec3_distance(p.target, g->target), 0.0f, 0.0f);
    }
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cycle_shape),
        cmocka_unit_test(items_and_cycle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

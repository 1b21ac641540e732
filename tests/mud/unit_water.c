/* Shallow water: volume conserved over 60 s, a still pond stays still, a wave crosses a channel at
 * sqrt(g h), no explosion after a stall, inactive blocks keep their state, a moving pusher makes a
 * bow wave and a wake, the vertices and the dump say what the cells hold. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "mud/core/water.h"

typedef struct ground {
    float base, slope_x, bump; /* height = base + slope_x * x + bump * islands */
} ground;

static float ground_fn(void *user, float x, float z)
{
    const ground *g = user;
    float island = (fabsf(x - 40.0f) < 2.0f && fabsf(z - 40.0f) < 2.0f) ? 1.0f : 0.0f;
    return g->base + g->slope_x * x + g->bump * island + g->bump * 0.1f * sinf(x * 0.7f) * cosf(z * 0.5f);
}

static water *make(ground *g, const level_water *areas, int n, int size, bool frictionless)
{
    water *w = water_create(&(water_desc){.level_size = size, .areas = areas, .nareas = n, .ground = ground_fn, .user = g,
                                          .frictionless = frictionless});
    assert_non_null(w);
    water_activate_all(w);
    return w;
}

static void volume_is_conserved_over_60_s(void **state)
{
    (void)state;
    /* an uneven basin with a dry island, a hump of water let go, and a pusher ploughing through */
    ground g = {1.0f, 0.004f, 1.5f};
    level_water areas[2] = {{{10, 10, 70, 60}, 2.0f}, {{60, 20, 90, 30}, 2.0f}};
    water *w = make(&g, areas, 2, 128, false);
    for (float x = 20; x < 26; x += 0.5f)
        for (float z = 20; z < 26; z += 0.5f) water_set_depth_at(w, x, z, water_depth_at(w, x, z) + 0.6f);
    double v0 = water_volume(w);
    assert_true(v0 > 500.0);
    for (int s = 0; s < 60 * 60; s++) {
        float t = (float)s / 60.0f;
        water_pusher p = {{15.0f + 2.0f * fmodf(t, 25.0f), 1.8f, 35.0f}, {2.0f, 0, 0}, 0.6f, 1.2f};
        water_step(w, 1.0f / 60.0f, &p, 1);
    }
    double v1 = water_volume(w);
    assert_true(fabs(v1 - v0) / v0 < 0.01);
    /* something moved: the test would pass trivially on a frozen field */
    assert_true(fabsf(water_depth_at(w, 23, 23) - (2.0f - ground_fn(&g, 23, 23) + 0.6f)) > 0.05f);
    water_destroy(w);
}

static void a_still_pond_stays_still(void **state)
{
    (void)state;
    ground g = {1.0f, 0.01f, 1.5f}; /* sloping, bumpy ground with an island above the surface */
    level_water area = {{20, 20, 60, 60}, 2.2f};
    water *w = make(&g, &area, 1, 64, false);
    float before[80][80];
    for (int j = 0; j < 80; j++)
        for (int i = 0; i < 80; i++) before[j][i] = water_depth_at(w, 20.25f + (float)i * 0.5f, 20.25f + (float)j * 0.5f);
    assert_true(before[40][40] == 0.0f);           /* the island is dry */
    assert_true(before[10][10] > 0.5f);            /* the pond is not */
    for (int s = 0; s < 600; s++) water_step(w, 1.0f / 60.0f, NULL, 0);
    float worst = 0.0f, vmax = 0.0f;
    for (int j = 0; j < 80; j++)
        for (int i = 0; i < 80; i++) {
            float x = 20.25f + (float)i * 0.5f, z = 20.25f + (float)j * 0.5f;
            worst = fmaxf(worst, fabsf(water_depth_at(w, x, z) - before[j][i]));
            water_sample_out o;
            if (water_sample(w, x, z, &o)) vmax = fmaxf(vmax, hypotf(o.vel[0], o.vel[1]));
        }
    assert_true(worst < 1e-4f);
    assert_true(vmax < 1e-4f);
    water_destroy(w);
}

/* A small hump in a long flat channel: its halves run at sqrt(g h); the peak reaches a probe 60 m
 * away after 60 / sqrt(g h) seconds. */
static void a_wave_crosses_a_channel_at_sqrt_gh(void **state)
{
    (void)state;
    const float depth = 0.5f, c = sqrtf(9.81f * depth);
    ground g = {1.0f, 0.0f, 0.0f};
    level_water area = {{0, 30, 128, 32}, 1.0f + depth};
    water *w = make(&g, &area, 1, 128, true);
    for (float x = 0.25f; x < 128; x += 0.5f) {
        float a = 0.02f * expf(-(x - 20.0f) * (x - 20.0f) / (2.0f * 3.0f * 3.0f));
        for (float z = 30.25f; z < 32; z += 0.5f) water_set_depth_at(w, x, z, depth + a);
    }
    float best = 0.0f, best_t = 0.0f;
    const float dt = 1.0f / 60.0f;
    for (int s = 1; s <= 60 * 38; s++) { /* the half reflected at x = 0 arrives after 45 s */
        water_step(w, dt, NULL, 0);
        float d = water_depth_at(w, 80.25f, 31.0f) - depth;
        if (d > best) {
            best = d;
            best_t = (float)s * dt;
        }
    }
    float expected = 60.0f / c;
    print_message("peak %.4f at %.2f s, expected %.2f s\n", best, best_t, expected);
    assert_true(best > 0.005f); /* the peak arrived, about half the hump */
    assert_true(fabsf(best_t - expected) / expected < 0.10f);
    water_destroy(w);
}

static bool finite_field(const water *w, float x0, float z0, float x1, float z1, float limit)
{
    for (float z = z0; z < z1; z += 0.5f)
        for (float x = x0; x < x1; x += 0.5f) {
            float d = water_depth_at(w, x, z);
            if (!isfinite(d) || d < 0.0f || d > limit) return false;
            water_sample_out o;
            water_sample(w, x, z, &o);
            if (!isfinite(o.vel[0]) || !isfinite(o.vel[1]) || fabsf(o.vel[0]) > 20.0f || fabsf(o.vel[1]) > 20.0f) return false;
        }
    return true;
}

static void a_stall_does_not_blow_up(void **state)
{
    (void)state;
    ground g = {0.0f, 0.0f, 0.0f};
    level_water area = {{8, 8, 56, 56}, 1.0f};
    water *w = make(&g, &area, 1, 64, true);
    for (float x = 20; x < 30; x += 0.5f)
        for (float z = 20; z < 30; z += 0.5f) water_set_depth_at(w, x, z, 3.0f); /* a column of water let go */
    double v0 = water_volume(w);
    water_pusher p = {{32, 0.5f, 32}, {15, 0, 0}, 1.0f, 0.0f};
    float stalls[] = {5.0f, 1.0f / 60.0f, 30.0f, 0.5f, 1e9f, 1.0f / 60.0f};
    for (int r = 0; r < 20; r++)
        for (int k = 0; k < 6; k++) {
            water_step(w, stalls[k], &p, 1);
            assert_true(water_substeps_last(w) <= WATER_MAX_SUBSTEPS);
        }
    water_step(w, -1.0f, NULL, 0); /* nonsense dt: nothing */
    water_step(w, NAN, NULL, 0);
    assert_true(finite_field(w, 8, 8, 56, 56, 4.0f));
    assert_true(fabs(water_volume(w) - v0) / v0 < 0.01);
    water_destroy(w);
}

static void inactive_blocks_keep_their_state(void **state)
{
    (void)state;
    ground g = {0.0f, 0.0f, 0.0f};
    level_water areas[2] = {{{0, 0, 48, 16}, 1.0f}, {{200, 200, 240, 240}, 1.0f}};
    water *w = water_create(&(water_desc){.level_size = 256, .areas = areas, .nareas = 2, .ground = ground_fn, .user = &g});
    assert_non_null(w);
    water_set_active(w, 8, 8); /* the first area's first block (and its neighbour within 28 m) */
    assert_true(water_block_active(w, 0, 0));
    assert_false(water_block_active(w, 13, 13));
    assert_int_equal(water_cells_active(w), 2 * WATER_RES * WATER_RES);
    water_set_depth_at(w, 220, 220, 2.0f); /* a hump in the far pond */
    water_set_depth_at(w, 4, 4, 2.0f);     /* and one in the near one */
    for (int s = 0; s < 120; s++) water_step(w, 1.0f / 60.0f, NULL, 0);
    assert_float_equal(water_depth_at(w, 220, 220), 2.0f, 0.0f); /* untouched */
    assert_true(water_depth_at(w, 4, 4) < 1.5f);                /* spread out */
    /* the third block of the near pond is inactive: the water stops at the wall between them */
    assert_float_equal(water_depth_at(w, 40, 8), 1.0f, 0.0f);
    water_destroy(w);
}

static void a_moving_pusher_makes_a_bow_wave_and_a_wake(void **state)
{
    (void)state;
    ground g = {0.0f, 0.0f, 0.0f};
    level_water area = {{0, 0, 64, 64}, 0.6f};
    water *w = make(&g, &area, 1, 64, false);
    double v0 = water_volume(w);
    float x = 10.0f;
    for (int s = 0; s < 180; s++) { /* 3 s along +x at 3 m/s, the disc's bottom on the ground */
        water_pusher p = {{x, 0.5f, 32.0f}, {3.0f, 0, 0}, 0.8f, 0.0f};
        water_step(w, 1.0f / 60.0f, &p, 1);
        x += 3.0f / 60.0f;
    }
    float ahead = water_depth_at(w, x + 1.2f, 32.0f), behind = water_depth_at(w, x - 1.5f, 32.0f);
    assert_true(ahead > 0.6f + 0.01f); /* heaped in front */
    assert_true(behind < 0.6f - 0.01f); /* a trough behind */
    water_sample_out o;
    assert_true(water_sample(w, x - 2.0f, 32.0f, &o));
    assert_true(o.vel[0] > 0.1f); /* the wake follows the pusher */
    /* a pusher above the water does nothing */
    water *calm = make(&g, &area, 1, 64, false);
    for (int s = 0; s < 60; s++) {
        water_pusher p = {{20.0f, 2.0f, 32.0f}, {3.0f, 0, 0}, 0.8f, 1.0f};
        water_step(calm, 1.0f / 60.0f, &p, 1);
    }
    assert_float_equal(water_depth_at(calm, 21.0f, 32.0f), 0.6f, 1e-6f);
    assert_true(fabs(water_volume(w) - v0) / v0 < 0.01);
    water_destroy(calm);
    water_destroy(w);
}

static void vertices_and_dump_say_what_the_cells_hold(void **state)
{
    (void)state;
    ground g = {1.0f, 0.0f, 0.0f};
    level_water area = {{0, 0, 8, 16}, 1.5f}; /* the west half of block (0, 0) */
    water *w = make(&g, &area, 1, 64, false);
    static float v[(WATER_RES + 1) * (WATER_RES + 1) * 4];
    assert_true(water_block_vertices(w, 0, 0, v));
    assert_false(water_block_vertices(w, 2, 2, v));
    const float *wet = &v[(10 * (WATER_RES + 1) + 4) * 4], *dry = &v[(10 * (WATER_RES + 1) + 28) * 4];
    assert_float_equal(wet[0], 1.5f, 1e-5f);
    assert_float_equal(wet[1], 0.5f, 1e-5f);
    assert_float_equal(dry[1], 0.0f, 0.0f);
    assert_true(dry[0] < 1.0f); /* under the ground: not drawn */
    uint8_t px[WATER_RES * WATER_RES];
    water_block_dump(w, 0, 0, px);
    assert_int_equal(px[5 * WATER_RES + 3], 50); /* 0.5 m in cm */
    assert_int_equal(px[5 * WATER_RES + 30], 0);
    water_block_dump(w, 3, 3, px);
    assert_int_equal(px[0], 0);
    water_sample_out o;
    assert_true(water_sample(w, 2, 2, &o));
    assert_float_equal(o.surface, 1.5f, 1e-5f);
    assert_false(water_sample(w, 12, 2, &o));
    assert_false(water_sample(w, 40, 40, &o));
    assert_float_equal(o.depth, 0.0f, 0.0f);
    assert_null(water_create(&(water_desc){.level_size = 60, .ground = ground_fn, .user = &g}));
    assert_null(water_create(&(water_desc){.level_size = 64}));
    water_destroy(NULL);
    water_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(volume_is_conserved_over_60_s),
        cmocka_unit_test(a_still_pond_stays_still),
        cmocka_unit_test(a_wave_crosses_a_channel_at_sqrt_gh),
        cmocka_unit_test(a_stall_does_not_blow_up),
        cmocka_unit_test(inactive_blocks_keep_their_state),
        cmocka_unit_test(a_moving_pusher_makes_a_bow_wave_and_a_wake),
        cmocka_unit_test(vertices_and_dump_say_what_the_cells_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

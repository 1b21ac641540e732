/* Floating mud particles: scattered on the mud only, pushed or picked up by a wheel rolling in mud,
 * dropped off again, shed by the wheels within a fixed pool, removed far away, deterministic; a
 * crumbled mud chunk drops pieces (directly, and through the clod worker: none lost to a skipped
 * step); lying pieces drift with the water's flow. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "mud/core/floaters.h"
#include "mud/core/mud_clod_worker.h"

static terrain *flat(float mud) { return terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 2.0f, .flat_softness = 0.8f, .flat_mud = mud}); }

/* A wheel at (x, z) rolling along +z at speed v, `depth` metres in the mud. */
static clod_emitter wheel(float x, float z, float v, float depth)
{
    return (clod_emitter){{x, 2.0f + 0.55f - depth, z}, {0, 0, 1}, {0, 0, v}, 0.55f, 0.0f, 0.42f, depth};
}

static void scatter_lies_on_the_mud_only(void **state)
{
    (void)state;
    terrain *mud = flat(1.0f), *grass = flat(0.0f);
    floaters *a = floaters_create(&(floaters_desc){.capacity = 256, .seed = 1}, mud);
    floaters *b = floaters_create(&(floaters_desc){.capacity = 256, .seed = 1}, grass);
    floaters_scatter(a, 32, 32, 10, 100);
    floaters_scatter(b, 32, 32, 10, 100);
    assert_int_equal(floaters_alive(a), 100);
    assert_int_equal(floaters_count(a, FLOAT_LYING), 100);
    assert_int_equal(floaters_alive(b), 0);
    floater_instance out[256];
    int n = floaters_write(a, out, 256);
    for (int i = 0; i < n; i++) {
        assert_true(hypotf(out[i].pos[0] - 32, out[i].pos[2] - 32) <= 10.0f);
        assert_true(out[i].lying);
    }
    floaters_destroy(a);
    floaters_destroy(b);
    floaters_destroy(NULL);
    terrain_destroy(mud);
    terrain_destroy(grass);
}

static void a_crumbled_chunk_drops_pieces(void **state)
{
    (void)state;
    terrain *grass = flat(0.0f);
    floaters *f = floaters_create(&(floaters_desc){.capacity = 64, .seed = 2}, grass);
    floaters_drop(f, 20, 30, 0.5f, 12); /* no mud needed: the chunk's own mud */
    assert_int_equal(floaters_alive(f), 12);
    floater_instance out[64];
    int n = floaters_write(f, out, 64);
    for (int i = 0; i < n; i++) {
        assert_true(hypotf(out[i].pos[0] - 20, out[i].pos[2] - 30) <= 0.5f);
        assert_true(out[i].lying);
    }
    floaters_drop(f, 20, 30, 0.5f, 100); /* a full pool keeps its size */
    assert_int_equal(floaters_alive(f), 64);
    floaters_destroy(f);

    /* through the worker: drops ride with the next submit, more than one step's worth too */
    mud_clod_worker *w = mud_clod_worker_create(&(mud_clod_worker_desc){
        .terrain = grass, .clods = {.capacity = 64, .seed = 1}, .floaters = {.capacity = 256, .seed = 1}, .deterministic = true});
    assert_non_null(w);
    mud_clod_worker_submit(w, NULL, 0, 1.0f / 60.0f);
    assert_int_equal(mud_clod_worker_frame(w)->nfloat, 0);
    for (int i = 0; i < 3; i++) mud_clod_worker_drop(w, 10.0f + (float)i, 10.0f, 0.2f); /* 4 pieces each */
    mud_clod_worker_submit(w, NULL, 0, 1.0f / 60.0f);
    assert_int_equal(mud_clod_worker_frame(w)->nfloat, 12);
    mud_clod_worker_submit(w, NULL, 0, 1.0f / 60.0f); /* nothing new: no piece dropped twice */
    assert_int_equal(mud_clod_worker_frame(w)->nfloat, 12);
    mud_clod_worker_destroy(w);
    terrain_destroy(grass);
}

static void a_wheel_pushes_or_picks_up_then_drops(void **state)
{
    (void)state;
    terrain *t = flat(1.0f);
    floaters *f = floaters_create(&(floaters_desc){.capacity = 1024, .seed = 3}, t);
    floaters_scatter(f, 32, 32, 3, 400); /* dense: the wheel's path through it meets many */
    floater_instance before[1024], after[1024];
    int n = floaters_write(f, before, 1024);
    int stuck_max = 0;
    /* a wheel out of the mud (depth 0) rolls through first: nothing happens */
    for (int s = 0; s < 120; s++) {
        clod_emitter e = wheel(32, 26 + 0.1f * (float)s, 6.0f, 0.0f);
        floaters_step(f, &e, 1, 1.0f / 60.0f);
    }
    assert_int_equal(floaters_count(f, FLOAT_LYING), n);
    assert_int_equal(floaters_alive(f), n);
    for (int s = 0; s < 120; s++) {
        clod_emitter e = wheel(32, 26 + 0.1f * (float)s, 6.0f, 0.1f);
        floaters_step(f, &e, 1, 1.0f / 60.0f);
        int st = floaters_count(f, FLOAT_STUCK);
        stuck_max = st > stuck_max ? st : stuck_max;
    }
    assert_true(stuck_max > 0); /* some stuck to the tyre */
    floaters_write(f, after, 1024);
    int moved = 0;
    for (int i = 0; i < n; i++) moved += hypotf(after[i].pos[0] - before[i].pos[0], after[i].pos[2] - before[i].pos[2]) > 0.05f;
    assert_true(moved > 10); /* pushed aside or carried */
    assert_true(floaters_alive(f) > n); /* and the wheel shed new ones */
    /* the wheel stops (still in the mud): within 1.8 s + the fall every piece has let go and lies again */
    for (int s = 0; s < 180; s++) {
        clod_emitter e = wheel(32, 38, 0.0f, 0.1f);
        floaters_step(f, &e, 1, 1.0f / 60.0f);
    }
    assert_int_equal(floaters_count(f, FLOAT_STUCK), 0);
    assert_int_equal(floaters_count(f, FLOAT_FALLING), 0);
    floaters_destroy(f);
    terrain_destroy(t);
}

static void pool_is_fixed_far_ones_go_and_runs_repeat(void **state)
{
    (void)state;
    terrain *t = flat(1.0f);
    floater_instance out[2][64];
    int count[2];
    for (int run = 0; run < 2; run++) {
        floaters *f = floaters_create(&(floaters_desc){.capacity = 64, .seed = 9, .keep_radius = 20}, t);
        floaters_scatter(f, 32, 10, 2, 20);
        for (int s = 0; s < 600; s++) {
            clod_emitter e = wheel(32, 8 + 0.08f * (float)s, 5.0f, 0.1f);
            floaters_step(f, &e, 1, 1.0f / 60.0f);
            assert_true(floaters_alive(f) <= 64);
        }
        /* the wheel ended at z = 56: the pieces scattered at z = 10 are 46 m away, gone */
        count[run] = floaters_write(f, out[run], 64);
        for (int i = 0; i < count[run]; i++)
            if (fabsf(out[run][i].pos[2] - 56.0f) > 20.5f) fail_msg("piece %d at z %.2f state %d", i, out[run][i].pos[2], out[run][i].state);
        floaters_destroy(f);
    }
    assert_int_equal(count[0], count[1]);
    for (int i = 0; i < count[0]; i++) {
        assert_memory_equal(out[0][i].pos, out[1][i].pos, sizeof out[0][i].pos);
        assert_float_equal(out[0][i].size, out[1][i].size, 0.0f);
        assert_int_equal(out[0][i].state, out[1][i].state);
    }
    terrain_destroy(t);
}

/* On flowing water a lying piece drifts with the flow; in a dry cell, or with no flow set, it stays. */
static void lying_pieces_drift_with_the_water(void **state)
{
    (void)state;
    terrain *mud = flat(1.0f);
    floaters *f = floaters_create(&(floaters_desc){.capacity = 64, .seed = 3}, mud);
    floaters_drop(f, 30, 30, 1.0f, 20);
    floater_instance before[64], after[64];
    int n = floaters_write(f, before, 64);
    static floaters_flow flow;
    flow = (floaters_flow){.x0 = 30.0f - FLOATERS_FLOW_N / 2, .z0 = 30.0f - FLOATERS_FLOW_N / 2, .cell = 1.0f};
    for (int c = 0; c < FLOATERS_FLOW_N * FLOATERS_FLOW_N; c++) {
        flow.vel[c][0] = 0.5f;  /* +x at 0.5 m/s */
        flow.vel[c][1] = -0.25f;
    }
    floaters_set_flow(f, &flow);
    for (int s = 0; s < 120; s++) floaters_step(f, NULL, 0, 1.0f / 60.0f);
    assert_int_equal(floaters_write(f, after, 64), n);
    for (int i = 0; i < n; i++) {
        assert_float_equal(after[i].pos[0] - before[i].pos[0], 1.0f, 1e-3f);
        assert_float_equal(after[i].pos[2] - before[i].pos[2], -0.5f, 1e-3f);
        assert_true(after[i].lying);
    }
    floaters_set_flow(f, NULL); /* no water: they stay */
    for (int s = 0; s < 60; s++) floaters_step(f, NULL, 0, 1.0f / 60.0f);
    floaters_write(f, before, 64);
    for (int i = 0; i < n; i++) assert_float_equal(before[i].pos[0], after[i].pos[0], 0.0f);
    floaters_destroy(f);
    terrain_destroy(mud);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scatter_lies_on_the_mud_only),
        cmocka_unit_test(a_crumbled_chunk_drops_pieces),
        cmocka_unit_test(a_wheel_pushes_or_picks_up_then_drops),
        cmocka_unit_test(pool_is_fixed_far_ones_go_and_runs_repeat),
        cmocka_unit_test(lying_pieces_drift_with_the_water),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

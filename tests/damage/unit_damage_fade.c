/* The fade scheduler of the damage map: passes at 10 Hz of simulated time while the fading map
 * may hold anything, none at rest, a run as long as the 8-bit map needs to reach exactly 0, a hit
 * restarting the run on the same cadence, a stall caught up a few passes a frame. Frames are
 * driven as the range does: update (fixed step), then prepare (hit when blasts were unwrapped,
 * then take). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <stdbool.h>

#include "damage/core/damage_fade.h"

static const float frame_dt = 1.0f / 60.0f;

/* One frame; returns the fade passes run in it. */
static int frame(damage_fade *f, float dt, bool hit)
{
    damage_fade_update(f, dt);
    if (hit) damage_fade_hit(f);
    int k = damage_fade_take(f);
    assert_true(k >= 0 && k <= DAMAGE_FADE_MAX_PER_FRAME);
    return k;
}

/* The shader's step in its own terms (unorm8 in, v * f - 1/255 in [0, 1], stored round to
 * nearest), in double: an independent statement of what damage_fade_steps_to_zero counts. */
static int shader_step(int v, float factor)
{
    double x = (double)v / 255.0 * (double)factor - 1.0 / 255.0;
    return x <= 0.0 ? 0 : (int)lround(x * 255.0);
}

static void the_8bit_map_reaches_exactly_zero_in_the_counted_steps(void **state)
{
    (void)state;
    for (float k = 0.5f; k < 0.99f; k += 0.02f) {
        const int n = damage_fade_steps_to_zero(k);
        assert_true(n > 0 && n < 255);
        int v = 255;
        for (int i = 0; i < n - 1; i++) v = shader_step(v, k);
        assert_true(v > 0); /* one step fewer leaves something */
        assert_int_equal(shader_step(v, k), 0);
    }
    /* the default: zero within 5 s at 10 Hz */
    assert_true((float)damage_fade_steps_to_zero(0.86f) * 0.1f < 5.0f);
}

static void at_rest_there_is_no_pass(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    int passes = 0;
    for (int i = 0; i < 600; i++) passes += frame(&f, frame_dt, false);
    assert_int_equal(passes, 0);
    assert_int_equal(f.steps_left, 0);
    /* a long stall at rest brings nothing due either */
    passes += frame(&f, 30.0f, false);
    assert_int_equal(passes, 0);
}

static void a_hit_fades_at_10_hz_then_stops(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    const int run = damage_fade_steps_to_zero(0.86f) + 2;
    int passes = 0, last = -1, last_pass_frame = -1;
    for (int i = 0; i < 1200; i++) {
        int k = frame(&f, frame_dt, i == 0);
        assert_true(k <= 1); /* 10 Hz at 60 frames a second: never two in a frame */
        if (k) {
            /* the clock starts at the hit: a pass every sixth frame */
            if (last >= 0 && i < 120) assert_int_equal(i - last, 6);
            if (last < 0) assert_int_equal(i, 6);
            last = i;
            last_pass_frame = i;
        }
        passes += k;
        if (i == 59) assert_int_equal(passes, 9);   /* t = 1 s: passes at 0.1 .. 0.9 s */
        if (i == 60) assert_int_equal(passes, 10);
    }
    /* the run is what the map needs to reach zero, then nothing for the rest of 20 s */
    assert_int_equal(passes, run);
    assert_int_equal(f.steps_left, 0);
    assert_true(last_pass_frame < 60 * 5); /* stops a few seconds after the hit */
    assert_true(abs(last_pass_frame - 6 * run) <= 1);
}

static void a_hit_while_fading_restarts_the_run_on_the_same_cadence(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    const int run = damage_fade_steps_to_zero(0.86f) + 2;
    int passes = 0, last = -1;
    for (int i = 0; i < 1200; i++) {
        /* a second hit at frame 63, between two passes of the first run */
        int k = frame(&f, frame_dt, i == 0 || i == 63);
        if (k && i < 130) {
            assert_int_equal(i % 6, 0);
            last = i;
        }
        passes += k;
    }
    assert_true(last >= 120);
    /* ten passes before the second hit, then a whole run from it */
    assert_int_equal(passes, 10 + run);
}

static void a_stall_is_caught_up_a_few_passes_a_frame(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    frame(&f, frame_dt, true);
    /* a one-second frame: ten passes due, three a frame at most */
    assert_int_equal(frame(&f, 1.0f, false), 3);
    assert_int_equal(frame(&f, 0.0f, false), 3);
    assert_int_equal(frame(&f, 0.0f, false), 3);
    assert_int_equal(frame(&f, 0.0f, false), 1);
    assert_int_equal(frame(&f, 0.0f, false), 0);
}

static void no_more_passes_come_due_than_the_run_has(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    const int run = damage_fade_steps_to_zero(0.86f) + 2;
    frame(&f, frame_dt, true);
    int passes = frame(&f, 1000.0f, false);
    for (int i = 0; i < 100; i++) passes += frame(&f, 0.0f, false);
    assert_int_equal(passes, run);
    assert_int_equal(f.steps_left, 0);
    assert_int_equal(f.due, 0);
}

static void the_rate_follows_set_hz_and_reset_rests(void **state)
{
    (void)state;
    damage_fade f;
    damage_fade_init(&f, 10.0f, 0.86f);
    damage_fade_set_hz(&f, 20.0f);
    int passes = 0;
    for (int i = 0; i <= 60; i++) passes += frame(&f, frame_dt, i == 0);
    assert_int_equal(passes, 20); /* one second at 20 Hz */
    damage_fade_reset(&f);
    assert_int_equal(f.steps_left, 0);
    for (int i = 0; i < 120; i++) passes += frame(&f, frame_dt, false);
    assert_int_equal(passes, 20);
}

static void a_slower_factor_needs_a_longer_run(void **state)
{
    (void)state;
    damage_fade fast, slow;
    damage_fade_init(&fast, 10.0f, 0.5f);
    damage_fade_init(&slow, 10.0f, 0.95f);
    assert_true(slow.steps_full > fast.steps_full);
    assert_int_equal(slow.steps_full, damage_fade_steps_to_zero(0.95f) + 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_8bit_map_reaches_exactly_zero_in_the_counted_steps),
        cmocka_unit_test(at_rest_there_is_no_pass),
        cmocka_unit_test(a_hit_fades_at_10_hz_then_stops),
        cmocka_unit_test(a_hit_while_fading_restarts_the_run_on_the_same_cadence),
        cmocka_unit_test(a_stall_is_caught_up_a_few_passes_a_frame),
        cmocka_unit_test(no_more_passes_come_due_than_the_run_has),
        cmocka_unit_test(the_rate_follows_set_hz_and_reset_rests),
        cmocka_unit_test(a_slower_factor_needs_a_longer_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The face at rest (wrinkle/scene/face_idle.h): blinks 2-6 s apart, each a quick close-open; saccades
 * held 0.3-2 s within their range; breath and sway small; the same seed the same motion, another
 * seed another. Steps are simulated time, no clock is read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "wrinkle/scene/face_idle.h"

#define DT (1.0f / 60.0f)

static void blinks_come_every_two_to_six_seconds(void **state)
{
    (void)state;
    face_idle fi;
    face_idle_init(&fi, 7);
    float last_start = -1.0f, closed_since = -1.0f, longest_closed = 0.0f;
    int starts = 0;
    for (int i = 0; i < (int)(120.0f / DT); i++) {
        int before = fi.blinks;
        face_idle_update(&fi, DT);
        assert_true(fi.blink >= 0.0f && fi.blink <= 1.0f);
        if (fi.blinks != before) {
            assert_int_equal(fi.blinks, before + 1);
            if (starts > 0) {
                float gap = fi.blink_start - last_start;
                assert_true(gap >= FACE_IDLE_BLINK_MIN_S - 1e-3f && gap <= FACE_IDLE_BLINK_MAX_S + 1e-3f);
            }
            last_start = fi.blink_start;
            starts++;
        }
        if (fi.blink > 0.0f && closed_since < 0.0f) closed_since = fi.time;
        if (fi.blink == 0.0f && closed_since >= 0.0f) {
            longest_closed = fmaxf(longest_closed, fi.time - closed_since);
            closed_since = -1.0f;
        }
    }
    assert_true(starts >= 120 / 6 && starts <= 120 / 2 + 1);
    /* a quick close-open: the lid is down no longer than the blink lasts (plus a step) */
    assert_true(longest_closed > 0.0f && longest_closed <= FACE_IDLE_BLINK_S + 2.0f * DT);
}

static void a_blink_closes_the_lid_fully(void **state)
{
    (void)state;
    face_idle fi;
    face_idle_init(&fi, 3);
    float peak = 0.0f;
    while (fi.time < 10.0f) {
        face_idle_update(&fi, 0.005f);
        peak = fmaxf(peak, fi.blink);
    }
    assert_true(fi.blinks >= 1);
    assert_true(peak > 0.95f);
}

static void saccades_hold_and_stay_small(void **state)
{
    (void)state;
    face_idle fi;
    face_idle_init(&fi, 11);
    float prev[2] = {0.0f, 0.0f}, still_since = 0.0f;
    int jumps = 0;
    for (int i = 0; i < (int)(60.0f / DT); i++) {
        face_idle_update(&fi, DT);
        assert_true(fabsf(fi.gaze[0]) <= FACE_IDLE_GAZE_RAD && fabsf(fi.gaze[1]) <= FACE_IDLE_GAZE_RAD);
        bool moved = fabsf(fi.gaze[0] - prev[0]) + fabsf(fi.gaze[1] - prev[1]) > 1e-6f;
        if (moved && fi.time - still_since > 0.1f) {
            jumps++;
            /* a hold between two jumps lasts at most the longest hold */
            assert_true(fi.time - still_since <= FACE_IDLE_HOLD_MAX_S + 0.1f);
        }
        if (moved) still_since = fi.time;
        memcpy(prev, fi.gaze, sizeof prev);
        for (int a = 0; a < 3; a++) assert_true(fabsf(fi.head[a]) <= FACE_IDLE_HEAD_RAD);
        assert_true(fi.rise >= 0.0f && fi.rise <= FACE_IDLE_RISE_M);
    }
    assert_true(jumps >= (int)(60.0f / FACE_IDLE_HOLD_MAX_S) - 2);
}

static void same_seed_same_motion(void **state)
{
    (void)state;
    face_idle a, b, c;
    face_idle_init(&a, 42);
    face_idle_init(&b, 42);
    face_idle_init(&c, 43);
    bool differs = false;
    for (int i = 0; i < 600; i++) {
        face_idle_update(&a, DT);
        face_idle_update(&b, DT);
        face_idle_update(&c, DT);
        assert_memory_equal(&a, &b, sizeof a);
        if (a.blink != c.blink || a.gaze[0] != c.gaze[0]) differs = true;
    }
    assert_true(differs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blinks_come_every_two_to_six_seconds),
        cmocka_unit_test(a_blink_closes_the_lid_fully),
        cmocka_unit_test(saccades_hold_and_stay_small),
        cmocka_unit_test(same_seed_same_motion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

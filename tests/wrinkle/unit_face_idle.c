/* The face at rest (wrinkle/scene/face_idle.h): blinks 2-6 s apart, each a quick close-open; saccades
 * held 0.3-2 s within their range; breath and sway small; the same seed the same motion, another
 * seed another. Steps are simulated time, no clock is read. The gaze: both eyes' rays pass within
 * 2 cm of the camera they are turned to (face_gaze_at), for heads turned and cameras round the
 * face; the saccades' offsets stay about it; a camera behind the head is not followed round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "wrinkle/scene/face_idle.h"
#include "base/rng.h"

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

/* Eyes of the head's size (head.h: 28 mm either side of the middle, 4 mm over the skull's centre,
 * ~7 cm in front of it) in heads placed and turned a little, cameras 0.3-2 m away within 30
 * degrees of the face's front: every gaze ray passes within 2 cm of its camera (the issue's
 * bound; exact up to rounding, since nothing clamps). With FACE_IDLE_GAZE_RAD offsets the ray
 * misses by at most the distance x tan(offset) (the saccades about the target). */
static void eyes_converge_on_the_camera(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 51);
    const vec3 eyes[2] = {{0.028f, 0.004f, 0.072f}, {-0.028f, 0.004f, 0.072f}};
    float worst = 0.0f, worst_offset = 0.0f;
    for (int k = 0; k < 2000; k++) {
        mat4 model;
        glm_translate_make(model, (vec3){rng_range(&r, -0.3f, 0.3f), rng_range(&r, 1.2f, 1.7f), rng_range(&r, -0.3f, 0.3f)});
        glm_rotate_y(model, rng_range(&r, -0.15f, 0.15f), model);
        glm_rotate_x(model, rng_range(&r, -0.1f, 0.1f), model);
        glm_rotate_z(model, rng_range(&r, -0.05f, 0.05f), model);
        const float az = rng_range(&r, -0.52f, 0.52f), el = rng_range(&r, -0.35f, 0.35f), dist = rng_range(&r, 0.3f, 2.0f);
        vec3 head_dir = {cosf(el) * sinf(az), sinf(el), cosf(el) * cosf(az)}, cam, eye;
        glm_mat4_mulv3(model, head_dir, 0.0f, head_dir);
        glm_mat4_mulv3(model, (vec3){0.0f, 0.0f, 0.072f}, 1.0f, cam);
        glm_vec3_muladds(head_dir, dist, cam);
        const float off[2] = {rng_range(&r, -FACE_IDLE_GAZE_RAD, FACE_IDLE_GAZE_RAD), rng_range(&r, -0.5f * FACE_IDLE_GAZE_RAD, 0.5f * FACE_IDLE_GAZE_RAD)};
        for (int e = 0; e < 2; e++) {
            mat4 rot;
            face_gaze_at(model, eyes[e], cam, NULL, rot);
            worst = fmaxf(worst, face_gaze_miss(model, eyes[e], rot, cam));
            face_gaze_at(model, eyes[e], cam, off, rot);
            glm_mat4_mulv3(model, (float *)eyes[e], 1.0f, eye);
            const float bound = glm_vec3_distance(eye, cam) * tanf(hypotf(off[0], off[1])) + 1e-4f;
            assert_true(face_gaze_miss(model, eyes[e], rot, cam) <= bound);
            worst_offset = fmaxf(worst_offset, face_gaze_miss(model, eyes[e], rot, cam));
        }
    }
    print_message("gaze rays: farthest from the camera %.3f mm (%.1f mm with the saccades)\n", worst * 1000.0f, worst_offset * 1000.0f);
    assert_true(worst < 0.02f);
    assert_true(worst < 1e-3f); /* nothing clamps in this range: the ray meets the camera */
}

/* A camera behind the head: the eyes turn as far as eyes do, not round. */
static void the_gaze_is_held_to_what_eyes_can_turn(void **state)
{
    (void)state;
    mat4 model, rot;
    glm_mat4_identity(model);
    face_gaze_at(model, (vec3){0.028f, 0.004f, 0.072f}, (vec3){0.5f, 0.9f, -1.0f}, NULL, rot);
    vec3 dir;
    glm_mat4_mulv3(rot, (vec3){0.0f, 0.0f, 1.0f}, 0.0f, dir);
    assert_true(dir[2] > 0.0f); /* still forward */
    assert_true(fabsf(atan2f(dir[0], dir[2]) - FACE_GAZE_YAW_MAX) < 1e-4f);
    assert_true(fabsf(asinf(dir[1]) - FACE_GAZE_PITCH_MAX) < 1e-4f);
    assert_true(face_gaze_miss(model, (vec3){0.028f, 0.004f, 0.072f}, rot, (vec3){0.5f, 0.9f, -1.0f}) > 0.5f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blinks_come_every_two_to_six_seconds),
        cmocka_unit_test(a_blink_closes_the_lid_fully),
        cmocka_unit_test(saccades_hold_and_stay_small),
        cmocka_unit_test(same_seed_same_motion),
        cmocka_unit_test(eyes_converge_on_the_camera),
        cmocka_unit_test(the_gaze_is_held_to_what_eyes_can_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

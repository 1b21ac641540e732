/* The input accumulator: every edge reaches each consumer (fixed step, frame) exactly once,
 * whatever the ratio of frames to steps; taps shorter than a frame count; held state, mouse
 * clicks and motion, gamepad edges found by polling, and the capturing click swallowed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "base/input.h"
#include "base/rng.h"

enum { KEY_1 = 49, KEY_2 = 50, KEY_R = 82, KEY_F12 = 301, KEY_W = 87 }; /* GLFW's codes */
enum { PAD_A = 0, PAD_RB = 5 };

static void tap(input_accum *a, int key)
{
    input_key(a, key, true);
    input_key(a, key, false);
}

static void presses_in_frames_without_a_step_reach_the_next_step_once(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    /* 144 Hz display, 60 Hz step: a frame without a step takes only the frame edges */
    tap(&a, KEY_1);
    input_take(&a, INPUT_FRAME, &s);
    assert_true(s.pressed[KEY_1]);
    input_take(&a, INPUT_FRAME, &s); /* a second frame, still no step */
    assert_false(s.pressed[KEY_1]);
    input_take(&a, INPUT_STEP, &s);  /* the step of the third frame */
    assert_true(s.pressed[KEY_1]);
    assert_false(s.down[KEY_1]);
    int seen = 0;
    for (int i = 0; i < 5; i++) {
        input_take(&a, INPUT_STEP, &s);
        seen += s.pressed[KEY_1];
    }
    assert_int_equal(seen, 0);
}

static void press_and_release_inside_one_frame_counts(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    tap(&a, KEY_R);
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.pressed[KEY_R]);
    assert_false(s.down[KEY_R]); /* and not held afterwards */
    input_take(&a, INPUT_FRAME, &s);
    assert_true(s.pressed[KEY_R]);
    assert_false(s.down[KEY_R]);
    /* three taps before a take are three edges, one per take, in order */
    for (int i = 0; i < 3; i++) tap(&a, KEY_2);
    int seen = 0;
    for (int i = 0; i < 5; i++) {
        input_take(&a, INPUT_STEP, &s);
        seen += s.pressed[KEY_2];
        assert_true(s.pressed[KEY_2] == (i < 3));
    }
    assert_int_equal(seen, 3);
}

static void held_keys(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    input_key(&a, KEY_W, true);
    input_key(&a, KEY_W, true); /* a duplicate press event is not a second press */
    for (int i = 0; i < 4; i++) {
        input_take(&a, INPUT_STEP, &s);
        assert_true(s.down[KEY_W]);
        assert_true(s.pressed[KEY_W] == (i == 0));
    }
    input_key(&a, KEY_W, false);
    input_key(&a, KEY_W, false);
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.down[KEY_W]);
    assert_false(s.pressed[KEY_W]);
    /* a release then a press between takes: held, and pressed once more */
    input_key(&a, KEY_W, true);
    input_take(&a, INPUT_STEP, &s);
    input_key(&a, KEY_W, false);
    input_key(&a, KEY_W, true);
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.down[KEY_W] && s.pressed[KEY_W]);
    /* codes out of range are ignored, not written anywhere */
    input_key(&a, -1, true);
    input_key(&a, INPUT_KEYS, true);
    input_mouse_button(&a, INPUT_MOUSE_BUTTONS, true);
    input_take(&a, INPUT_STEP, &s);
    int down = 0;
    for (int k = 0; k < INPUT_KEYS; k++) down += s.down[k];
    for (int b = 0; b < INPUT_MOUSE_BUTTONS; b++) down += s.mouse_down[b];
    assert_int_equal(down, 1); /* W */
}

static void mouse_clicks_and_motion(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    input_mouse_move(&a, 50, 50); /* not captured: the pointer moves, the camera does not */
    input_set_captured(&a, true);
    input_mouse_button(&a, 0, true);
    input_mouse_button(&a, 0, false);
    input_mouse_move(&a, 3, -2);
    input_take(&a, INPUT_FRAME, &s);
    assert_true(s.mouse_pressed[0] && !s.mouse_down[0]);
    assert_true(s.mouse_captured);
    assert_float_equal(s.mouse_dx, 3, 0);
    assert_float_equal(s.mouse_dy, -2, 0);
    input_mouse_move(&a, 4, 1);
    input_mouse_button(&a, 1, true);
    input_take(&a, INPUT_FRAME, &s);
    assert_false(s.mouse_pressed[0]);
    assert_true(s.mouse_pressed[1] && s.mouse_down[1]);
    assert_float_equal(s.mouse_dx, 4, 0);
    /* the step has taken nothing yet: both frames' clicks and motion are still there */
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.mouse_pressed[0] && !s.mouse_down[0]);
    assert_true(s.mouse_pressed[1] && s.mouse_down[1]);
    assert_float_equal(s.mouse_dx, 7, 0);
    assert_float_equal(s.mouse_dy, -1, 0);
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.mouse_pressed[0] || s.mouse_pressed[1]);
    assert_float_equal(s.mouse_dx, 0, 0);
    assert_true(s.mouse_down[1]);
}

static void the_capturing_click_is_swallowed(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state f, s;
    input_mouse_button(&a, 0, true);
    input_take(&a, INPUT_FRAME, &f);
    assert_true(f.mouse_pressed[0] && !f.mouse_captured);
    input_set_captured(&a, true);
    input_swallow(&a, INPUT_FRAME, input_mouse_code(0));
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.mouse_pressed[0]);
    assert_false(s.mouse_down[0]); /* held, but not a trigger held down */
    input_mouse_button(&a, 0, false);
    input_mouse_button(&a, 0, true); /* the next click fires */
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.mouse_pressed[0] && s.mouse_down[0]);
    /* a swallowed tap that was already released leaves nothing behind */
    input_take(&a, INPUT_FRAME, &f);
    input_mouse_button(&a, 0, false);
    input_key(&a, KEY_F12, true);
    input_key(&a, KEY_F12, false);
    input_take(&a, INPUT_FRAME, &f);
    assert_true(f.pressed[KEY_F12]);
    input_swallow(&a, INPUT_FRAME, input_key_code(KEY_F12));
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.pressed[KEY_F12] || s.down[KEY_F12]);
    input_key(&a, KEY_F12, true);
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.pressed[KEY_F12] && s.down[KEY_F12]);
    input_swallow(&a, INPUT_STEP, -1); /* no such button: nothing happens */
}

static void gamepad_edges_from_polling(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.gamepad);
    assert_float_equal(s.pad_axes[INPUT_PAD_RIGHT_TRIGGER], -1, 0);
    assert_float_equal(s.pad_axes[INPUT_PAD_LEFT_TRIGGER], -1, 0);
    bool b[INPUT_PAD_BUTTONS] = {0};
    float ax[INPUT_PAD_AXES] = {0.5f, 0, 0, 0, -1, 0.8f};
    b[PAD_RB] = true;
    /* held over four polled frames: one press */
    for (int i = 0; i < 4; i++) input_pad(&a, true, b, ax);
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.gamepad && s.pad_pressed[PAD_RB] && s.pad_down[PAD_RB]);
    assert_float_equal(s.pad_axes[0], 0.5f, 0);
    assert_float_equal(s.pad_axes[INPUT_PAD_RIGHT_TRIGGER], 0.8f, 0);
    input_pad(&a, true, b, ax);
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.pad_pressed[PAD_RB]);
    /* released for one poll and pressed again between steps: a second edge */
    b[PAD_RB] = false;
    input_pad(&a, true, b, ax);
    b[PAD_RB] = true;
    b[PAD_A] = true;
    input_pad(&a, true, b, ax);
    input_take(&a, INPUT_STEP, &s);
    assert_true(s.pad_pressed[PAD_RB] && s.pad_pressed[PAD_A]);
    /* unplugged: every button up, axes at rest */
    input_pad(&a, false, NULL, NULL);
    input_take(&a, INPUT_STEP, &s);
    assert_false(s.gamepad || s.pad_down[PAD_RB] || s.pad_down[PAD_A] || s.pad_pressed[PAD_RB]);
    assert_float_equal(s.pad_axes[0], 0, 0);
    assert_float_equal(s.pad_axes[INPUT_PAD_RIGHT_TRIGGER], -1, 0);
}

static void two_steps_in_one_frame_do_not_double_count(void **state)
{
    (void)state;
    input_accum a;
    input_init(&a);
    input_state s;
    input_key(&a, KEY_1, true);
    input_mouse_button(&a, 0, true);
    input_pad(&a, true, (bool[INPUT_PAD_BUTTONS]){[PAD_RB] = true}, (float[INPUT_PAD_AXES]){0});
    input_take(&a, INPUT_STEP, &s); /* first step of the frame */
    assert_true(s.pressed[KEY_1] && s.mouse_pressed[0] && s.pad_pressed[PAD_RB]);
    input_take(&a, INPUT_STEP, &s); /* second step of the same frame */
    assert_false(s.pressed[KEY_1] || s.mouse_pressed[0] || s.pad_pressed[PAD_RB]);
    assert_true(s.down[KEY_1] && s.mouse_down[0] && s.pad_down[PAD_RB]);
}

/* The app's loop, with real time replaced by a frame period: random taps (pressed and released
 * inside one frame, or held over a few frames) at display rates above and below the step rate.
 * Every tap must reach exactly one step and exactly one frame. */
static void no_tap_lost_at_any_frame_rate(void **state)
{
    (void)state;
    static const double frame_hz[] = {30, 59.94, 60, 75, 144, 240, 1000};
    static const int keys[] = {KEY_1, KEY_2, KEY_R};
    for (size_t r = 0; r < sizeof frame_hz / sizeof frame_hz[0]; r++) {
        input_accum a;
        input_init(&a);
        rng g;
        rng_seed(&g, 7 + r);
        const double step_dt = 1.0 / 60.0, frame_dt = 1.0 / frame_hz[r];
        double accum = 0;
        int taps[3] = {0}, by_step[3] = {0}, by_frame[3] = {0}, clicks = 0, click_steps = 0, held_left[3] = {0};
        int frames_without_step = 0;
        /* a fast typist: about 8 taps a second per key and 5 clicks, bunched at random */
        const float p_tap = (float)(8.0 * frame_dt), p_click = (float)(5.0 * frame_dt);
        for (int frame = 0; frame < (int)(20.0 * frame_hz[r]); frame++) {
            for (int k = 0; k < 3; k++) { /* the events of this frame */
                if (held_left[k] > 0 && --held_left[k] == 0) input_key(&a, keys[k], false);
                if (held_left[k] == 0 && rng_float(&g) < p_tap) {
                    taps[k]++;
                    input_key(&a, keys[k], true);
                    if (rng_float(&g) < 0.5f) input_key(&a, keys[k], false);
                    else held_left[k] = 1 + (int)(rng_float(&g) * 4);
                }
            }
            if (rng_float(&g) < p_click) {
                clicks++;
                input_mouse_button(&a, 0, true);
                input_mouse_button(&a, 0, false);
            }
            input_state s;
            input_take(&a, INPUT_FRAME, &s);
            for (int k = 0; k < 3; k++) by_frame[k] += s.pressed[keys[k]];
            int steps = 0;
            for (accum += frame_dt; accum >= step_dt - 1e-9; accum -= step_dt, steps++) {
                input_take(&a, INPUT_STEP, &s);
                for (int k = 0; k < 3; k++) by_step[k] += s.pressed[keys[k]];
                click_steps += s.mouse_pressed[0];
            }
            frames_without_step += steps == 0;
        }
        /* drain what is still pending: taps of the last frames have not met a step yet */
        for (int i = 0; i < 16; i++) {
            input_state s;
            input_take(&a, INPUT_STEP, &s);
            for (int k = 0; k < 3; k++) by_step[k] += s.pressed[keys[k]];
            click_steps += s.mouse_pressed[0];
            input_take(&a, INPUT_FRAME, &s);
            for (int k = 0; k < 3; k++) by_frame[k] += s.pressed[keys[k]];
        }
        if (frame_hz[r] > 61) assert_true(frames_without_step > 100); /* the case this is about */
        for (int k = 0; k < 3; k++) {
            assert_true(taps[k] > 50);
            assert_int_equal(by_step[k], taps[k]);
            assert_int_equal(by_frame[k], taps[k]);
        }
        assert_int_equal(click_steps, clicks);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presses_in_frames_without_a_step_reach_the_next_step_once),
        cmocka_unit_test(press_and_release_inside_one_frame_counts),
        cmocka_unit_test(held_keys),
        cmocka_unit_test(mouse_clicks_and_motion),
        cmocka_unit_test(the_capturing_click_is_swallowed),
        cmocka_unit_test(gamepad_edges_from_polling),
        cmocka_unit_test(two_steps_in_one_frame_do_not_double_count),
        cmocka_unit_test(no_tap_lost_at_any_frame_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

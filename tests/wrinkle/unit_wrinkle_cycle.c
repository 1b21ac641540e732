/* The face scene's expression player: the cycle visits the presets in order, each for its hold
 * time, with smooth weights; a pick interrupts it, Space resumes where it stopped; a single
 * blendshape makes a custom face. And the bust's geometry sits where the head needs it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "wrinkle/core/head_bust.h"
#include "wrinkle/core/wrinkle_cycle.h"

#define DT (1.0f / 60.0f)

static float max_step(const float a[HEAD_SHAPE_COUNT], const float b[HEAD_SHAPE_COUNT])
{
    float m = 0.0f;
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) m = fmaxf(m, fabsf(a[s] - b[s]));
    return m;
}

static void cycle_visits_presets_in_order(void **state)
{
    (void)state;
    wrinkle_cycle c;
    wrinkle_cycle_init(&c);
    assert_true(c.cycling);
    assert_string_equal(wrinkle_cycle_label(&c), "neutral");
    int visited[2 * WRINKLE_EXPR_COUNT + 1], nvisit = 0;
    visited[nvisit++] = c.expr;
    float t = 0.0f, since_change = 0.0f;
    /* the largest move of one step toward a target 1 away: 1 - exp(-dt / tau) */
    const float smooth = 1.0f - expf(-DT / WRINKLE_EXPR_TAU) + 1e-5f;
    int steps = (int)(2.0f * WRINKLE_EXPR_COUNT * WRINKLE_CYCLE_HOLD_S / DT);
    for (int i = 0; i < steps; i++) {
        float before[HEAD_SHAPE_COUNT], lo[HEAD_SHAPE_COUNT], hi[HEAD_SHAPE_COUNT];
        memcpy(before, c.weight, sizeof before);
        int expr = c.expr;
        wrinkle_cycle_update(&c, DT);
        t += DT;
        since_change += DT;
        if (c.expr != expr) {
            /* the next preset, after the hold time (the first change comes one hold in) */
            assert_int_equal(c.expr, (expr + 1) % WRINKLE_EXPR_COUNT);
            assert_true(since_change > WRINKLE_CYCLE_HOLD_S - 2 * DT && since_change < WRINKLE_CYCLE_HOLD_S + 2 * DT);
            since_change = 0.0f;
            visited[nvisit++] = c.expr;
        }
        /* smooth: no weight jumps, none leaves the interval between where it was and its target */
        assert_true(max_step(before, c.weight) <= smooth);
        for (int s = 0; s < HEAD_SHAPE_COUNT; s++) {
            lo[s] = fminf(before[s], c.target[s]);
            hi[s] = fmaxf(before[s], c.target[s]);
            assert_true(c.weight[s] >= lo[s] - 1e-6f && c.weight[s] <= hi[s] + 1e-6f);
        }
        /* held long enough, every preset is reached exactly */
        if (since_change > WRINKLE_CYCLE_HOLD_S - DT)
            assert_memory_equal(c.weight, wrinkle_expr_weights(c.expr), sizeof c.weight);
    }
    assert_true(nvisit >= 2 * WRINKLE_EXPR_COUNT);
    for (int i = 0; i < nvisit; i++) assert_int_equal(visited[i], i % WRINKLE_EXPR_COUNT);
}

static void pick_interrupts_and_space_resumes(void **state)
{
    (void)state;
    wrinkle_cycle c;
    wrinkle_cycle_init(&c);
    for (int i = 0; i < (int)(1.2f * WRINKLE_CYCLE_HOLD_S / DT); i++) wrinkle_cycle_update(&c, DT);
    assert_int_equal(c.expr, WRINKLE_EXPR_ANGRY);
    float paused_at = c.time;
    wrinkle_cycle_pick(&c, WRINKLE_EXPR_HAPPY);
    assert_false(c.cycling);
    /* held for many cycles' worth of time: stays happy */
    for (int i = 0; i < (int)(3.0f * WRINKLE_EXPR_COUNT * WRINKLE_CYCLE_HOLD_S / DT); i++) {
        bool moved = wrinkle_cycle_update(&c, DT);
        assert_int_equal(c.expr, WRINKLE_EXPR_HAPPY);
        if (i > 120) assert_false(moved); /* arrived: the skin is not re-posed any more */
    }
    assert_memory_equal(c.weight, wrinkle_expr_weights(WRINKLE_EXPR_HAPPY), sizeof c.weight);
    assert_string_equal(wrinkle_cycle_label(&c), "happy");
    /* Space: the cycle goes on from where it was interrupted */
    wrinkle_cycle_resume(&c);
    wrinkle_cycle_update(&c, DT);
    assert_true(c.cycling);
    assert_float_equal(c.time, paused_at + DT, 1e-5f);
    assert_int_equal(c.expr, WRINKLE_EXPR_ANGRY);
}

static void single_blendshape_is_custom(void **state)
{
    (void)state;
    wrinkle_cycle c;
    wrinkle_cycle_init(&c);
    int smile = head_shape_find("smile");
    wrinkle_cycle_set_shape(&c, smile, 2.0f); /* clamped */
    assert_false(c.cycling);
    assert_string_equal(wrinkle_cycle_label(&c), "custom");
    assert_true(wrinkle_cycle_update(&c, DT)); /* the smile starts to move at once */
    for (int i = 0; i < 120; i++) wrinkle_cycle_update(&c, DT);
    assert_float_equal(c.weight[smile], 1.0f, 0.0f);
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++)
        if (s != smile) assert_float_equal(c.weight[s], 0.0f, 0.0f);
}

static void bust_holds_the_head(void **state)
{
    (void)state;
    mesh_data top = {0}, legs = {0};
    assert_true(head_bust_build_stand(&top, &legs));
    vec3 lo, hi;
    mesh_bounds(&legs, lo, hi);
    assert_float_equal(lo[1], 0.0f, 0.004f); /* standing on the ground */
    mesh_bounds(&top, lo, hi);
    /* the neck's cut sits inside the sweater, under its top */
    float neck = head_bust_head_y() + HEAD_NECK_BOTTOM_Y;
    assert_true(head_bust_top_sdf((vec3){0.0f, neck, head_neck_axis_z(HEAD_NECK_BOTTOM_Y)}) < 0.0f);
    assert_true(neck < hi[1]);
    mesh_data_free(&top);
    mesh_data_free(&legs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cycle_visits_presets_in_order),
        cmocka_unit_test(pick_interrupts_and_space_resumes),
        cmocka_unit_test(single_blendshape_is_custom),
        cmocka_unit_test(bust_holds_the_head),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

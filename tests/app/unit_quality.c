/* unit_quality — the quality presets (the renderer's fields and those the slices register, as the
 * app's registry does) and the frame-time governor's control law. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/quality.h"
#include "testparams.h"

static int setup(void **state)
{
    (void)state;
    testparams_register();
    params_register(quality_param_rows, QUALITY_P_COUNT);
    quality_register(mud_quality_rows, MUD_QUALITY_COUNT); /* again: adds nothing */
    return 0;
}

/* Every field is a registered parameter, set for every preset inside its range; high is every
 * parameter's default (today's frame); low and medium each change something; every render.* row
 * is a field of the table. */
static void table_complete(void **state)
{
    (void)state;
    assert_true(quality_table_count >= QUALITY_P_COUNT);
    const int n = quality_field_count();
    assert_true(n > quality_table_count); /* the slices' fields too */
    assert_null(quality_field_at(n));
    int lower[QUALITY_COUNT] = {0};
    for (int i = 0; i < n; i++) {
        const quality_field *f = quality_field_at(i);
        const int id = params_find(f->param);
        if (id < 0) fail_msg("quality field %s is not a parameter", f->param);
        const param_def *d = params_def(id);
        for (int q = 0; q < QUALITY_COUNT; q++) {
            if (!(f->value[q] >= d->min && f->value[q] <= d->max))
                fail_msg("%s at %s: %g outside %g..%g", f->param, quality_names[q], f->value[q], d->min, d->max);
            if (d->type != PARAM_FLOAT && f->value[q] != (float)(int)f->value[q]) fail_msg("%s: not whole", f->param);
            lower[q] += f->value[q] != d->def;
        }
        if (f->value[QUALITY_HIGH] != d->def) fail_msg("%s: high %g is not its default %g", f->param, f->value[QUALITY_HIGH], d->def);
        for (int j = 0; j < i; j++) assert_string_not_equal(quality_field_at(j)->param, f->param);
    }
    assert_int_equal(lower[QUALITY_HIGH], 0);
    assert_true(lower[QUALITY_LOW] >= 8);
    assert_true(lower[QUALITY_MEDIUM] >= 4);
    for (int r = 0; r < QUALITY_P_COUNT; r++) {
        bool found = false;
        for (int i = 0; i < quality_table_count; i++) found = found || !strcmp(quality_table[i].param, quality_param_rows[r].name);
        if (!found) fail_msg("%s is in no preset", quality_param_rows[r].name);
    }
    /* low draws fewer pixels than medium, medium fewer than high */
    assert_true(quality_table[0].value[QUALITY_LOW] < quality_table[0].value[QUALITY_MEDIUM]);
    assert_string_equal(quality_table[0].param, "render.scale");
}

static void apply_sets_every_field(void **state)
{
    (void)state;
    params *p = params_create();
    assert_non_null(p);
    char err[128];
    for (int q = 0; q < QUALITY_COUNT; q++) {
        assert_true(quality_apply(p, q, err, sizeof err));
        for (int i = 0; i < quality_field_count(); i++)
            assert_float_equal(params_f(p, params_find(quality_field_at(i)->param)), quality_field_at(i)->value[q], 0);
    }
    assert_false(quality_apply(p, QUALITY_AUTO, err, sizeof err));
    params_destroy(p);
}

static void auto_picks_low_on_cpu_renderers(void **state)
{
    (void)state;
    assert_int_equal(quality_auto("llvmpipe (LLVM 15.0.6, 256 bits)", false), QUALITY_LOW);
    assert_int_equal(quality_auto("softpipe", false), QUALITY_LOW);
    assert_int_equal(quality_auto("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)", false), QUALITY_LOW);
    assert_int_equal(quality_auto("NVIDIA H200/PCIe/SSE2", false), QUALITY_HIGH);
    assert_int_equal(quality_auto("llvmpipe (LLVM 15.0.6, 256 bits)", true), QUALITY_HIGH); /* headless: today's pictures */
    assert_int_equal(quality_auto(NULL, false), QUALITY_HIGH);
    assert_string_equal(quality_names[QUALITY_AUTO], "auto");
    assert_null(quality_names[QUALITY_AUTO + 1]);
}

/* A frame that costs fixed + per_pixel x scale^2 ms, with a deterministic wobble of +-amp. */
typedef struct model {
    float fixed, per_pixel, amp;
    unsigned seed;
} model;

static float model_ms(model *m, float scale)
{
    m->seed = m->seed * 1664525u + 1013904223u;
    const float u = (float)(m->seed >> 8) / (float)(1u << 24) * 2.0f - 1.0f;
    return (m->fixed + m->per_pixel * scale * scale) * (1.0f + m->amp * u);
}

/* Runs n frames; returns the scale. Counts the changes of direction of the scale in *reversals. */
static float run(governor *g, model *m, int n, float *last_ms, int *reversals)
{
    float prev = g->scale;
    int dir = 0;
    for (int i = 0; i < n; i++) {
        const float ms = model_ms(m, g->scale);
        *last_ms = ms;
        const float s = governor_step(g, ms);
        assert_true(s >= GOVERNOR_MIN_SCALE && s <= GOVERNOR_MAX_SCALE);
        if (s != prev) {
            const int d = s > prev ? 1 : -1;
            if (dir && d != dir) (*reversals)++;
            dir = d;
            prev = s;
        }
    }
    return g->scale;
}

/* Mean frame time over n more frames at the settled scale. */
static float settled_ms(governor *g, model *m, int n)
{
    float sum = 0;
    for (int i = 0; i < n; i++) {
        const float ms = model_ms(m, g->scale);
        sum += ms;
        governor_step(g, ms);
    }
    return sum / (float)n;
}

static void governor_settles_within_60_frames(void **state)
{
    (void)state;
    governor g;
    governor_init(&g, 30.0f, 1.0f);
    const float target = 1000.0f / 30.0f;
    /* a frame of 90 ms at full scale (10 fixed): a step change from "nothing measured" */
    model m = {.fixed = 10.0f, .per_pixel = 80.0f, .amp = 0.03f, .seed = 7};
    float last = 0;
    int rev = 0;
    run(&g, &m, 60, &last, &rev);
    assert_int_equal(rev, 0); /* no oscillation: it approaches from one side */
    const float ms = settled_ms(&g, &m, 40);
    if (ms < target * 0.9f || ms > target * 1.1f) fail_msg("settled at %.2f ms (scale %.3f), target %.2f", ms, g.scale, target);
    const int changes = g.changes;
    /* holding: another 200 frames with the same wobble move nothing */
    run(&g, &m, 200, &last, &rev);
    assert_int_equal(g.changes, changes);

    /* a step change: the scene gets twice as heavy, then light again */
    m.per_pixel = 160.0f;
    run(&g, &m, 60, &last, &rev);
    float ms2 = settled_ms(&g, &m, 40);
    if (ms2 < target * 0.9f || ms2 > target * 1.1f) fail_msg("after the step: %.2f ms (scale %.3f)", ms2, g.scale);
    m.per_pixel = 40.0f;
    rev = 0;
    run(&g, &m, 60, &last, &rev);
    assert_int_equal(rev, 0);
    ms2 = settled_ms(&g, &m, 40);
    if (ms2 < target * 0.9f || ms2 > target * 1.1f) fail_msg("after the drop: %.2f ms (scale %.3f)", ms2, g.scale);
}

static void governor_floor_ceiling_and_off(void **state)
{
    (void)state;
    governor g;
    float last = 0;
    int rev = 0;
    /* unreachable: 50 ms of fixed cost; the scale goes to the floor and stays */
    governor_init(&g, 30.0f, 1.0f);
    model heavy = {.fixed = 50.0f, .per_pixel = 100.0f, .seed = 3};
    assert_float_equal(run(&g, &heavy, 120, &last, &rev), GOVERNOR_MIN_SCALE, 1e-6);
    const int changes = g.changes;
    run(&g, &heavy, 100, &last, &rev);
    assert_int_equal(g.changes, changes);
    /* trivially cheap: from the floor back to the ceiling, and it stays */
    model light = {.fixed = 2.0f, .per_pixel = 5.0f, .seed = 5};
    assert_float_equal(run(&g, &light, 60, &last, &rev), GOVERNOR_MAX_SCALE, 1e-6);
    /* off: target 0 never moves the scale */
    governor_init(&g, 0.0f, 0.6f);
    assert_float_equal(run(&g, &heavy, 50, &last, &rev), 0.6f, 1e-6);
    assert_int_equal(g.changes, 0);
    /* out-of-range starts are clamped */
    governor_init(&g, 30.0f, 3.0f);
    assert_float_equal(g.scale, GOVERNOR_MAX_SCALE, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_complete),
        cmocka_unit_test(apply_sets_every_field),
        cmocka_unit_test(auto_picks_low_on_cpu_renderers),
        cmocka_unit_test(governor_settles_within_60_frames),
        cmocka_unit_test(governor_floor_ceiling_and_off),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

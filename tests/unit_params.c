/* unit_params — the parameter registry: a sane table, value parsing per type, JSON dump. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/params.h"

static void table_is_sane(void **state)
{
    assert_int_equal(params_count(), P_COUNT);
    for (int i = 0; i < P_COUNT; i++) {
        const param_def *d = params_def(i);
        assert_non_null(d->name);
        assert_non_null(d->help);
        assert_non_null(strchr(d->name, '.')); /* module.knob */
        assert_int_equal(params_find(d->name), i);
        assert_true(d->min <= d->def && d->def <= d->max);
        assert_true(d->min < d->max);
        if (d->type == PARAM_BOOL || d->type == PARAM_ENUM) {
            assert_non_null(d->names);
            int n = 0;
            while (d->names[n]) n++;
            assert_int_equal((int)d->max, n - 1);
        }
        for (int k = 0; k < i; k++) assert_string_not_equal(params_def(k)->name, d->name);
    }
    assert_int_equal(params_find("no.such"), -1);
    assert_null(params_def(P_COUNT));
}

static void defaults_and_set_text(void **state)
{
    params *p = params_create();
    char err[256];
    assert_float_equal(params_f(p, P_DISSOLVE_EDGE_WIDTH), params_def(P_DISSOLVE_EDGE_WIDTH)->def, 0);
    uint32_t seen = 0;
    assert_true(params_changed(p, &seen));
    assert_false(params_changed(p, &seen));

    assert_true(params_set_text(p, "dissolve.edge_width", "0.08", err, sizeof err));
    assert_float_equal(params_f(p, P_DISSOLVE_EDGE_WIDTH), 0.08f, 1e-7);
    assert_true(params_changed(p, &seen));

    /* out of range, not a number, trailing junk: rejected, value untouched, message says what is valid */
    const char *bad[] = {"2", "abc", "0.1x", "", "nan", "inf"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_false(params_set_text(p, "dissolve.edge_width", bad[i], err, sizeof err));
        assert_non_null(strstr(err, "dissolve.edge_width must be a number in 0.005..0.5"));
        assert_float_equal(params_f(p, P_DISSOLVE_EDGE_WIDTH), 0.08f, 1e-7);
    }
    assert_false(params_changed(p, &seen));

    assert_true(params_set_text(p, "bb.frame_blend", "off", err, sizeof err));
    assert_false(params_b(p, P_BB_FRAME_BLEND));
    assert_false(params_set_text(p, "bb.frame_blend", "yes", err, sizeof err));
    assert_non_null(strstr(err, "one of off|on"));

    assert_false(params_set_text(p, "damage.nope", "1", err, sizeof err));
    assert_non_null(strstr(err, "unknown parameter 'damage.nope'"));

    /* validation only */
    assert_true(params_set_text(NULL, "truck.engine_force", "30000", err, sizeof err));
    assert_false(params_set_text(NULL, "truck.engine_force", "1", err, sizeof err));

    /* the panel's path clamps */
    params_set(p, P_DAMAGE_RADIUS_SCALE, 100.0f);
    assert_float_equal(params_f(p, P_DAMAGE_RADIUS_SCALE), params_def(P_DAMAGE_RADIUS_SCALE)->max, 0);
    params_reset(p);
    assert_float_equal(params_f(p, P_DAMAGE_RADIUS_SCALE), params_def(P_DAMAGE_RADIUS_SCALE)->def, 0);
    assert_true(params_b(p, P_BB_FRAME_BLEND));
    params_destroy(p);
    params_destroy(NULL);
}

/* Every value written by params_write_json reads back as the value that was set. */
static void json_round_trip(void **state)
{
    params *p = params_create();
    for (int i = 0; i < P_COUNT; i++) {
        const param_def *d = params_def(i);
        params_set(p, i, d->type == PARAM_FLOAT ? d->min + (d->max - d->min) * 0.37f : d->min);
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_writer w;
    json_begin(&w, f);
    params_write_json(p, &w, NULL);
    assert_true(json_end(&w));
    fclose(f);
    for (int i = 0; i < P_COUNT; i++) {
        const param_def *d = params_def(i);
        char key[128];
        snprintf(key, sizeof key, "\"%s\": {", d->name);
        const char *at = strstr(buf, key);
        assert_non_null(at);
        const char *v = strstr(at, "\"value\": ");
        assert_non_null(v);
        v += strlen("\"value\": ");
        if (d->type == PARAM_BOOL)
            assert_true(strncmp(v, params_b(p, i) ? "true" : "false", 4) == 0);
        else if (d->type == PARAM_ENUM)
            assert_true(strncmp(v + 1, d->names[params_i(p, i)], strlen(d->names[params_i(p, i)])) == 0);
        else
            assert_float_equal(strtod(v, NULL), params_f(p, i), 1e-5 * (1 + params_f(p, i)));
        assert_non_null(strstr(at, "\"help\": "));
    }
    free(buf);
    params_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_is_sane),
        cmocka_unit_test(defaults_and_set_text),
        cmocka_unit_test(json_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

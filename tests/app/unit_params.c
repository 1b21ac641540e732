/* unit_params — the parameter registry: a sane table, value parsing per type, JSON dump. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/alloc.h"
#include "base/params.h"
#include "testparams.h"
#include "damage/scene/weapon.h"
#include "dissolve/core/dissolve_math.h"
#include "dissolve/scene/gallery.h"
#include "mud/core/vehicle.h"
#include "wrinkle/core/wrinkle_math.h"

/* The technique's rows by the ids it owns (testparams.h registers the tables in the registry's order). */
#define EDGE_WIDTH params_id(dissolve_param_rows, DISSOLVE_P_EDGE_WIDTH)
#define PUSH_DISTANCE params_id(dissolve_param_rows, DISSOLVE_P_PUSH_DISTANCE)
#define BAND params_id(dissolve_param_rows, DISSOLVE_P_BAND)
#define FRAME_BLEND params_id(bb_param_rows, BB_P_FRAME_BLEND)
#define RADIUS_SCALE params_id(range_param_rows, RANGE_P_RADIUS_SCALE)
#define PELLETS params_id(range_param_rows, RANGE_P_PELLETS)
#define ENGINE_FORCE params_id(mud_param_rows, MUD_P_TRUCK_ENGINE_FORCE)

static int setup(void **state)
{
    (void)state;
    testparams_register();
    return 0;
}

/* The tables in the registry's order give the order every dump and the panel had before the
 * techniques owned their rows; registering a table again adds nothing. */
static void tables_register_in_order(void **state)
{
    (void)state;
    static const char *const order[] = {
        "damage.fade_rate", "damage.radius_scale", "damage.pellets", "damage.tracers", "damage.ember_heat", "mud.softness_scale", "mud.stamp_depth", "mud.churn", "mud.repose_deg", "mud.refill",
        "truck.engine_force", "truck.detail", "truck.dirt", "mud.fine_distance", "mud.grid_step", "mud.terrain_shadow", "mud.draw_distance",
        "wrinkle.brow_raise.normal_strength",
        "wrinkle.brow_raise.occlusion_strength", "wrinkle.frown.normal_strength", "wrinkle.frown.occlusion_strength",
        "wrinkle.smile.normal_strength", "wrinkle.smile.occlusion_strength", "wrinkle.squint.normal_strength",
        "wrinkle.squint.occlusion_strength", "wrinkle.jaw_open.normal_strength", "wrinkle.jaw_open.occlusion_strength",
        "wrinkle.nose_wrinkle.normal_strength", "wrinkle.nose_wrinkle.occlusion_strength", "face.detail", "face.idle", "face.look", "face.key",
        "face.fill", "face.rim", "face.brows", "face.lashes", "dissolve.edge_width",
        "dissolve.push_distance", "dissolve.band", "dissolve.detail", "bb.frame_blend", "particles.draw",
        "particles.restitution", "particles.friction", "particles.impact_life", "particles.near_fade", "particles.density"};
    const int n = (int)(sizeof order / sizeof *order);
    assert_int_equal(params_count(), n);
    for (int i = 0; i < n; i++) assert_string_equal(params_def(i)->name, order[i]);
    assert_int_equal(params_register(mud_param_rows, MUD_P_COUNT), RANGE_P_COUNT);
    assert_int_equal(params_count(), n);
    assert_int_equal(params_id(dissolve_param_rows, DISSOLVE_P_BAND), n - 9);
    static const param_def stray[] = {{"test.stray", PARAM_FLOAT, 0, 0, 1, NULL, NULL, "not registered"}};
    assert_int_equal(params_id(stray, 0), -1);
}

static void table_is_sane(void **state)
{
    (void)state;
    assert_int_equal(params_count(), RANGE_P_COUNT + MUD_P_COUNT + FACE_P_COUNT + DISSOLVE_P_COUNT + BB_P_COUNT);
    for (int i = 0; i < params_count(); i++) {
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
    assert_null(params_def(params_count()));
}

static void defaults_and_set_text(void **state)
{
    (void)state;
    params *p = params_create();
    char err[256];
    assert_float_equal(params_f(p, EDGE_WIDTH), params_def(EDGE_WIDTH)->def, 0);
    uint32_t seen = 0;
    assert_true(params_changed(p, &seen));
    assert_false(params_changed(p, &seen));

    assert_true(params_set_text(p, "dissolve.edge_width", "0.08", err, sizeof err));
    assert_float_equal(params_f(p, EDGE_WIDTH), 0.08f, 1e-7);
    assert_true(params_changed(p, &seen));

    /* out of range, not a number, trailing junk: rejected, value untouched, message says what is valid */
    const char *bad[] = {"2", "abc", "0.1x", "", "nan", "inf"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_false(params_set_text(p, "dissolve.edge_width", bad[i], err, sizeof err));
        assert_non_null(strstr(err, "dissolve.edge_width must be a number in 0.005..0.5"));
        assert_float_equal(params_f(p, EDGE_WIDTH), 0.08f, 1e-7);
    }
    assert_false(params_changed(p, &seen));

    assert_true(params_set_text(p, "bb.frame_blend", "off", err, sizeof err));
    assert_false(params_b(p, FRAME_BLEND));
    assert_false(params_set_text(p, "bb.frame_blend", "yes", err, sizeof err));
    assert_non_null(strstr(err, "one of off|on"));

    assert_false(params_set_text(p, "damage.nope", "1", err, sizeof err));
    assert_non_null(strstr(err, "unknown parameter 'damage.nope'"));

    /* validation only */
    assert_true(params_set_text(NULL, "truck.engine_force", "30000", err, sizeof err));
    assert_false(params_set_text(NULL, "truck.engine_force", "1", err, sizeof err));

    /* the panel's path clamps */
    params_set(p, RADIUS_SCALE, 100.0f);
    assert_float_equal(params_f(p, RADIUS_SCALE), params_def(RADIUS_SCALE)->max, 0);
    params_reset(p);
    assert_float_equal(params_f(p, RADIUS_SCALE), params_def(RADIUS_SCALE)->def, 0);
    assert_true(params_b(p, FRAME_BLEND));
    params_destroy(p);
    params_destroy(NULL);
}

/* Every value written by params_write_json reads back as the value that was set. */
static void json_round_trip(void **state)
{
    (void)state;
    params *p = params_create();
    for (int i = 0; i < params_count(); i++) {
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
    for (int i = 0; i < params_count(); i++) {
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

/* The wrinkle rows follow head_shape_names, and every default is the module's own default, so a
 * run without `set` draws what it drew before the registry. */
static void rows_match_the_modules(void **state)
{
    (void)state;
    assert_int_equal(FACE_PARAM_SHAPES, HEAD_SHAPE_COUNT);
    const wrinkle_layer_def *L = wrinkle_layer_defaults();
    for (int k = 0; k < HEAD_SHAPE_COUNT; k++) {
        char want[96];
        snprintf(want, sizeof want, "wrinkle.%s.normal_strength", head_shape_names[k]);
        assert_string_equal(params_def(params_id(face_param_rows, face_param_wrinkle(k, false)))->name, want);
        snprintf(want, sizeof want, "wrinkle.%s.occlusion_strength", head_shape_names[k]);
        assert_string_equal(params_def(params_id(face_param_rows, face_param_wrinkle(k, true)))->name, want);
        for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
            if (L[l].shape != k) continue;
            assert_float_equal(params_def(params_id(face_param_rows, face_param_wrinkle(k, false)))->def, L[l].strength, 0);
            assert_float_equal(params_def(params_id(face_param_rows, face_param_wrinkle(k, true)))->def, L[l].occ_strength, 0);
        }
    }
    const dissolve_params dp = dissolve_params_defaults();
    assert_float_equal(params_def(EDGE_WIDTH)->def, dp.edge_width, 0);
    assert_float_equal(params_def(BAND)->def, dp.band, 0);
    mesh_data m[DISSOLVE_GALLERY_MAX] = {0};
    dissolve_gallery *g = ALLOC_STRUCT(dissolve_gallery);
    const int n = dissolve_gallery_build(g, NULL, 0, m, 1.0f); /* the props alone: every item has the same push */
    for (int i = 0; i < n; i++) assert_float_equal(params_def(PUSH_DISTANCE)->def, dissolve_gallery_params(g, i).push_distance, 0);
    for (int i = 0; i < DISSOLVE_GALLERY_MAX; i++) mesh_data_free(&m[i]);
    free(g);
    assert_float_equal(params_def(PELLETS)->def, WEAPON_PELLETS, 0);
    assert_float_equal(params_def(PELLETS)->max, WEAPON_MAX_SHOTS, 0); /* the scene's shot buffer */
    vehicle *v = vehicle_create(NULL);
    assert_float_equal(params_def(ENGINE_FORCE)->def, vehicle_get_desc(v)->engine_force, 0);
    vehicle_destroy(v);
}

/* The text a `params` dump shows for a value is accepted by `set` and gives the same value back. */
static void dump_text_is_set_text(void **state)
{
    (void)state;
    params *p = params_create(), *q = params_create();
    char err[256];
    for (int i = 0; i < params_count(); i++) {
        const param_def *d = params_def(i);
        params_set(p, i, d->type == PARAM_FLOAT ? d->min + (d->max - d->min) * 0.61f : d->max);
        char text[64];
        if (d->type == PARAM_BOOL || d->type == PARAM_ENUM) snprintf(text, sizeof text, "%s", d->names[params_i(p, i)]);
        else snprintf(text, sizeof text, "%.9g", (double)params_f(p, i));
        assert_true(params_set_text(q, d->name, text, err, sizeof err));
        assert_float_equal(params_f(q, i), params_f(p, i), 0);
    }
    params_destroy(p);
    params_destroy(q);
}

/* Each type's text: numbers (ints whole), bools on|off, enums by name; ranges; messages. The
 * enum row is the test's own (params_parse_value takes any row); the rest are the table's. */
static void parsing_per_type(void **state)
{
    (void)state;
    char err[256];
    float v = -1;
    /* int */
    const param_def *pel = params_def(PELLETS);
    assert_int_equal(pel->type, PARAM_INT);
    assert_true(params_parse_value(pel, "7", &v, err, sizeof err));
    assert_float_equal(v, 7, 0);
    assert_true(params_parse_value(pel, "7.0", &v, err, sizeof err)); /* a whole number written as a float */
    const char *bad_int[] = {"2.5", "0", "33", "x", "", "7 "};
    for (size_t i = 0; i < sizeof bad_int / sizeof *bad_int; i++) {
        v = -1;
        assert_false(params_parse_value(pel, bad_int[i], &v, err, sizeof err));
        assert_non_null(strstr(err, "damage.pellets must be a whole number in 1..32"));
        assert_float_equal(v, -1, 0);
    }
    /* bool */
    const param_def *fb = params_def(FRAME_BLEND);
    assert_true(params_parse_value(fb, "off", &v, err, sizeof err));
    assert_float_equal(v, 0, 0);
    assert_true(params_parse_value(fb, "on", &v, err, sizeof err));
    assert_float_equal(v, 1, 0);
    assert_false(params_parse_value(fb, "true", &v, err, sizeof err));
    assert_false(params_parse_value(fb, "1", &v, err, sizeof err));
    /* enum */
    static const char *const looks[] = {"cut", "fade", "glow", NULL};
    const param_def e = {"test.look", PARAM_ENUM, 1, 0, 2, looks, NULL, "a test row"};
    assert_true(params_parse_value(&e, "glow", &v, err, sizeof err));
    assert_float_equal(v, 2, 0);
    assert_false(params_parse_value(&e, "Glow", &v, err, sizeof err));
    assert_string_equal(err, "test.look must be one of cut|fade|glow, got 'Glow'");
    /* float: bounds are inclusive */
    const param_def *ew = params_def(EDGE_WIDTH);
    assert_true(params_parse_value(ew, "0.5", &v, err, sizeof err));
    assert_true(params_parse_value(ew, "5e-3", &v, err, sizeof err));
    assert_float_equal(v, 0.005f, 1e-9);
    assert_false(params_parse_value(ew, "0.004", &v, err, sizeof err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_register_in_order),
        cmocka_unit_test(table_is_sane),
        cmocka_unit_test(defaults_and_set_text),
        cmocka_unit_test(json_round_trip),
        cmocka_unit_test(rows_match_the_modules),
        cmocka_unit_test(dump_text_is_set_text),
        cmocka_unit_test(parsing_per_type),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}

/* One table of names per enumeration: the helpers, and every module's table against its own
 * parse and name functions (each name round-trips to its enum value and back, the tables cover
 * the whole enum, unknown and differently-cased names are rejected). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "base/names.h"
#include "bb/core/bb_batch.h"
#include "damage/scene/weapon.h"
#include "dissolve/core/dissolve_math.h"
#include "wrinkle/core/wrinkle_expr.h"

static void helpers(void **state)
{
    (void)state;
    static const char *const t[] = {"one", "two", "three", NULL};
    assert_int_equal(names_count(t), 3);
    assert_int_equal(names_find(t, "two"), 1);
    assert_int_equal(names_find(t, "Two"), -1);
    assert_int_equal(names_find(t, ""), -1);
    char buf[32];
    names_join(t, ", ", buf, sizeof buf);
    assert_string_equal(buf, "one, two, three");
    names_join(t, " | ", buf, 9); /* truncated, still terminated */
    assert_string_equal(buf, "one | tw");
    static const char *const none[] = {NULL};
    names_join(none, ", ", buf, sizeof buf);
    assert_string_equal(buf, "");
}

static void module_tables_round_trip(void **state)
{
    (void)state;
    assert_int_equal(names_count(weapon_names), WEAPON_KIND_COUNT);
    for (int i = 0; i < WEAPON_KIND_COUNT; i++) {
        assert_int_equal(weapon_from_name(weapon_names[i]), i);
        assert_string_equal(weapon_name((weapon_kind)i), weapon_names[i]);
    }
    assert_int_equal(weapon_from_name("Marksman"), -1);

    assert_int_equal(names_count(wrinkle_expr_names), WRINKLE_EXPR_COUNT);
    for (int i = 0; i < WRINKLE_EXPR_COUNT; i++) {
        assert_int_equal(wrinkle_expr_find(wrinkle_expr_names[i]), i);
        assert_string_equal(wrinkle_expr_name(i), wrinkle_expr_names[i]);
    }
    assert_int_equal(names_count(head_shape_names), HEAD_MORPH_COUNT);
    for (int i = 0; i < HEAD_MORPH_COUNT; i++) {
        assert_int_equal(head_shape_find(head_shape_names[i]), i);
        assert_string_equal(head_shape_name(i), head_shape_names[i]);
    }

    assert_int_equal(names_count(dissolve_mode_names), DISSOLVE_MODE_COUNT);
    for (int i = 0; i < DISSOLVE_MODE_COUNT; i++) {
        dissolve_mode m = DISSOLVE_MODE_COUNT;
        assert_true(dissolve_mode_parse(dissolve_mode_names[i], &m));
        assert_int_equal(m, i);
        assert_string_equal(dissolve_mode_name(m), dissolve_mode_names[i]);
    }
    assert_int_equal(names_count(dissolve_shape_names), DISSOLVE_SHAPE_COUNT);
    for (int i = 0; i < DISSOLVE_SHAPE_COUNT; i++) {
        dissolve_shape sh = DISSOLVE_SHAPE_COUNT;
        assert_true(dissolve_shape_parse(dissolve_shape_names[i], &sh));
        assert_int_equal(sh, i);
        assert_string_equal(dissolve_shape_name(sh), dissolve_shape_names[i]);
    }
    /* pitfalls: every name is a choice, the old environment name "mip0" is not */
    assert_int_equal(names_count(dissolve_pitfall_names), DISSOLVE_PITFALL_COUNT);
    dissolve_pitfall p = DISSOLVE_PITFALL_COUNT;
    assert_false(dissolve_pitfall_parse("mip0", &p));
    assert_int_equal(p, DISSOLVE_PITFALL_COUNT); /* untouched on failure */
    for (int i = DISSOLVE_PITFALL_NONE; i < DISSOLVE_PITFALL_COUNT; i++) {
        assert_true(dissolve_pitfall_parse(dissolve_pitfall_names[i], &p));
        assert_int_equal(p, i);
        assert_string_equal(dissolve_pitfall_name(p), dissolve_pitfall_names[i]);
    }

    assert_int_equal(names_count(bb_batcher_names), BB_BATCHER_COUNT);
    for (int i = 0; i < BB_BATCHER_COUNT; i++) {
        bb_batcher b = BB_BATCHER_COUNT;
        assert_true(bb_batcher_parse(bb_batcher_names[i], &b));
        assert_int_equal(b, i);
        assert_string_equal(bb_batcher_name(b), bb_batcher_names[i]);
    }
    bb_batcher b = BB_BATCHER_QUADS;
    assert_false(bb_batcher_parse("sprites", &b));
    assert_int_equal(b, BB_BATCHER_QUADS);

    assert_int_equal(names_count(bb_align_names), BB_ALIGN_OVERRIDE_COUNT);
    for (int i = 0; i < BB_ALIGN_OVERRIDE_COUNT; i++) {
        bb_align_override a = BB_ALIGN_OVERRIDE_COUNT;
        assert_true(bb_align_parse(bb_align_names[i], &a));
        assert_int_equal(a, i);
    }
    bb_align_override a = BB_ALIGN_ALL_VELOCITY;
    assert_false(bb_align_parse("billboard", &a));
    assert_int_equal(a, BB_ALIGN_ALL_VELOCITY);
    /* the override's modes follow the billboards' own */
    assert_int_equal(BB_ALIGN_ALL_SCREEN - 1, BB_ALIGN_SCREEN);
    assert_int_equal(BB_ALIGN_ALL_VIEWPOINT - 1, BB_ALIGN_VIEWPOINT);
    assert_int_equal(BB_ALIGN_ALL_VELOCITY - 1, BB_ALIGN_VELOCITY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(helpers),
        cmocka_unit_test(module_tables_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

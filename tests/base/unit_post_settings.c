/* The post stack's switches: the one table of effect names covers the enum, defaults are all
 * on, and key P walks every effect off once and comes back to "all on". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "base/names.h"
#include "base/post_settings.h"

static void names_cover_the_enum(void **state)
{
    (void)state;
    assert_int_equal(names_count(post_effect_names), POST_EFFECT_COUNT);
    assert_int_equal(names_find(post_effect_names, "bloom"), POST_BLOOM);
    assert_int_equal(names_find(post_effect_names, "exposure"), POST_EXPOSURE);
    assert_int_equal(names_find(post_effect_names, "Bloom"), -1);
}

static void cycle_turns_each_effect_off_once(void **state)
{
    (void)state;
    post_settings ps;
    post_settings_default(&ps);
    for (int i = 0; i < POST_EFFECT_COUNT; i++) assert_true(ps.on[i]);
    int seen[POST_EFFECT_COUNT] = {0};
    for (int press = 0; press < POST_EFFECT_COUNT; press++) {
        int off = post_settings_cycle(&ps);
        assert_int_equal(off, press);
        int count_off = 0;
        for (int i = 0; i < POST_EFFECT_COUNT; i++) count_off += !ps.on[i];
        assert_int_equal(count_off, 1);
        assert_false(ps.on[off]);
        seen[off]++;
    }
    for (int i = 0; i < POST_EFFECT_COUNT; i++) assert_int_equal(seen[i], 1);
    assert_int_equal(post_settings_cycle(&ps), -1);
    for (int i = 0; i < POST_EFFECT_COUNT; i++) assert_true(ps.on[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_cover_the_enum),
        cmocka_unit_test(cycle_turns_each_effect_off_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

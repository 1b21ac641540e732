/* The mud scene's layers: names, presence, key L taking them away in the reverse order the frame
 * applies them, and the bench's two classes of layer state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "base/names.h"
#include "mud/core/mud_layers.h"

static void names_and_presence(void **state)
{
    (void)state;
    assert_int_equal(names_count(mud_layer_names), MUD_LAYER_COUNT);
    assert_int_equal(names_find(mud_layer_names, "particles"), MUD_LAYER_PARTICLES);
    assert_true(mud_layer_present(MUD_LAYER_MUD) && mud_layer_present(MUD_LAYER_POST));
    assert_true(mud_layer_present(MUD_LAYER_PLANTS) && mud_layer_present(MUD_LAYER_CHUNKS));
    assert_true(mud_layer_present(MUD_LAYER_WATER));
    assert_false(mud_layer_present(-1) || mud_layer_present(MUD_LAYER_COUNT));
    char list[128];
    mud_layers_present_list(list, sizeof list);
    assert_string_equal(list, "mud, roads, decals, particles, plants, chunks, water, post");
}

static void key_l_takes_layers_away_last_applied_first(void **state)
{
    (void)state;
    mud_layers ly;
    mud_layers_default(&ly);
    static const int order[] = {MUD_LAYER_POST,   MUD_LAYER_WATER,  MUD_LAYER_PARTICLES, MUD_LAYER_CHUNKS,
                                MUD_LAYER_PLANTS, MUD_LAYER_DECALS, MUD_LAYER_ROADS,     MUD_LAYER_MUD};
    for (int k = 0; k < 8; k++) {
        assert_int_equal(mud_layers_cycle(&ly), order[k]);
        for (int j = 0; j < 8; j++) assert_int_equal(ly.on[order[j]], j > k); /* the first k+1 are off */
    }
    assert_int_equal(mud_layers_cycle(&ly), -1); /* all on again */
    for (int i = 0; i < MUD_LAYER_COUNT; i++) assert_true(ly.on[i]);
}

static void timing_files_frames_by_state(void **state)
{
    (void)state;
    static mud_layers_timing t;
    mud_layers ly;
    mud_layers_default(&ly);
    mud_layers_timing_init(&t);
    assert_int_equal(mud_layers_timing_class(&ly), 0);
    mud_layers_timing_frame(&t, &ly, 1.000); /* the first call only starts the clock */
    mud_layers_timing_frame(&t, &ly, 1.010); /* a 10 ms frame, all on */
    ly.on[MUD_LAYER_ROADS] = ly.on[MUD_LAYER_DECALS] = ly.on[MUD_LAYER_PARTICLES] = false;
    assert_int_equal(mud_layers_timing_class(&ly), 1);
    mud_layers_timing_frame(&t, &ly, 1.030); /* a 20 ms all-on frame: filed under its own state */
    mud_layers_timing_frame(&t, &ly, 1.038); /* 8 ms, the three off */
    ly.on[MUD_LAYER_MUD] = false;
    assert_int_equal(mud_layers_timing_class(&ly), -1);
    mud_layers_timing_frame(&t, &ly, 1.040); /* 2 ms, base class */
    mud_layers_timing_frame(&t, &ly, 2.000); /* other state: not filed */
    assert_int_equal(t.n[0], 2);
    assert_int_equal(t.n[1], 2);
    assert_float_equal(t.ms[0][0], 10.0f, 1e-3f);
    assert_float_equal(t.ms[0][1], 20.0f, 1e-3f);
    assert_float_equal(t.ms[1][0], 8.0f, 1e-3f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_and_presence),
        cmocka_unit_test(key_l_takes_layers_away_last_applied_first),
        cmocka_unit_test(timing_files_frames_by_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

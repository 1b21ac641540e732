/* The mud level file: every malformed form is refused with FILE:LINE; the shipped levels parse;
 * the default level bakes today's terrain (off its roads, byte for byte); roads are baked into
 * per-block data and made firm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mud/core/level.h"
#include "mud/core/roads.h"
#include "mud/core/terrain.h"

#define S TERRAIN_BLOCK_SAMPLES
#define IMPRINT_SOURCE_DIR IMPRINT_TEST_DATA_DIR "/../.."

static void load_fixture(const char *name, int override, mud_level *lv, bool *ok, char *err, size_t errlen)
{
    char path[512];
    snprintf(path, sizeof path, "%s/levels/%s", IMPRINT_TEST_DATA_DIR, name);
    *ok = mud_level_load(path, override, lv, err, errlen);
}

static void malformed_forms_name_file_and_line(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int line; /* 0: the message names the file only */
        const char *says;
    } cases[] = {
        {"no_header.level", 1, "expected the header 'imprint-level 1' first"},
        {"bad_version.level", 1, "unsupported level format"},
        {"no_size.level", 0, "no 'size METRES' after the header"},
        {"size_first.level", 2, "expected 'size METRES' after the header"},
        {"size_odd.level", 2, "size must be a multiple of 16"},
        {"size_range.level", 2, "size must be in 64..1024"},
        {"size_twice.level", 3, "'size' may appear only once"},
        {"unknown.level", 3, "unknown statement 'bridge'"},
        {"bad_number.level", 3, "road: point 1 x: expected a coordinate"},
        {"bad_coord.level", 3, "spawn: x: expected a coordinate"},
        {"nan.level", 3, "mud circle: radius: expected a number, got 'nan'"},
        {"road_odd.level", 3, "road: points come in pairs"},
        {"road_one_point.level", 3, "road needs at least 2 points"},
        {"road_repeat.level", 3, "road: point 2 repeats point 1"},
        {"road_width.level", 3, "road: width must be in 1..16"},
        {"road_points.level", 3, "road has 33 points (at most 32)"},
        {"rect_inverted.level", 3, "mud rect: the rectangle needs x0 < x1"},
        {"spawn_outside.level", 3, "spawn 600 100 is outside the 512 m level"},
        {"mud_kind.level", 3, "unknown mud kind 'swamp'"},
        {"mud_arity.level", 3, "mud track needs 4 arguments (X Z LENGTH HALF_WIDTH), got 3"},
        {"valleys.level", 3, "mud valleys: bottom must be below top"},
        {"softness.level", 3, "mud circle: softness must be in 0..1"},
        {"plant_kind.level", 3, "unknown plant kind 'fern'"},
        {"water_arity.level", 3, "water needs 5 arguments"},
        {"everywhere_arg.level", 3, "mud everywhere needs 0 arguments"},
        {"empty.level", 0, "empty level"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mud_level lv;
        char err[512], want[600];
        bool ok;
        load_fixture(cases[i].file, 0, &lv, &ok, err, sizeof err);
        if (ok) fail_msg("%s parsed", cases[i].file);
        if (cases[i].line) snprintf(want, sizeof want, "%s/levels/%s:%d: ", IMPRINT_TEST_DATA_DIR, cases[i].file, cases[i].line);
        else snprintf(want, sizeof want, "%s/levels/%s: ", IMPRINT_TEST_DATA_DIR, cases[i].file);
        if (strncmp(err, want, strlen(want))) fail_msg("%s: message '%s' does not start with '%s'", cases[i].file, err, want);
        if (!strstr(err, cases[i].says)) fail_msg("%s: message '%s' does not say '%s'", cases[i].file, err, cases[i].says);
        assert_int_equal(lv.size, 0); /* nothing half-parsed is left */
        assert_int_equal(lv.nroads, 0);
    }
}

static void limits_and_unreadable(void **state)
{
    (void)state;
    mud_level lv;
    char err[512];
    /* one road too many */
    size_t cap = 64 * 40 + 64;
    char *text = malloc(cap);
    assert_non_null(text);
    int n = snprintf(text, cap, "imprint-level 1\nsize 256\n");
    for (int i = 0; i <= LEVEL_MAX_ITEMS; i++) n += snprintf(text + n, cap - (size_t)n, "road 4 %d 10 %d 50\n", i + 1, i + 1);
    assert_false(mud_level_parse(text, "many.level", 0, &lv, err, sizeof err));
    assert_string_equal(err, "many.level:67: too many roads (at most 64)");
    /* a line past the limit */
    memset(text, 'x', LEVEL_LINE_MAX + 10);
    text[LEVEL_LINE_MAX + 10] = '\0';
    assert_false(mud_level_parse(text, "long.level", 0, &lv, err, sizeof err));
    assert_string_equal(err, "long.level:1: line is longer than 1024 characters");
    free(text);
    assert_false(mud_level_load("/nonexistent/x.level", 0, &lv, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/x.level: cannot read"));
}

static void shipped_levels_parse_and_follow_the_size(void **state)
{
    (void)state;
    static mud_level lv, small;
    char err[512];
    assert_true(mud_level_load(IMPRINT_SOURCE_DIR "/assets/levels/default.level", 0, &lv, err, sizeof err));
    assert_int_equal(lv.size, 512);
    assert_float_equal(lv.spawn[0], 264.0f, 0.0f);
    assert_float_equal(lv.spawn[1], 200.0f, 0.0f);
    assert_int_equal(lv.nmud, 2);
    assert_int_equal(lv.mud[1].kind, MUD_AREA_TRACK);
    assert_true(lv.nroads >= 1);
    assert_true(lv.nplants >= 1 && lv.nwater >= 1); /* stored for the plant and water layers */
    assert_int_equal(lv.plants[0].kind, LEVEL_PLANT_TREE);
    assert_float_equal(lv.water[0].surface_y, 5.0f, 1e-6f); /* the pond; [1] the river */
    assert_int_equal(lv.nwater, 2);
    /* --level-size 256: the centre moves, the layout with it */
    assert_true(mud_level_load(IMPRINT_SOURCE_DIR "/assets/levels/default.level", 256, &small, err, sizeof err));
    assert_int_equal(small.size, 256);
    assert_float_equal(small.spawn[0], 136.0f, 0.0f);
    assert_float_equal(small.spawn[1], 72.0f, 0.0f);
    assert_float_equal(small.roads[0].pts[0][0], lv.roads[0].pts[0][0] - 128.0f, 0.0f);
    assert_true(mud_level_load(IMPRINT_SOURCE_DIR "/assets/levels/mud-everywhere.level", 0, &lv, err, sizeof err));
    assert_true(lv.mud_everywhere);
}

/* default.level is today's level: every sample more than the data's reach from a road is the
 * built-in terrain's, byte for byte. */
static void default_level_reproduces_the_builtin_terrain(void **state)
{
    (void)state;
    static mud_level lv;
    char err[512];
    assert_true(mud_level_load(IMPRINT_SOURCE_DIR "/assets/levels/default.level", 0, &lv, err, sizeof err));
    terrain *a = terrain_create(&(terrain_desc){.level = &lv, .seed = 1});
    terrain *b = terrain_create(&(terrain_desc){.level_size = 512, .seed = 1});
    assert_non_null(a);
    assert_non_null(b);
    int nb = terrain_blocks_per_side(a), same = 0, road_blocks = 0;
    float sa[2], sb[2];
    terrain_spawn(a, &sa[0], &sa[1]);
    terrain_spawn(b, &sb[0], &sb[1]);
    assert_memory_equal(sa, sb, sizeof sa);
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            if (terrain_block_road(a, bx, bz)) {
                road_blocks++;
                continue;
            }
            assert_null(terrain_block_road(b, bx, bz));
            assert_memory_equal(terrain_block_data(a, bx, bz), terrain_block_data(b, bx, bz), S * S * 4);
            same++;
        }
    assert_true(road_blocks > 10);
    assert_true(same > nb * nb - road_blocks - 1);
    terrain_destroy(a);
    terrain_destroy(b);
}

static void roads_bake_into_firm_block_data(void **state)
{
    (void)state;
    mud_level lv;
    char err[256];
    /* a road with a bend through a level that is mud everywhere */
    assert_true(mud_level_parse("imprint-level 1\nsize 128\nmud everywhere\nroad 6 20 20 20 80 90 100\n", "r.level", 0, &lv, err, sizeof err));
    terrain *t = terrain_create(&(terrain_desc){.level = &lv, .seed = 2});
    assert_non_null(t);
    /* on the centre line the edge is the half width away, a metre off the edge it is -1 */
    assert_float_equal(terrain_road_edge(t, 20.0f, 50.0f), 3.0f, 0.05f);
    assert_float_equal(terrain_road_edge(t, 24.0f, 50.0f), -1.0f, 0.05f);
    assert_float_equal(terrain_road_edge(t, 20.0f + 3.0f, 50.0f), 0.0f, 0.05f);
    /* along the diagonal leg too */
    assert_float_equal(terrain_road_edge(t, 55.0f, 90.0f), 3.0f, 0.2f);
    roads_sample rs = roads_at(lv.roads, lv.nroads, 20.0f, 80.0f); /* the bend's corner */
    assert_float_equal(rs.edge, 3.0f, 1e-5f);
    assert_float_equal(rs.across, 0.0f, 1e-5f);
    /* far blocks hold no road data */
    assert_null(terrain_block_road(t, 7, 0));
    assert_non_null(terrain_block_road(t, 1, 3));
    /* firm: no softness and no mud on the road, mud still beside it */
    terrain_sample on, off;
    terrain_sample_at(t, 20.0f, 50.0f, &on);
    terrain_sample_at(t, 30.0f, 50.0f, &off);
    assert_float_equal(on.softness, 0.0f, 1e-6f);
    assert_float_equal(on.mud, 0.0f, 1e-6f);
    assert_true(off.mud > 0.99f && off.softness >= 0.5f);
    /* the road's data shares block borders like the base samples */
    int nb = terrain_blocks_per_side(t), compared = 0;
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx + 1 < nb; bx++) {
            const uint8_t *l = terrain_block_road(t, bx, bz), *r = terrain_block_road(t, bx + 1, bz);
            if (!l || !r) continue;
            for (int j = 0; j < S; j++) assert_memory_equal(l + (j * S + S - 1) * 2, r + j * S * 2, 2);
            compared++;
        }
    assert_true(compared > 0);
    /* packing round trip within a step */
    uint8_t px[2];
    roads_pack(&(roads_sample){1.5f, 0.5f}, px);
    assert_float_equal(roads_unpack_edge(px[0]), 1.5f, 0.5f / ROADS_EDGE_SCALE);
    assert_int_equal(px[1], 128);
    terrain_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(malformed_forms_name_file_and_line),
        cmocka_unit_test(limits_and_unreadable),
        cmocka_unit_test(shipped_levels_parse_and_follow_the_size),
        cmocka_unit_test(default_level_reproduces_the_builtin_terrain),
        cmocka_unit_test(roads_bake_into_firm_block_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Terrain: shared block borders, height packing, the spawn track, level size limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "base/log.h"
#include "mud/core/terrain.h"

#define S TERRAIN_BLOCK_SAMPLES

static void neighbours_share_border_samples(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 128, .seed = 7});
    assert_non_null(t);
    int nb = terrain_blocks_per_side(t), differing = 0;
    assert_int_equal(nb, 8);
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            const uint8_t *a = terrain_block_data(t, bx, bz);
            for (int j = 0; j < S; j++) {
                if (bx + 1 < nb) {
                    const uint8_t *b = terrain_block_data(t, bx + 1, bz);
                    assert_memory_equal(a + (j * S + S - 1) * 4, b + (j * S) * 4, 4);
                }
                if (bz + 1 < nb) {
                    const uint8_t *b = terrain_block_data(t, bx, bz + 1);
                    assert_memory_equal(a + ((S - 1) * S + j) * 4, b + j * 4, 4);
                }
                differing += a[j * 4] != a[(S * (S - 1) + j) * 4];
            }
        }
    assert_true(differing > 0); /* the terrain is not flat: the border test compared real data */
    terrain_destroy(t);
}

static void height_query_matches_packed_samples(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .seed = 3});
    const float step = TERRAIN_BLOCK_SIZE / (S - 1);
    for (int j = 0; j < S; j += 3)
        for (int i = 0; i < S; i += 3) {
            const uint8_t *s = terrain_block_data(t, 1, 2) + (j * S + i) * 4;
            float x = 16.0f + (float)i * step, z = 32.0f + (float)j * step;
            assert_float_equal(terrain_height(t, x, z), terrain_unpack_height(s[0]), 1e-4);
            terrain_sample ts;
            terrain_sample_at(t, x, z, &ts);
            assert_float_equal(ts.softness, s[2] / 255.0f, 1e-4);
            assert_float_equal(ts.mud, s[3] / 255.0f, 1e-4);
        }
    /* halfway between two samples the height is their mean (bilinear) */
    const uint8_t *b = terrain_block_data(t, 0, 0);
    assert_float_equal(terrain_height(t, 0.5f * step, 0.0f), 0.5f * (terrain_unpack_height(b[0]) + terrain_unpack_height(b[4])), 1e-4);
    assert_float_equal(terrain_unpack_height(100), 100 * TERRAIN_HEIGHT_SCALE + TERRAIN_HEIGHT_OFFSET, 1e-6);
    terrain_destroy(t);
}

static void muddy_track_runs_from_spawn_along_plus_z(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 512, .seed = 1});
    float sx, sz;
    terrain_spawn(t, &sx, &sz);
    float h0 = terrain_height(t, sx, sz), hmin = h0, hmax = h0;
    for (float d = 0.0f; d <= 60.0f; d += 0.5f) {
        terrain_sample s;
        terrain_sample_at(t, sx, sz + d, &s);
        assert_true(s.mud > 0.9f);
        assert_true(s.softness > 0.2f);
        hmin = fminf(hmin, s.height);
        hmax = fmaxf(hmax, s.height);
        /* the track is flat across: both wheel tracks at the same height */
        assert_float_equal(terrain_height(t, sx - 1.0f, sz + d), terrain_height(t, sx + 1.0f, sz + d), 0.09);
    }
    assert_true(hmax - hmin < 12.0f);
    /* grass away from the track somewhere: not everything is mud */
    int grass = 0;
    for (float x = 8; x < 512; x += 16) {
        terrain_sample s;
        terrain_sample_at(t, x, 40.0f, &s);
        grass += s.mud < 0.1f && s.grass > 0.3f;
    }
    assert_true(grass > 0);
    terrain_destroy(t);
}

static void hills_and_valleys_have_relief(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 512, .seed = 1});
    float lo = 1e9f, hi = -1e9f;
    int mud_blocks = 0, nb = terrain_blocks_per_side(t);
    for (float z = 0; z <= 512; z += 4)
        for (float x = 0; x <= 512; x += 4) {
            float h = terrain_height(t, x, z);
            lo = fminf(lo, h);
            hi = fmaxf(hi, h);
        }
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) mud_blocks += terrain_block_has_mud(t, bx, bz);
    assert_true(hi - lo > 6.0f);
    assert_true(mud_blocks > 8 && mud_blocks < nb * nb);
    terrain_destroy(t);
}

static void seeds_differ_and_repeat(void **state)
{
    (void)state;
    terrain *a = terrain_create(&(terrain_desc){.level_size = 64, .seed = 5});
    terrain *b = terrain_create(&(terrain_desc){.level_size = 64, .seed = 5});
    terrain *c = terrain_create(&(terrain_desc){.level_size = 64, .seed = 6});
    assert_memory_equal(terrain_block_data(a, 2, 1), terrain_block_data(b, 2, 1), S * S * 4);
    assert_true(memcmp(terrain_block_data(a, 2, 1), terrain_block_data(c, 2, 1), S * S * 4) != 0);
    terrain_destroy(a);
    terrain_destroy(b);
    terrain_destroy(c);
}

static void level_size_limits(void **state)
{
    (void)state;
    log_set_quiet(true);
    int errors = log_error_count();
    assert_null(terrain_create(&(terrain_desc){.level_size = 1000}));
    assert_null(terrain_create(&(terrain_desc){.level_size = 2048}));
    assert_int_equal(log_error_count(), errors + 2);
    terrain *t = terrain_create(&(terrain_desc){.level_size = 1024, .flat = true, .flat_height = 2});
    assert_non_null(t);
    assert_int_equal(terrain_blocks_per_side(t), 64);
    assert_float_equal(terrain_height(t, 700.3f, 12.9f), 2.0f, TERRAIN_HEIGHT_SCALE);
    terrain *d = terrain_create(NULL);
    assert_int_equal(terrain_level_size(d), 512);
    terrain_destroy(t);
    terrain_destroy(d);
    terrain_destroy(NULL);
}

/* A wheel on dry ground grows the mud mask under it, in both blocks of a shared border, gives the
 * block mud, reports exactly the changed samples and never changes a height. */
static void wheels_grow_the_mud_mask(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.5f, .flat_mud = 0.0f});
    assert_false(terrain_block_has_mud(t, 0, 0));
    assert_false(terrain_block_has_mud(t, 1, 0));
    const float sp = 16.0f / 24.0f;
    int r[4];
    assert_true(terrain_mark_mud(t, 16.0f, 5.0f * sp, 0.7f, 0.1f, r)); /* on the border x = 16 m */
    assert_true(terrain_block_has_mud(t, 0, 0) && terrain_block_has_mud(t, 1, 0));
    assert_false(terrain_block_has_mud(t, 0, 1));
    assert_true(r[0] <= 24 && r[2] >= 24 && r[1] <= 5 && r[3] >= 5);
    const uint8_t *a = terrain_block_data(t, 0, 0), *b = terrain_block_data(t, 1, 0);
    int changed = 0;
    for (int j = 0; j < 25; j++) {
        assert_int_equal(a[(j * 25 + 24) * 4 + 3], b[(j * 25 + 0) * 4 + 3]); /* shared border samples */
        for (int i = 0; i < 25; i++) {
            int gi = i, gj = j;
            bool in = gi >= r[0] && gi <= r[2] && gj >= r[1] && gj <= r[3];
            if (a[(j * 25 + i) * 4 + 3]) changed++;
            if (!in) assert_int_equal(a[(j * 25 + i) * 4 + 3], 0);
        }
    }
    assert_true(changed >= 2);
    assert_int_equal(a[(5 * 25 + 24) * 4 + 3], 26); /* centre: ceil(0.1 * 255) */
    float h = terrain_height(t, 16.0f, 5.0f * sp);
    for (int k = 0; k < 20; k++) terrain_mark_mud(t, 16.0f, 5.0f * sp, 0.7f, 0.1f, NULL);
    assert_int_equal(a[(5 * 25 + 24) * 4 + 3], 255); /* saturates at mud */
    assert_float_equal(terrain_height(t, 16.0f, 5.0f * sp), h, 0.0);
    assert_false(terrain_mark_mud(t, 16.0f, 5.0f * sp, 0.1f, 0.1f, r)); /* nothing left to grow */
    terrain_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(neighbours_share_border_samples),
        cmocka_unit_test(height_query_matches_packed_samples),
        cmocka_unit_test(muddy_track_runs_from_spawn_along_plus_z),
        cmocka_unit_test(hills_and_valleys_have_relief),
        cmocka_unit_test(seeds_differ_and_repeat),
        cmocka_unit_test(level_size_limits),
        cmocka_unit_test(wheels_grow_the_mud_mask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

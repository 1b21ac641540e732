/* The slump and refill rule on the CPU (mud/core/mudfield_slump.h): whole height steps moved, the
 * volume conserved exactly and the borders kept; a cliff slumps to the angle of repose and stays;
 * wet mud refills faster than dry; the field's step equals the rule over a copy of the block's bytes
 * (what an evicted GPU layer runs), its dirty rectangle and changed rectangle cover the moved
 * texels, and a settled block costs nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "mud/core/mudfield.h"
#include "mud/core/mudfield_slump.h"

#define R MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)

static uint16_t h[R * R], tmp[R * R], copy[R * R];
static uint8_t px[R * R * 4];

static long long volume(const uint16_t *v)
{
    long long s = 0;
    for (int k = 0; k < R * R; k++) s += v[k];
    return s;
}

static int steepest(const uint16_t *v)
{
    int m = 0;
    for (int j = 1; j < SEG; j++)
        for (int i = 1; i < SEG; i++) {
            int k = j * R + i;
            if (i + 1 < SEG && abs(v[k] - v[k + 1]) > m) m = abs(v[k] - v[k + 1]);
            if (j + 1 < SEG && abs(v[k] - v[k + R]) > m) m = abs(v[k] - v[k + R]);
        }
    return m;
}

/* The largest height difference across a diagonal of the interior. */
static int steepest_diag(const uint16_t *v)
{
    int m = 0;
    for (int j = 1; j + 1 < SEG; j++)
        for (int i = 1; i + 1 < SEG; i++) {
            int k = j * R + i;
            if (abs(v[k] - v[k + R + 1]) > m) m = abs(v[k] - v[k + R + 1]);
            if (abs(v[k + 1] - v[k + R]) > m) m = abs(v[k + 1] - v[k + R]);
        }
    return m;
}

static void the_threshold_is_the_repose_over_a_texel(void **state)
{
    (void)state;
    mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, false, false);
    assert_int_equal(r.threshold, 88);       /* tan 35 deg x 16/127 m = 88.2 mm */
    assert_int_equal(r.threshold_diag, 124); /* across a diagonal, x sqrt 2: 124.8 mm */
    assert_int_equal(mudfield_slump_rule_of(80.0f, false, false).threshold, 714);
    assert_int_equal(mudfield_slump_rule_of(80.0f, false, false).threshold_diag, 1010);
    assert_int_equal(mudfield_slump_rule_of(10.0f, false, false).threshold, 22);
    /* the flow: ceil of a sixteenth of the excess; the refill an eighth (wet) to a sixteenth (dry),
     * a quarter of that across a diagonal */
    assert_int_equal(mudfield_slump_flow(&r, 88, 0, 0, false), 0);
    assert_int_equal(mudfield_slump_flow(&r, 89, 0, 0, false), 1);
    assert_int_equal(mudfield_slump_flow(&r, 88 + 17, 0, 0, false), 2);
    assert_int_equal(mudfield_slump_flow(&r, 124, 0, 0, true), 0);
    assert_int_equal(mudfield_slump_flow(&r, 125, 0, 0, true), 1);
    assert_int_equal(mudfield_slump_flow(&r, 124 + 33, 0, 0, true), 3);
    mudfield_slump_rule f = mudfield_slump_rule_of(35.0f, true, true);
    assert_int_equal(mudfield_slump_flow(&f, 64, 0, 0, false), 4);
    assert_int_equal(mudfield_slump_flow(&f, 64, 255, 0, false), 7);
    assert_int_equal(mudfield_slump_flow(&f, 64, 0, 255, false), 7);
    assert_int_equal(mudfield_slump_flow(&f, 120, 0, 0, true), 1);
    assert_int_equal(mudfield_slump_flow(&f, 120, 0, 255, true), 3);
}

static void noise_keeps_its_volume_and_borders(void **state)
{
    (void)state;
    unsigned seed = 12345;
    for (int k = 0; k < R * R; k++) {
        seed = seed * 1103515245u + 12345u;
        h[k] = (uint16_t)(MUDFIELD_HEIGHT_ZERO + (int)((seed >> 8) % 801) - 400); /* +-40 cm of noise */
        px[4 * k + 3] = (uint8_t)(seed >> 20);
    }
    memcpy(copy, h, sizeof h);
    long long v0 = volume(h);
    int steep0 = steepest(h);
    for (int s = 0; s < 300; s++) {
        mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, true, s % 4 == 0);
        mudfield_slump_heights(h, px, &r, tmp, NULL);
        assert_true(volume(h) == v0);
    }
    for (int i = 0; i < R; i++) { /* the borders neither gave nor took */
        assert_int_equal(h[i], copy[i]);
        assert_int_equal(h[SEG * R + i], copy[SEG * R + i]);
        assert_int_equal(h[i * R], copy[i * R]);
        assert_int_equal(h[i * R + SEG], copy[i * R + SEG]);
    }
    print_message("noise: steepest step %d -> %d mm, volume kept\n", steep0, steepest(h));
    assert_true(steep0 > 700 && steepest(h) <= 88 && steepest_diag(h) <= 124);
}

static void a_cliff_slumps_to_the_repose_and_stays(void **state)
{
    (void)state;
    memset(px, 0, sizeof px);
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) h[j * R + i] = (uint16_t)(MUDFIELD_HEIGHT_ZERO + (i >= 40 && i < 80 ? -300 : 0));
    mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, false, false);
    long long v0 = volume(h);
    int steps = 0;
    while (mudfield_slump_heights(h, px, &r, tmp, NULL)) steps++;
    print_message("a 30 cm trench: settled in %d steps, steepest %d mm (threshold %d)\n", steps, steepest(h), r.threshold);
    assert_true(steps > 3 && steps < 200);
    assert_true(steepest(h) <= r.threshold);
    assert_true(volume(h) == v0);
    memcpy(copy, h, sizeof h);
    assert_int_equal(mudfield_slump_heights(h, px, &r, tmp, NULL), 0); /* stays */
    assert_memory_equal(h, copy, sizeof h);
}

/* A trench across the grid's diagonal slumps to the same angle as one along it: the difference
 * across a diagonal (sqrt 2 texels) at most T_d; a 4-neighbour rule leaves it 2 T (176 mm, walls
 * of 44 degrees). */
static void a_diagonal_cliff_slumps_to_the_same_angle(void **state)
{
    (void)state;
    memset(px, 0, sizeof px);
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) h[j * R + i] = (uint16_t)(MUDFIELD_HEIGHT_ZERO + (abs(i - j) < 20 ? -300 : 0));
    mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, false, false);
    long long v0 = volume(h);
    int steps = 0;
    while (mudfield_slump_heights(h, px, &r, tmp, NULL)) steps++;
    print_message("a diagonal 30 cm trench: settled in %d steps, steepest %d mm side by side, %d mm across a "
                  "diagonal (thresholds %d, %d)\n",
                  steps, steepest(h), steepest_diag(h), r.threshold, r.threshold_diag);
    assert_true(steps > 3 && steps < 300);
    assert_true(steepest(h) <= r.threshold);
    assert_true(steepest_diag(h) <= r.threshold_diag);
    assert_true(volume(h) == v0);
}

/* The trench's depth below the level after n refill steps over mud of track byte a. */
static int refilled_depth(uint8_t a, int n)
{
    for (int k = 0; k < R * R; k++) px[4 * k + 3] = a;
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int d = i >= 60 && i < 64 ? -200 : i >= 56 && i < 68 ? 67 : 0; /* a rut and its berms, volume 0 */
            h[j * R + i] = (uint16_t)(MUDFIELD_HEIGHT_ZERO + d);
        }
    mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, true, true);
    for (int s = 0; s < n; s++) mudfield_slump_heights(h, px, &r, tmp, NULL);
    return MUDFIELD_HEIGHT_ZERO - h[64 * R + 61];
}

static void wet_mud_refills_faster(void **state)
{
    (void)state;
    int dry = refilled_depth(0, 20), wet = refilled_depth(255, 20), none = refilled_depth(0, 0);
    print_message("a 20 cm rut after 20 refill steps: %d mm deep in dry mud, %d mm in fresh (from %d)\n", dry, wet, none);
    assert_int_equal(none, 200);
    assert_true(wet < dry && dry < 200);
    assert_true(wet < 0.8 * dry);
}

static void the_field_steps_as_a_saved_copy_does(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.8f, .flat_mud = 1.0f});
    mudfield *mf = mudfield_create(t, NULL);
    for (float z = 36.0f; z <= 44.0f; z += 0.1f)
        mudfield_stamp(mf, &(mudfield_wheel){.center = {40.0f, 4.35f, z}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1}, .velocity = {0, 2}, .penetration = 0.2f});
    int nb = 4, blocks[16];
    mudfield_rect rects[16], dirty;
    /* the evicted layer's bytes: as the GPU keeps them */
    memcpy(copy, mudfield_block_heights(mf, 2, 2), sizeof copy);
    memcpy(px, mudfield_block_texels(mf, 2, 2), sizeof px);
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) mudfield_take_dirty(mf, bx, bz, &dirty);
    assert_true(mudfield_unsettled_blocks(mf) >= 1);
    int steps = 0, total = 0;
    for (; steps < 1000; steps++) { /* refilling every 8th step for 200 steps, then the slump alone */
        mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, steps < 200, steps < 200 && steps % 8 == 7);
        memcpy(h, copy, sizeof h);
        int n = mudfield_slump(mf, &r, blocks, rects, 16);
        int changed = mudfield_slump_heights(copy, px, &r, tmp, NULL);
        const uint16_t *f = mudfield_block_heights(mf, 2, 2);
        assert_memory_equal(copy, f, sizeof copy); /* the saved copy and the live field agree */
        bool in_list = false;
        for (int k = 0; k < n; k++) in_list |= blocks[k] == 2 * nb + 2;
        assert_true(in_list == (changed > 0));
        if (changed) { /* both rectangles hold exactly the moved texels' bounds */
            mudfield_rect box = {R, R, -1, -1};
            for (int k = 0; k < R * R; k++)
                if (h[k] != copy[k]) {
                    int i = k % R, j = k / R;
                    box.x0 = i < box.x0 ? i : box.x0, box.x1 = i > box.x1 ? i : box.x1;
                    box.y0 = j < box.y0 ? j : box.y0, box.y1 = j > box.y1 ? j : box.y1;
                }
            int at = 0;
            while (blocks[at] != 2 * nb + 2) at++;
            assert_memory_equal(&rects[at], &box, sizeof box);
            assert_true(mudfield_take_dirty(mf, 2, 2, &dirty));
            assert_memory_equal(&dirty, &box, sizeof box);
        }
        total += n;
        if (!mudfield_unsettled_blocks(mf)) break;
    }
    print_message("a stamped rut's block: settled after %d slump steps (%d block steps)\n", steps, total);
    assert_true(steps >= 200 && steps < 1000);
    /* settled: nothing runs until a stamp changes a height, or the rule changes */
    assert_int_equal(mudfield_slump(mf, &(mudfield_slump_rule){88, 124, true, true}, blocks, rects, 16), 0);
    mudfield_unsettle(mf);
    assert_true(mudfield_unsettled_blocks(mf) >= 1);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_threshold_is_the_repose_over_a_texel),
        cmocka_unit_test(noise_keeps_its_volume_and_borders),
        cmocka_unit_test(a_cliff_slumps_to_the_repose_and_stays),
        cmocka_unit_test(a_diagonal_cliff_slumps_to_the_same_angle),
        cmocka_unit_test(wet_mud_refills_faster),
        cmocka_unit_test(the_field_steps_as_a_saved_copy_does),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

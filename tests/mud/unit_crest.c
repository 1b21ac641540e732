/* The crest straightness measure: a straight ridge measures (almost) 0 px at any slope, a ridge
 * that steps like a staircase measures its step, plateaus of equal samples count at their middle,
 * rows without a ridge inside the band are skipped, and bad arguments fail cleanly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "mud/core/crest.h"

#define W 320
#define H 200

/* Depth of a ridge seen from above: 10 everywhere, nearer (smaller) by a smooth bump centred on
 * the crest line x = cx(y); quant > 0 rounds depths to that step (heights quantized). */
static float *ridge(float (*cx)(int), float quant)
{
    float *d = malloc(sizeof(float) * W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float u = ((float)x - cx(y)) / 12.0f;
            float v = 10.0f - 0.5f * expf(-u * u);
            d[y * W + x] = quant > 0.0f ? roundf(v / quant) * quant : v;
        }
    return d;
}

static float straight(int y) { return 60.0f + 0.73f * (float)y; }
static float stairs(int y) { return 60.0f + 16.0f * floorf(0.73f * (float)y / 16.0f); }
static float wobble(int y) { return 60.0f + 0.73f * (float)y + 3.0f * sinf((float)y * 0.3f); }
static float meander(int y) { return 60.0f + 0.73f * (float)y + 12.0f * sinf((float)y * 0.04f); }
static float one_jog(int y) { return 60.0f + 0.73f * (float)y + ((y / 4) % 40 == 7 ? 6.0f : 0.0f); } /* 4 rows in 160 */

static mud_crest trace(const float *d, float half)
{
    mud_crest c;
    mud_crest_band b = {.y0 = 10, .y1 = H - 10, .x_at_y0 = straight(10), .x_at_y1 = straight(H - 10), .half_width = half};
    assert_true(mud_crest_trace(d, W, H, &b, &c));
    return c;
}

static void a_straight_ridge_is_straight(void **state)
{
    (void)state;
    float *d = ridge(straight, 0.0f);
    mud_crest c = trace(d, 30.0f);
    assert_int_equal(c.rows, H - 19);
    assert_true(c.max_px < 0.1f && c.rms_px < 0.05f);
    assert_true(fabsf(c.slope - 0.73f) < 0.005f && fabsf(c.offset - 60.0f) < 0.5f);
    free(d);
}

static void a_staircase_measures_its_step(void **state)
{
    (void)state;
    float *d = ridge(stairs, 0.0f);
    mud_crest c = trace(d, 30.0f);
    /* steps of 16 px about the fitted line: residuals reach about half a step */
    assert_true(c.max_px > 6.0f && c.max_px < 10.0f);
    free(d);
    d = ridge(wobble, 0.0f);
    c = trace(d, 30.0f);
    assert_true(fabsf(c.max_px - 3.0f) < 0.3f);
    free(d);
}

/* Against a moving average (smooth_rows): a slow meander (a churned rut's berm) measures little,
 * teeth and a fast wobble as much as against the line. */
static void a_moving_average_keeps_teeth_not_meanders(void **state)
{
    (void)state;
    float *d = ridge(meander, 0.0f);
    mud_crest c;
    mud_crest_band b = {.y0 = 10, .y1 = H - 10, .x_at_y0 = straight(10), .x_at_y1 = straight(H - 10), .half_width = 30.0f};
    assert_true(mud_crest_trace(d, W, H, &b, &c));
    assert_true(c.max_px > 8.0f); /* from its line: the meander's amplitude */
    b.smooth_rows = 20.0f;
    assert_true(mud_crest_trace(d, W, H, &b, &c));
    assert_true(c.max_px < 0.5f);
    free(d);
    d = ridge(stairs, 0.0f);
    assert_true(mud_crest_trace(d, W, H, &b, &c));
    assert_true(c.max_px > 5.0f);
    assert_true(c.p95_px > 4.0f); /* teeth all along: most rows off */
    free(d);
}

/* The 95th percentile: a few rows jogging aside (7 of 181) count in the largest residual, not in
 * the deviation 95 % of the rows stay within. */
static void the_95th_percentile_leaves_a_few_rows(void **state)
{
    (void)state;
    float *d = ridge(one_jog, 0.0f);
    mud_crest c = trace(d, 30.0f);
    assert_true(c.max_px > 5.0f);
    assert_true(c.p95_px < 1.0f);
    free(d);
}

static void plateaus_count_at_their_middle(void **state)
{
    (void)state;
    /* quantized depths make flat tops several pixels wide; the middle of each keeps the line */
    float *d = ridge(straight, 0.02f);
    mud_crest c = trace(d, 30.0f);
    assert_true(c.max_px < 1.0f);
    free(d);
}

static void rows_without_a_ridge_are_skipped(void **state)
{
    (void)state;
    float *d = ridge(straight, 0.0f);
    for (int y = 50; y < 80; y++) /* the ridge leaves the band: a slope down to the band's edge */
        for (int x = 0; x < W; x++) d[y * W + x] = 10.0f - 0.001f * (float)x;
    mud_crest c = trace(d, 30.0f);
    assert_int_equal(c.rows, H - 19 - 30);
    assert_true(c.max_px < 0.1f);
    free(d);
}

static void bad_arguments_fail(void **state)
{
    (void)state;
    float *d = ridge(straight, 0.0f);
    mud_crest c = {.rows = 7};
    assert_false(mud_crest_trace(d, W, H, &(mud_crest_band){.y0 = 10, .y1 = H, .half_width = 10}, &c));
    assert_int_equal(c.rows, 0);
    assert_false(mud_crest_trace(NULL, W, H, &(mud_crest_band){.y0 = 0, .y1 = 10, .half_width = 10}, &c));
    /* a band with no ridge: every row touches its edge */
    assert_false(mud_crest_trace(d, W, H, &(mud_crest_band){.y0 = 0, .y1 = 100, .x_at_y0 = 280, .x_at_y1 = 300, .half_width = 10}, &c));
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_straight_ridge_is_straight),
        cmocka_unit_test(a_staircase_measures_its_step),
        cmocka_unit_test(a_moving_average_keeps_teeth_not_meanders),
        cmocka_unit_test(the_95th_percentile_leaves_a_few_rows),
        cmocka_unit_test(plateaus_count_at_their_middle),
        cmocka_unit_test(rows_without_a_ridge_are_skipped),
        cmocka_unit_test(bad_arguments_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

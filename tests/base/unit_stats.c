/* Percentiles: linear interpolation between closest ranks, checked against a plain reference
 * (sort + interpolate) on random data; inputs untouched; NaNs ignored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "base/stats.h"

static void small_known_sets(void **state)
{
    (void)state;
    const float odd[] = {5, 1, 3};
    assert_float_equal(stats_median(odd, 3), 3.0f, 0);
    assert_float_equal(stats_percentile(odd, 3, 0), 1.0f, 0);
    assert_float_equal(stats_percentile(odd, 3, 100), 5.0f, 0);
    assert_float_equal(stats_percentile(odd, 3, 25), 2.0f, 1e-6);   /* rank 0.5 */
    assert_float_equal(stats_percentile(odd, 3, 75), 4.0f, 1e-6);   /* rank 1.5 */
    const float even[] = {4, 1, 3, 2};
    assert_float_equal(stats_median(even, 4), 2.5f, 1e-6);
    assert_float_equal(stats_percentile(even, 4, 95), 3.85f, 1e-5); /* rank 2.85 */
    const float one[] = {7.5f};
    assert_float_equal(stats_percentile(one, 1, 0), 7.5f, 0);
    assert_float_equal(stats_percentile(one, 1, 95), 7.5f, 0);
    assert_float_equal(stats_mean(even, 4), 2.5f, 1e-6);
}

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void matches_reference_and_leaves_input(void **state)
{
    (void)state;
    enum { N = 1001 };
    float v[N], copy[N], sorted[N];
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < N; i++) v[i] = rng_float(&r) * 40.0f - 5.0f;
    memcpy(copy, v, sizeof v);
    memcpy(sorted, v, sizeof v);
    qsort(sorted, N, sizeof sorted[0], cmp);
    const float ps[] = {0, 1, 5, 25, 50, 90, 95, 99, 99.9f, 100};
    float many[10];
    stats_percentiles(v, N, ps, 10, many);
    for (int k = 0; k < 10; k++) {
        double rank = ps[k] / 100.0 * (N - 1);
        int lo = (int)rank;
        int hi = lo + 1 < N ? lo + 1 : lo;
        double want = sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
        assert_float_equal(stats_percentile(v, N, ps[k]), want, 1e-4);
        assert_float_equal(many[k], want, 1e-4);
    }
    assert_memory_equal(v, copy, sizeof v);
    double sum = 0;
    for (int i = 0; i < N; i++) sum += v[i];
    assert_float_equal(stats_mean(v, N), sum / N, 1e-4);
    /* monotone in p */
    for (int k = 1; k < 10; k++) assert_true(many[k] >= many[k - 1]);
}

static void nan_and_empty(void **state)
{
    (void)state;
    const float v[] = {NAN, 2, NAN, 4, 6};
    assert_float_equal(stats_median(v, 5), 4.0f, 0);
    assert_float_equal(stats_mean(v, 5), 4.0f, 1e-6);
    const float all_nan[] = {NAN, NAN};
    assert_true(isnan(stats_median(all_nan, 2)));
    assert_true(isnan(stats_percentile(NULL, 0, 95)));
    assert_true(isnan(stats_mean(NULL, 0)));
}

/* The bench's blocks: the helper's keys inside a block of the caller's give the same text as the
 * helper's own block, and the median back; without samples the caller's "none". */
static void median_p95_json(void **state)
{
    (void)state;
    const float v[5] = {4, 1, 3, 2, 5};
    char *text[2] = {NULL, NULL};
    size_t len[2];
    float med = -1, empty = -1;
    for (int k = 0; k < 2; k++) {
        FILE *f = open_memstream(&text[k], &len[k]);
        assert_non_null(f);
        json_writer w;
        json_begin(&w, f);
        json_object_begin(&w, NULL);
        if (k == 0) stats_write_median_p95(&w, "ms", v, 5);
        else {
            json_object_begin(&w, "ms");
            med = stats_write_median_p95_keys(&w, v, 5, 0.0f);
            json_object_end(&w);
        }
        json_object_begin(&w, "none");
        if (k == 1) empty = stats_write_median_p95_keys(&w, v, 0, 0.0f);
        else stats_write_median_p95_keys(&w, v, 0, NAN);
        json_object_end(&w);
        json_object_end(&w);
        assert_true(json_end(&w));
        fclose(f);
    }
    assert_float_equal(med, 3.0f, 0);
    assert_float_equal(empty, 0.0f, 0);
    assert_non_null(strstr(text[0], "\"median\": null")); /* NAN: null, as a block of no samples */
    assert_non_null(strstr(text[1], "\"median\": 0"));
    assert_non_null(strstr(text[0], "\"p95\": 4.8"));
    assert_int_equal(strncmp(text[0], text[1], (size_t)(strstr(text[0], "\"none\"") - text[0])), 0);
    free(text[0]);
    free(text[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_known_sets),
        cmocka_unit_test(matches_reference_and_leaves_input),
        cmocka_unit_test(nan_and_empty),
        cmocka_unit_test(median_p95_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

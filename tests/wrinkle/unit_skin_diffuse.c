/* Pre-integrated skin diffuse (wrinkle/core/skin_diffuse.h, mirrored by wrinkle_skin.frag): on
 * grey albedo R, G and B are equal within 2 % at n.l = 1 for every curvature, and past the
 * terminator (n.l < 0) R >= G >= B, with red really reaching into the shadow on tight forms;
 * each channel rises with n.l, stays in [0, ~1] and is ~max(n.l, 0) on flat skin. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "wrinkle/core/skin_diffuse.h"

static const float curvatures[] = {0.0f, 4.0f, 8.0f, 12.5f, 20.0f, 33.0f, 50.0f, 80.0f, 120.0f, 400.0f};
#define NCURV (int)(sizeof curvatures / sizeof curvatures[0])

static void lit_grey_stays_grey(void **state)
{
    (void)state;
    for (int i = 0; i < NCURV; i++) {
        float c[3];
        skin_diffuse(1.0f, curvatures[i], c);
        float hi = fmaxf(c[0], fmaxf(c[1], c[2])), lo = fminf(c[0], fminf(c[1], c[2]));
        assert_true(hi - lo <= 0.02f * hi);
        assert_true(fabsf(c[1] - 1.0f) < 0.02f);
    }
}

static void the_terminator_bleeds_red(void **state)
{
    (void)state;
    for (int i = 0; i < NCURV; i++)
        for (float ndl = -0.99f; ndl < 0.0f; ndl += 0.01f) {
            float c[3];
            skin_diffuse(ndl, curvatures[i], c);
            assert_true(c[0] >= c[1] && c[1] >= c[2]);
            assert_true(c[2] >= 0.0f);
        }
    /* a nose-sized form (1.5 cm radius): red visibly past the terminator, blue nearly gone */
    float c[3];
    skin_diffuse(-0.1f, 1.0f / 0.015f, c);
    assert_true(c[0] > 0.08f && c[2] < 0.5f * c[0]);
}

static void rises_with_the_light_and_stays_bounded(void **state)
{
    (void)state;
    for (int i = 0; i < NCURV; i++) {
        float prev[3] = {-1.0f, -1.0f, -1.0f};
        for (float ndl = -1.0f; ndl <= 1.0f; ndl += 0.01f) {
            float c[3];
            skin_diffuse(ndl, curvatures[i], c);
            for (int k = 0; k < 3; k++) {
                assert_true(c[k] >= prev[k] - 1e-6f);
                assert_true(c[k] >= 0.0f && c[k] <= 1.001f);
                prev[k] = c[k];
            }
        }
    }
    /* flat skin: the plain clamped cosine, within a few per cent */
    for (float ndl = -1.0f; ndl <= 1.0f; ndl += 0.05f) {
        float c[3];
        skin_diffuse(ndl, 0.0f, c);
        assert_true(fabsf(c[2] - fmaxf(ndl, 0.0f)) < 0.02f);
    }
}

static void the_cdf_is_the_normal_cdf(void **state)
{
    (void)state;
    for (float x = -4.0f; x <= 4.0f; x += 0.25f) assert_true(fabsf(skin_phi_cdf(x) - 0.5f * erfcf(-x / sqrtf(2.0f))) < 1e-5f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lit_grey_stays_grey),
        cmocka_unit_test(the_terminator_bleeds_red),
        cmocka_unit_test(rises_with_the_light_and_stays_bounded),
        cmocka_unit_test(the_cdf_is_the_normal_cdf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The readable composed buffer (`dump wrinkle-view`): no face is black; a flat, unoccluded face
 * texel is mid grey (128, 128, 128); a tilt in x moves red WRINKLE_VIEW_GAIN
 * times as far as the stored value does, in y green; occlusion darkens. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "wrinkle/core/wrinkle_view.h"

static void decodes(void **state)
{
    (void)state;
    unsigned char c[3];
    wrinkle_view_rgb((float[]){1, 0.5f, 0.5f, 0}, c);
    assert_true(c[0] == 0 && c[1] == 0 && c[2] == 0);
    wrinkle_view_rgb((float[]){1, 0.5f, 0.5f, 1}, c);
    assert_int_equal(c[0], 128);
    assert_int_equal(c[1], 128);
    assert_int_equal(c[2], 128);
    wrinkle_view_rgb((float[]){1, 0.55f, 0.5f, 1}, c); /* stored +0.05: n.x = 0.1, red +0.3 */
    assert_in_range(c[0], 203, 205);
    assert_int_equal(c[1], 128);
    wrinkle_view_rgb((float[]){1, 0.5f, 0.45f, 1}, c);
    assert_in_range(c[1], 51, 53);
    unsigned char d[3];
    wrinkle_view_rgb((float[]){0.2f, 0.5f, 0.5f, 1}, d);
    assert_true(d[2] < 100 && d[0] < 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(decodes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

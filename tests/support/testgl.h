/* testgl.h — shared set-up for `gl` tests: one headless EGL context per test program.
 *
 *   int main(void) { ... return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown); }
 *
 * testgl_setup fails the group (and prints why) when no context can be made.
 * testgl_read_rgba8 reads back the colour attachment of the bound framebuffer.
 */
#ifndef IMPRINT_TESTGL_H
#define IMPRINT_TESTGL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gfx/gl.h"

int testgl_setup(void **state);
int testgl_teardown(void **state);
/* Asserts that no GL error is pending. */
void testgl_assert_no_error(void);

#endif

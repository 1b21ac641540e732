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
/* Runs the vertex stage of the bound program (linked with transform feedback varyings,
 * interleaved) over vertex_count points of vao with rasterization off, and reads the captured
 * floats_per_vertex floats of every vertex into out. A surfaceless context has no default
 * framebuffer, and draws need a complete one even with rasterization off: a 1x1 one is bound
 * for the draw. */
void testgl_feedback_run(GLuint vao, int vertex_count, int floats_per_vertex, float *out);

#endif

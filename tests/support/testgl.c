#include "testgl.h"

#include <stdio.h>

#include "core/base/log.h"
#include "gfx/headless.h"

static gfx_headless *testgl_ctx;

int testgl_setup(void **state)
{
    (void)state;
    testgl_ctx = gfx_headless_create();
    if (!testgl_ctx) {
        fprintf(stderr, "testgl: no headless GL context: %s\n", log_last_error());
        return -1;
    }
    return 0;
}

int testgl_teardown(void **state)
{
    (void)state;
    gfx_headless_destroy(testgl_ctx);
    testgl_ctx = NULL;
    return 0;
}

void testgl_assert_no_error(void)
{
    GLenum e = glGetError();
    if (e != GL_NO_ERROR) fprintf(stderr, "GL error 0x%x\n", e);
    assert_int_equal(e, GL_NO_ERROR);
}

/* The headless context is real: GL 3.3+ core, and a clear is read back from an FBO. */
#include "testgl.h"

#include <string.h>

static void context_is_core_33(void **state)
{
    (void)state;
    GLint major = 0, minor = 0, mask = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    assert_true(major * 10 + minor >= 33);
    assert_true(mask & GL_CONTEXT_CORE_PROFILE_BIT);
    testgl_assert_no_error();
}

static void clear_reads_back(void **state)
{
    (void)state;
    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, 8, 8);
    glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    uint8_t px[8 * 8 * 4];
    memset(px, 0, sizeof px);
    glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_int_equal(px[0], 255);
    assert_in_range(px[1], 127, 128);
    assert_int_equal(px[2], 0);
    assert_int_equal(px[8 * 8 * 4 - 1], 255);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    testgl_assert_no_error();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(context_is_core_33),
        cmocka_unit_test(clear_reads_back),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

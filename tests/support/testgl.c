#include "testgl.h"

#include <stdio.h>

#include "base/log.h"
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

void testgl_feedback_run(GLuint vao, int vertex_count, int floats_per_vertex, float *out)
{
    const GLsizeiptr bytes = (GLsizeiptr)vertex_count * floats_per_vertex * (GLsizeiptr)sizeof(float);
    GLuint fbo, tex, buf;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glGenBuffers(1, &buf);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, NULL, GL_STREAM_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(vao);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, vertex_count);
    glEndTransformFeedback();
    glBindVertexArray(0);
    glDisable(GL_RASTERIZER_DISCARD);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bytes, out);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glDeleteBuffers(1, &buf);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    testgl_assert_no_error();
}

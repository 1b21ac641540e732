/* Render-target passes (gfx_target_begin/_end, gfx_target_viewport, gfx_read_begin/_end): a pass
 * clears what it says, draws only into its (sub-)viewport, and its end gives back exactly the
 * framebuffer and viewport that were bound before, however deep the nesting. Pixels and GL state
 * are read back from the driver. */
#include "testgl.h"

#include <string.h>

#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"

static const char *vs_full =
    "#version 330 core\n"
    "void main() { vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2); gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0); }\n";
static const char *fs_white = "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";

static GLint bound_draw(void)
{
    GLint v = -1;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
    return v;
}

static GLint bound_read(void)
{
    GLint v = -1;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
    return v;
}

static void assert_viewport(int x, int y, int w, int h)
{
    GLint vp[4] = {-1, -1, -1, -1};
    glGetIntegerv(GL_VIEWPORT, vp);
    assert_int_equal(vp[0], x);
    assert_int_equal(vp[1], y);
    assert_int_equal(vp[2], w);
    assert_int_equal(vp[3], h);
}

static void make(gfx_target *t, int w, int h, GLenum depth)
{
    assert_true(gfx_target_create(t, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGBA8}, .depth = depth,
                                                        .label = "pass_test"}));
}

/* every pixel of t has the colour c (RGB) */
static void assert_filled(const gfx_target *t, unsigned char r, unsigned char g, unsigned char b)
{
    unsigned char px[32 * 32 * 4];
    assert_true(t->width * t->height <= 32 * 32);
    gfx_target_read_rgba8(t, px);
    for (int i = 0; i < t->width * t->height; i++) {
        assert_int_equal(px[i * 4 + 0], r);
        assert_int_equal(px[i * 4 + 1], g);
        assert_int_equal(px[i * 4 + 2], b);
    }
}

static void nested_passes_restore_the_outer_target(void **state)
{
    (void)state;
    gfx_state_invalidate();
    gfx_target a, b;
    make(&a, 16, 12, 0);
    make(&b, 8, 4, 0);
    /* whatever was bound before the outermost pass, with an odd viewport */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(1, 2, 3, 4);

    gfx_target_begin(&a, &(gfx_clear){.color = true, .rgba = {1, 0, 0, 1}});
    assert_int_equal(bound_draw(), (GLint)a.fbo);
    assert_viewport(0, 0, 16, 12);
    gfx_target_viewport(2, 3, 5, 6);
    assert_viewport(2, 3, 5, 6);

    gfx_target_begin(&b, &(gfx_clear){.color = true, .rgba = {0, 1, 0, 1}});
    assert_int_equal(bound_draw(), (GLint)b.fbo);
    assert_viewport(0, 0, 8, 4);
    /* a third level: the same target again, nothing cleared */
    gfx_target_begin(&b, NULL);
    assert_viewport(0, 0, 8, 4);
    gfx_target_end();
    assert_int_equal(bound_draw(), (GLint)b.fbo);
    gfx_target_end();

    /* back in a, with a's sub-viewport, not a's full size */
    assert_int_equal(bound_draw(), (GLint)a.fbo);
    assert_viewport(2, 3, 5, 6);
    gfx_target_end();
    assert_int_equal(bound_draw(), 0);
    assert_viewport(1, 2, 3, 4);

    /* the inner clear did not touch the outer target, and a pass without a clear keeps pixels */
    assert_filled(&a, 255, 0, 0);
    assert_filled(&b, 0, 255, 0);
    gfx_target_begin(&a, NULL);
    gfx_target_end();
    assert_filled(&a, 255, 0, 0);
    gfx_target_destroy(&a);
    gfx_target_destroy(&b);
    testgl_assert_no_error();
}

static void depth_clear_applies(void **state)
{
    (void)state;
    gfx_target t;
    make(&t, 4, 4, GL_DEPTH_COMPONENT24);
    gfx_target_begin(&t, NULL);
    glClearDepth(0.25);
    gfx_state_clear(GL_DEPTH_BUFFER_BIT);
    gfx_target_end();
    float d[16];
    gfx_read_begin(t.fbo);
    glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    gfx_read_end();
    assert_float_equal(d[5], 0.25f, 1e-4);
    /* colour false, depth true: the far plane, and the colour left alone */
    gfx_target_begin(&t, &(gfx_clear){.color = true, .rgba = {0, 0, 1, 1}});
    gfx_target_end();
    gfx_target_begin(&t, &(gfx_clear){.depth = true});
    gfx_target_end();
    gfx_read_begin(t.fbo);
    glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    gfx_read_end();
    for (int i = 0; i < 16; i++) assert_float_equal(d[i], 1.0f, 1e-4);
    assert_filled(&t, 0, 0, 255);
    gfx_target_destroy(&t);
    testgl_assert_no_error();
}

static void sub_viewport_draws_only_there(void **state)
{
    (void)state;
    GLuint prog = gfx_program_from_source("full.vert", vs_full, "white.frag", fs_white, NULL);
    assert_true(prog != 0 && !gfx_program_is_fallback(prog));
    gfx_target t;
    make(&t, 16, 12, 0);
    gfx_target_begin(&t, &(gfx_clear){.color = true, .rgba = {0, 0, 0, 1}});
    gfx_target_viewport(4, 2, 6, 5);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(prog);
    gfx_fullscreen_draw();
    glUseProgram(0);
    gfx_target_end();
    unsigned char px[16 * 12 * 4];
    gfx_target_read_rgba8(&t, px);
    int lit = 0;
    for (int y = 0; y < 12; y++)
        for (int x = 0; x < 16; x++) {
            bool inside = x >= 4 && x < 10 && y >= 2 && y < 7;
            assert_int_equal(px[(y * 16 + x) * 4], inside ? 255 : 0);
            lit += inside;
        }
    assert_int_equal(lit, 30);
    gfx_target_destroy(&t);
    glDeleteProgram(prog);
    testgl_assert_no_error();
}

/* NULL is the default framebuffer at the size the platform gave; an fbo the caller owns binds
 * the same way. */
static void default_and_borrowed_framebuffers(void **state)
{
    (void)state;
    gfx_target t;
    make(&t, 8, 8, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
    glViewport(0, 0, 8, 8);
    gfx_target_set_default_size(320, 180);
    gfx_target_begin(NULL, NULL);
    assert_int_equal(bound_draw(), 0);
    assert_viewport(0, 0, 320, 180);
    gfx_target_set_default_size(64, 48); /* a resize inside a pass takes effect at the next begin */
    gfx_target_begin(NULL, NULL);
    assert_viewport(0, 0, 64, 48);
    gfx_target_end();
    assert_viewport(0, 0, 320, 180);
    gfx_target_end();
    assert_int_equal(bound_draw(), (GLint)t.fbo);
    assert_viewport(0, 0, 8, 8);

    gfx_target_begin_fbo(t.fbo, 3, 2, &(gfx_clear){.color = true, .rgba = {1, 1, 0, 1}});
    assert_viewport(0, 0, 3, 2);
    gfx_target_end();
    assert_filled(&t, 255, 255, 0); /* a clear is not limited by the viewport */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gfx_target_destroy(&t);
    testgl_assert_no_error();
}

static void read_passes_nest(void **state)
{
    (void)state;
    gfx_target a, b;
    make(&a, 4, 4, 0);
    make(&b, 4, 4, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gfx_read_begin(a.fbo);
    assert_int_equal(bound_read(), (GLint)a.fbo);
    assert_int_equal(bound_draw(), 0); /* a read pass leaves the draw framebuffer alone */
    gfx_read_begin(b.fbo);
    assert_int_equal(bound_read(), (GLint)b.fbo);
    gfx_read_end();
    assert_int_equal(bound_read(), (GLint)a.fbo);
    gfx_read_end();
    assert_int_equal(bound_read(), 0);
    gfx_target_destroy(&a);
    gfx_target_destroy(&b);
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_passes_restore_the_outer_target),
        cmocka_unit_test(depth_clear_applies),
        cmocka_unit_test(sub_viewport_draws_only_there),
        cmocka_unit_test(default_and_borrowed_framebuffers),
        cmocka_unit_test(read_passes_nest),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

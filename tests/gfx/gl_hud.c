/* The HUD's font on a real driver: stb_truetype rasterizes the glyphs into the atlas (texels
 * written, at the size the rule asks for), the one text scale rule gives the expected pixel
 * height of drawn text at two framebuffer heights, and without the .ttf the stb_easy_font
 * fallback still draws at the rule's line height. */
#include "testgl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "gfx/hud.h"
#include "gfx/target.h"

/* DejaVu Sans Mono: capital height 1493 of 2048 font units; ascent 1901 + descent 483 = the
 * pixel height stb_truetype scales to. A capital H of scale-1 text is this fraction of the rule. */
#define CAP_OVER_PX (1493.0f / (1901.0f + 483.0f))

/* Rows (top and bottom, top-down) that hold lit pixels; false when none. */
static bool lit_rows(const unsigned char *px, int w, int h, int *top, int *bottom)
{
    *top = h;
    *bottom = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (px[(y * w + x) * 4 + 1] > 100) { /* green: the glyph, not its dark shadow */
                int row = h - 1 - y;           /* read back bottom-up */
                if (row < *top) *top = row;
                if (row > *bottom) *bottom = row;
            }
    return *bottom >= 0;
}

/* Draws "H" at scale 1 into a 64 x fb_height target; returns the lit height in pixels. */
static int drawn_cap_height(int fb_height)
{
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 64, .height = fb_height, .color = {GL_RGBA8}}));
    gfx_target_bind(&t);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    gfx_hud_begin(64, fb_height);
    gfx_hud_text(4, 4, 1.0f, (float[4]){1, 1, 1, 1}, "H");
    gfx_hud_end();
    unsigned char *px = malloc((size_t)64 * fb_height * 4);
    assert_non_null(px);
    gfx_target_read_rgba8(&t, px);
    int top, bottom;
    assert_true(lit_rows(px, 64, fb_height, &top, &bottom));
    free(px);
    gfx_target_destroy(&t);
    return bottom - top + 1;
}

static void glyphs_are_rasterized_into_the_atlas(void **state)
{
    (void)state;
    assert_true(gfx_hud_init());
    assert_true(gfx_hud_has_font());
    gfx_hud_begin(320, 180); /* the rule at 180 rows: the atlas is baked for it */
    int w, h;
    float baked;
    GLuint atlas = gfx_hud_atlas(&w, &h, &baked);
    assert_true(atlas != 0);
    assert_float_equal(baked, gfx_hud_text_px(180), 0.0f);
    unsigned char *texels = malloc((size_t)w * h);
    assert_non_null(texels);
    glBindTexture(GL_TEXTURE_2D, atlas);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
    long written = 0, solid = 0;
    for (long i = 0; i < (long)w * h; i++) {
        written += texels[i] > 0;
        solid += texels[i] > 200;
    }
    /* 94 visible glyphs of an 11 px font: thousands of covered texels, some fully inside strokes */
    assert_true(written > 2000);
    assert_true(solid > 300);
    /* a bigger framebuffer bakes again, bigger: more texels covered */
    gfx_hud_begin(1920, 1080);
    gfx_hud_atlas(&w, &h, &baked);
    assert_float_equal(baked, gfx_hud_text_px(1080), 0.0f);
    glBindTexture(GL_TEXTURE_2D, atlas);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
    long written_big = 0;
    for (long i = 0; i < (long)w * h; i++) written_big += texels[i] > 0;
    fprintf(stderr, "atlas texels covered: %ld at %.0f px, %ld at %.0f px\n", written, gfx_hud_text_px(180), written_big, baked);
    assert_true(written_big > 3 * written);
    free(texels);
    gfx_hud_end();
    gfx_hud_shutdown();
    testgl_assert_no_error();
}

static void the_scale_rule_sets_the_drawn_height(void **state)
{
    (void)state;
    /* the rule: one fortieth of the framebuffer height, never under 11 pixels */
    assert_float_equal(gfx_hud_text_px(180), 11.0f, 0.0f);
    assert_float_equal(gfx_hud_text_px(1080), 27.0f, 0.0f);
    assert_true(gfx_hud_init());
    const int heights[2] = {180, 1080};
    int cap[2];
    for (int i = 0; i < 2; i++) {
        cap[i] = drawn_cap_height(heights[i]);
        float want = CAP_OVER_PX * gfx_hud_text_px(heights[i]);
        fprintf(stderr, "capital H at %d rows: %d px drawn, %.1f expected\n", heights[i], cap[i], want);
        assert_true(fabsf((float)cap[i] - want) <= 1.5f);
        /* one line of text measures the rule's height */
        float tw, th;
        gfx_hud_measure("H", 1.0f, &tw, &th);
        assert_float_equal(th, gfx_hud_text_px(heights[i]), 0.01f);
    }
    assert_true(cap[1] > 2 * cap[0]);
    gfx_hud_shutdown();
    testgl_assert_no_error();
}

static void without_the_font_the_fallback_draws(void **state)
{
    (void)state;
    assert_true(gfx_hud_init_font("/nonexistent/imprint-test-font.ttf"));
    assert_false(gfx_hud_has_font());
    gfx_hud_begin(64, 1080);
    float line = gfx_hud_line_height(1.0f);
    gfx_hud_end();
    assert_true(fabsf(line - gfx_hud_text_px(1080) * 1.2f) < 0.01f);
    int cap = drawn_cap_height(1080); /* stb_easy_font: 7 of its 12-unit line */
    assert_true(fabsf((float)cap - line * 7.0f / 12.0f) <= 2.0f);
    gfx_hud_shutdown();
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glyphs_are_rasterized_into_the_atlas),
        cmocka_unit_test(the_scale_rule_sets_the_drawn_height),
        cmocka_unit_test(without_the_font_the_fallback_draws),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

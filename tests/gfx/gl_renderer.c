/* The rendering base: a box floating over the ground casts a shadow the camera sees, the sky
 * fills empty pixels, and the output is tone-mapped sRGB. Real frames, pixels read back. */
#include "testgl.h"

#include <string.h>

#include "base/camera.h"
#include "base/log.h"
#include "base/mesh.h"
#include "gfx/renderer.h"

enum { W = 160, H = 120 };

static float luma(const unsigned char *p) { return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]; }

/* Renders one frame looking straight down at the ground; returns the LDR pixels. */
static void render_top_down(renderer *r, const gfx_mesh *box, bool with_box, unsigned char *px)
{
    camera cam = {0};
    camera_look_at(&cam, (vec3){0, 12, 0.001f}, (vec3){0, 0, 0});
    mat4 view, proj, model;
    camera_matrices(&cam, (float)W / H, view, proj);
    glm_translate_make(model, (vec3){0, 2, 0});
    renderer_set_shadow_focus(r, (vec3){0, 1, 0}, 6.0f);
    renderer_begin_frame(r, view, proj, cam.pos, 0.0f);
    renderer_shadow_begin(r);
    if (with_box) renderer_draw_caster(r, box, model);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    renderer_draw_ground(r);
    renderer_opaque_end(r);
    renderer_finish(r);
    gfx_target_read_rgba8(renderer_ldr(r), px);
}

static void box_casts_shadow_on_ground(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 512});
    assert_non_null(r);
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){1, 0.5f, 1}, 1);
    gfx_mesh box = gfx_mesh_create(&m, "box");
    static unsigned char lit[W * H * 4], shadowed[W * H * 4];
    render_top_down(r, &box, false, lit);
    render_top_down(r, &box, true, shadowed);
    /* The caster is not drawn in the main pass: only the shadow differs. It falls away from the
     * sun (towards -x, -z of the box); count pixels that got clearly darker. */
    int darker = 0, brighter = 0;
    for (int i = 0; i < W * H; i++) {
        float d = luma(shadowed + i * 4) - luma(lit + i * 4);
        if (d < -20) darker++;
        if (d > 20) brighter++;
    }
    assert_true(darker > 200);  /* a 2 m x 2 m shadow seen from 12 m up covers hundreds of pixels */
    assert_int_equal(brighter, 0);
    /* the lit ground is neither black nor blown out: tone mapping + sRGB did their job */
    float centre = luma(lit + (H / 2 * W + W / 2) * 4);
    assert_true(centre > 60 && centre < 250);
    gfx_mesh_destroy(&box);
    mesh_data_free(&m);
    renderer_destroy(r);
    testgl_assert_no_error();
}

static void sky_fills_the_horizon(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 256});
    assert_non_null(r);
    camera cam = {0};
    camera_look_at(&cam, (vec3){0, 2, 0}, (vec3){0, 2.5f, -10});
    mat4 view, proj;
    camera_matrices(&cam, (float)W / H, view, proj);
    renderer_begin_frame(r, view, proj, cam.pos, 0.0f);
    renderer_shadow_begin(r);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    renderer_opaque_end(r);
    renderer_finish(r);
    static unsigned char px[W * H * 4];
    gfx_target_read_rgba8(renderer_ldr(r), px);
    const unsigned char *top = px + ((H - 1) * W + W / 2) * 4;
    assert_true(top[2] > top[0]); /* sky is blue-ish at the top */
    assert_true(luma(top) > 40);
    renderer_destroy(r);
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(box_casts_shadow_on_ground),
        cmocka_unit_test(sky_fills_the_horizon),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

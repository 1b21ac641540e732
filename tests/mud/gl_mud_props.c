/* Plants and mud chunks on the GPU (src/mud/props): one instanced draw per model, the plants that
 * are seen drawn and those behind the camera culled, trees casting shadows on the ground, and the
 * physics view showing the collision shapes. Real frames on a flat level, pixels read back. */
#include "testgl.h"

#include <math.h>
#include <string.h>

#include "base/camera.h"
#include "base/log.h"
#include "mud/core/physics.h"
#include "gfx/renderer.h"
#include "mud/scene/props.h"

enum { W = 160, H = 120 };

static float luma(const unsigned char *p) { return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]; }

typedef struct world {
    mud_sim *sim;
    mud_physics *ph;
} world;

static world make_world(void)
{
    world w;
    w.sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true}});
    w.ph = mud_physics_create(w.sim, &(mud_physics_desc){.seed = 1});
    mud_sim_place_truck(w.sim, 64, 40, 0);
    for (int i = 0; i < 5; i++) mud_physics_add_plant(w.ph, PLANT_TREE, 58.0f + 3.0f * (float)i, 60, 7.0f);
    mud_physics_add_plant(w.ph, PLANT_ROCK, 60, 52, 0.8f);
    mud_physics_add_plant(w.ph, PLANT_ROCK, 68, 52, 0.6f);
    mud_physics_add_plant(w.ph, PLANT_TREE, 64, 20, 7.0f); /* behind the camera */
    for (int i = 0; i < 3; i++) mud_physics_add_chunk(w.ph, 61.0f + 3.0f * (float)i, 48, 1.0f);
    for (int f = 0; f < 30; f++) mud_physics_drive(w.ph, &(vehicle_input){0}, 1.0f / 60.0f);
    return w;
}

static void free_world(world *w)
{
    mud_physics_destroy(w->ph);
    mud_sim_destroy(w->sim);
}

/* One frame from behind the truck looking along +z; props in the shadow and/or main pass. */
static void render(renderer *r, mud_props *mp, world *w, bool shadow, bool main, unsigned char *px)
{
    camera cam = {0};
    camera_look_at(&cam, (vec3){64, 6, 30}, (vec3){64, 2, 60});
    mat4 view, proj, vp;
    camera_matrices(&cam, (float)W / H, view, proj);
    renderer_set_shadow_focus(r, (vec3){64, 2, 55}, 20.0f);
    renderer_begin_frame(r, view, proj, cam.pos, 0.0f);
    const renderer_frame *f = renderer_frame_uniforms(r);
    renderer_shadow_begin(r);
    glm_mat4_copy((vec4 *)f->light_viewproj, vp);
    if (shadow) mud_props_draw(mp, MUD_PASS_SHADOW, vp, (vec3){64, 2, 55}, w->ph, MUD_PROPS_ALL);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    renderer_draw_ground(r);
    glm_mat4_copy((vec4 *)f->viewproj, vp);
    if (main) mud_props_draw(mp, MUD_PASS_MAIN, vp, cam.pos, w->ph, MUD_PROPS_ALL);
    renderer_opaque_end(r);
    renderer_finish(r);
    gfx_target_read_rgba8(renderer_ldr(r), px);
}

static void one_draw_per_model_and_culling(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 512});
    mud_props *mp = mud_props_create(NULL);
    assert_non_null(mp);
    world w = make_world();
    static unsigned char none[W * H * 4], with[W * H * 4];
    render(r, mp, &w, false, false, none);
    render(r, mp, &w, true, true, with);
    const mud_props_stats *st = mud_props_get_stats(mp);
    assert_int_equal(st->plants_drawn, 7); /* five trees and two rocks; the tree behind is culled */
    assert_int_equal(st->chunks_drawn, 3);
    assert_int_equal(st->draws, 3); /* trees, rocks, chunks: one instanced draw each */
    int changed = 0, green = 0;
    for (int i = 0; i < W * H; i++) {
        const unsigned char *a = none + i * 4, *b = with + i * 4;
        if (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]) > 30) changed++;
        if (b[1] > b[0] + 8 && b[1] > b[2] + 8) green++; /* the crowns */
    }
    assert_true(changed > 600);
    assert_true(green > 150);
    free_world(&w);
    mud_props_destroy(mp);
    mud_props_destroy(NULL);
    renderer_destroy(r);
    testgl_assert_no_error();
}

static void trees_cast_shadows(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 1024});
    mud_props *mp = mud_props_create(NULL);
    world w = make_world();
    static unsigned char lit[W * H * 4], shadowed[W * H * 4];
    render(r, mp, &w, false, false, lit);
    render(r, mp, &w, true, false, shadowed); /* casters only: what changes is the ground's shadow */
    int darker = 0, brighter = 0;
    for (int i = 0; i < W * H; i++) {
        float d = luma(shadowed + i * 4) - luma(lit + i * 4);
        darker += d < -15;
        brighter += d > 15;
    }
    assert_true(darker > 100);
    assert_int_equal(brighter, 0);
    free_world(&w);
    mud_props_destroy(mp);
    renderer_destroy(r);
    testgl_assert_no_error();
}

static void physics_view_shows_the_shapes(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 256});
    mud_props *mp = mud_props_create(NULL);
    world w = make_world();
    camera cam = {0};
    camera_look_at(&cam, (vec3){64, 8, 28}, (vec3){64, 1, 48});
    mat4 view, proj;
    camera_matrices(&cam, (float)W / H, view, proj);
    renderer_begin_frame(r, view, proj, cam.pos, 0.0f);
    GLuint tex = mud_props_physics_view(mp, w.ph, W, H);
    assert_true(tex != 0);
    static unsigned char px[W * H * 4];
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindTexture(GL_TEXTURE_2D, 0);
    int white = 0, green = 0, brown = 0;
    for (int i = 0; i < W * H; i++) {
        const unsigned char *p = px + i * 4;
        if (p[0] > 90 && abs(p[0] - p[1]) < 20 && abs(p[1] - p[2]) < 25) white++;       /* the truck */
        if (p[1] > 60 && p[1] > p[0] + 25 && p[1] > p[2] + 25) green++;                  /* trees, rocks */
        if (p[0] > 50 && p[0] > p[1] + 15 && p[1] > p[2] + 5) brown++;                   /* chunks */
    }
    assert_true(white > 200); /* 160 x 120: the chassis box covers ~300 pixels, a rock ~20, a chunk ~10 */
    assert_true(green > 25);
    assert_true(brown > 15);
    free_world(&w);
    mud_props_destroy(mp);
    renderer_destroy(r);
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_draw_per_model_and_culling),
        cmocka_unit_test(trees_cast_shadows),
        cmocka_unit_test(physics_view_shows_the_shapes),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

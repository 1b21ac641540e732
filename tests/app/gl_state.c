/* One owner of GL state (gfx/state.h): the cache skips redundant calls and an invalidate
 * re-applies everything; and every module's draw gives the same pixels whatever was drawn
 * before it (damage armor, mud terrain, wrinkle head, billboards, dissolve, lit meshes, HUD,
 * panels), including after a foreign piece of code left hostile raw GL state behind. */
#include "testgl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "base/log.h"
#include "base/mesh.h"
#include "damage/core/robot.h"
#include "mud/core/mud_sim.h"
#include "damage/damage.h"
#include "damage/robot_damage.h"
#include "dissolve/dissolve.h"
#include "gfx/hud.h"
#include "gfx/panel.h"
#include "gfx/renderer.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"
#include "mud/mud.h"
#include "wrinkle/wrinkle.h"

enum { W = 160, H = 90 };

typedef struct fixture {
    renderer *r;
    gfx_target scratch, out;
    const gfx_target *cur; /* where the drawer in turn draws */
    robot *rb;
    damage_map *dm;
    robot_damage rd;
    mat4 plates[ROBOT_PLATE_COUNT];
    float blast[4];
    mud_sim *sim;
    mud_renderer *mr;
    wrinkle *wr;
    bb_renderer *bb;
    particles *pool;
    dissolve *dv;
    gfx_mesh box, tube, ball;
} fixture;

static fixture fx;

/* ---- the cache ---- */

static void expect_gl_matches(gfx_state s)
{
    GLint func = 0, cull = 0, eq = 0, src = 0, dst = 0;
    GLboolean mask = 0, cmask[4] = {0};
    assert_int_equal(glIsEnabled(GL_DEPTH_TEST), (s & GFX_DEPTH_TEST_MASK) != 0);
    if (s & GFX_DEPTH_TEST_MASK) {
        glGetIntegerv(GL_DEPTH_FUNC, &func);
        assert_int_equal(func, (s & GFX_DEPTH_TEST_MASK) == GFX_DEPTH_LEQUAL ? GL_LEQUAL : GL_LESS);
    }
    glGetBooleanv(GL_DEPTH_WRITEMASK, &mask);
    assert_int_equal(mask, (s & GFX_DEPTH_WRITE) != 0);
    assert_int_equal(glIsEnabled(GL_CULL_FACE), (s & GFX_CULL_MASK) != 0);
    if (s & GFX_CULL_MASK) {
        glGetIntegerv(GL_CULL_FACE_MODE, &cull);
        assert_int_equal(cull, (s & GFX_CULL_MASK) == GFX_CULL_FRONT ? GL_FRONT : GL_BACK);
    }
    assert_int_equal(glIsEnabled(GL_BLEND), (s & GFX_BLEND_MASK) != 0);
    if (s & GFX_BLEND_MASK) {
        glGetIntegerv(GL_BLEND_EQUATION_RGB, &eq);
        glGetIntegerv(GL_BLEND_SRC_RGB, &src);
        glGetIntegerv(GL_BLEND_DST_RGB, &dst);
        switch (s & GFX_BLEND_MASK) {
        case GFX_BLEND_ALPHA:
            assert_true(eq == GL_FUNC_ADD && src == GL_SRC_ALPHA && dst == GL_ONE_MINUS_SRC_ALPHA);
            break;
        case GFX_BLEND_ADD:
            assert_true(eq == GL_FUNC_ADD && src == GL_SRC_ALPHA && dst == GL_ONE);
            break;
        default:
            assert_int_equal(eq, GL_MAX);
        }
    }
    glGetBooleanv(GL_COLOR_WRITEMASK, cmask);
    for (int i = 0; i < 4; i++) assert_int_equal(cmask[i], !(s & GFX_COLOR_OFF));
    assert_int_equal(glIsEnabled(GL_SCISSOR_TEST), (s & GFX_SCISSOR) != 0);
    assert_int_equal(glIsEnabled(GL_POLYGON_OFFSET_FILL), (s & GFX_OFFSET_SHADOW) != 0);
    if (s & GFX_OFFSET_SHADOW) {
        GLfloat f = 0, u = 0;
        glGetFloatv(GL_POLYGON_OFFSET_FACTOR, &f);
        glGetFloatv(GL_POLYGON_OFFSET_UNITS, &u);
        assert_true(f == 1.5f && u == 2.0f);
    }
    testgl_assert_no_error();
}

static long long calls_of(gfx_state s)
{
    long long before = gfx_state_get_counters().gl_calls;
    gfx_state_set(s);
    return gfx_state_get_counters().gl_calls - before;
}

static void cache_skips_redundant_calls_and_invalidate_reapplies(void **state)
{
    (void)state;
    const gfx_state all[] = {0, GFX_STATE_OPAQUE, GFX_STATE_OPAQUE_TWO_SIDED, GFX_STATE_CASTER, GFX_DEPTH_LEQUAL,
                             GFX_DEPTH_LESS | GFX_BLEND_ALPHA, GFX_DEPTH_LESS | GFX_BLEND_ADD, GFX_BLEND_MAX,
                             GFX_CULL_FRONT | GFX_COLOR_OFF | GFX_SCISSOR | GFX_DEPTH_WRITE};
    const int n = (int)(sizeof all / sizeof all[0]);
    gfx_target_bind(&fx.out); /* a surfaceless context has no default framebuffer to clear */
    gfx_state_invalidate();
    /* from an unknown cache every field is applied: 8 switches/masks at least */
    assert_true(calls_of(GFX_STATE_OPAQUE) >= 8);
    expect_gl_matches(GFX_STATE_OPAQUE);
    /* the same value again costs nothing, as many times as it is set */
    long long sets0 = gfx_state_get_counters().sets;
    for (int i = 0; i < 100; i++) assert_int_equal(calls_of(GFX_STATE_OPAQUE), 0);
    assert_int_equal(gfx_state_get_counters().sets - sets0, 100);
    /* one field that differs: only its calls */
    assert_int_equal(calls_of(GFX_STATE_OPAQUE_TWO_SIDED), 1); /* glDisable(GL_CULL_FACE) */
    assert_int_equal(calls_of(GFX_STATE_OPAQUE), 2);           /* glEnable + glCullFace */
    assert_int_equal(calls_of(GFX_STATE_OPAQUE | GFX_COLOR_OFF), 1);
    /* every transition between the states the modules use leaves GL exactly as declared */
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            gfx_state_set(all[a]);
            gfx_state_set(all[b]);
            assert_int_equal(gfx_state_get(), all[b]);
            expect_gl_matches(all[b]);
            assert_int_equal(calls_of(all[b]), 0);
        }
    /* code behind the module's back (a UI backend): the cache cannot know ... */
    gfx_state_set(GFX_STATE_OPAQUE);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glCullFace(GL_FRONT);
    assert_int_equal(calls_of(GFX_STATE_OPAQUE), 0);
    assert_false(glIsEnabled(GL_DEPTH_TEST));
    /* ... until it is told: invalidate, and the next set applies every field again */
    gfx_state_invalidate();
    assert_true(calls_of(GFX_STATE_OPAQUE) >= 8);
    expect_gl_matches(GFX_STATE_OPAQUE);
    /* the scissor rectangle is cached the same way */
    gfx_state_scissor(1, 2, 3, 4);
    long long c0 = gfx_state_get_counters().gl_calls;
    gfx_state_scissor(1, 2, 3, 4);
    assert_int_equal(gfx_state_get_counters().gl_calls, c0);
    GLint box[4];
    glGetIntegerv(GL_SCISSOR_BOX, box);
    assert_true(box[0] == 1 && box[1] == 2 && box[2] == 3 && box[3] == 4);
    /* a clear turns the write masks on (and the scissor off) through the cache */
    gfx_state_set(GFX_COLOR_OFF | GFX_SCISSOR | GFX_CULL_BACK);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    expect_gl_matches(GFX_DEPTH_WRITE | GFX_CULL_BACK);
}

/* ---- every module after every other ---- */


static void camera(const vec3 eye, const vec3 target, mat4 view, mat4 proj)
{
    glm_lookat((float *)eye, (float *)target, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(50.0f), (float)W / (float)H, 0.1f, 300.0f, proj);
    renderer_begin_frame(fx.r, view, proj, eye, 0.0f);
}

static void draw_armor(void)
{
    mat4 v, p;
    camera((vec3){0.4f, 1.5f, 2.6f}, (vec3){0, 1.3f, 0}, v, p);
    damage_draw(fx.dm, &(damage_draw_desc){.pose = {.models = (const mat4 *)fx.plates}}, DAMAGE_PASS_MAIN);
}

static void draw_mud(void)
{
    mat4 v, p, vp;
    vec3 eye = {40, 12, 20};
    camera(eye, (vec3){64, 4, 64}, v, p);
    glm_mat4_mul(p, v, vp);
    mud_renderer_draw(fx.mr, MUD_PASS_MAIN, vp, eye);
}

static void draw_wrinkle(void)
{
    mat4 v, p, model = GLM_MAT4_IDENTITY_INIT;
    camera((vec3){0.3f, 0.2f, 2.6f}, (vec3){0, 0, 0}, v, p);
    wrinkle_compose(fx.wr, &fx.ball, model); /* a pre-pass into its own buffer, as in a frame */
    gfx_target_bind(fx.cur);
    wrinkle_draw_skin(fx.wr, &fx.ball, model, (vec3){0.32f, 0.18f, 0.13f});
}

static void draw_bb(void)
{
    mat4 v, p;
    camera((vec3){0, 0, 6}, (vec3){0, 0, 0}, v, p);
    bb_renderer_build(fx.bb, fx.pool, v, p);
    bb_renderer_draw(fx.bb, &(bb_draw_params){.width = W, .height = H, .ambient = {0.8f, 0.8f, 0.8f}});
}

static void draw_dissolve(void)
{
    mat4 v, p, model = GLM_MAT4_IDENTITY_INIT;
    camera((vec3){1.6f, 1.4f, 2.4f}, (vec3){0, 0, 0}, v, p);
    dissolve_params dp = dissolve_params_defaults();
    dp.amount = 0.45f;
    dp.mode = DISSOLVE_MODE_PUSH;
    dissolve_draw_mesh(fx.dv, &fx.box, model, (vec3){0.6f, 0.6f, 0.65f}, NULL, &dp, DISSOLVE_PASS_MAIN);
}

/* An open tube seen from above: its inside shows whether back faces are culled (the path of
 * the truck and the eyes, which once drew two-sided only because the module before left it so). */
static void draw_lit(void)
{
    mat4 v, p, model = GLM_MAT4_IDENTITY_INIT;
    camera((vec3){0.0f, 2.2f, 1.2f}, (vec3){0, 0.3f, 0}, v, p);
    renderer_draw_lit(fx.r, &fx.tube, model, (vec3){0.7f, 0.3f, 0.2f}, NULL);
    renderer_draw_ground(fx.r);
}

static void draw_hud(void)
{
    gfx_hud_begin(W, H);
    gfx_hud_rect(10, 10, 100, 40, (float[4]){0.2f, 0.4f, 0.9f, 0.6f});
    gfx_hud_text(14, 14, 2.0f, (float[4]){1, 1, 0.5f, 0.8f}, "state");
    gfx_hud_end();
}

static void draw_panel(void)
{
    gfx_panel_draw(damage_map_texture(fx.dm), 20, 5, 120, 80, GFX_PANEL_RGB, W, H);
}

/* predecessors only: they draw elsewhere, but leave their state */
static void draw_nothing(void) {}

static void draw_hostile(void)
{
    /* what a foreign renderer (a UI backend) might leave; it then invalidates the cache */
    glEnable(GL_CULL_FACE);
    glCullFace(GL_FRONT);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
    glBlendFunc(GL_ONE, GL_ONE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_GREATER);
    glDepthMask(GL_FALSE);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 7, 7);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-40.0f, -40.0f);
    gfx_state_invalidate();
}

static void draw_unwrap(void)
{
    /* the bench runs the real unwrap (max blending, no depth) into a scratch target */
    damage_bench_unwrap(fx.dm, &fx.rd.blast_pose, (const float (*)[4])&fx.blast, 1, false, 1);
}

static void draw_casters(void)
{
    mat4 model = GLM_MAT4_IDENTITY_INIT;
    renderer_draw_caster(fx.r, &fx.tube, model);
    mud_renderer_draw(fx.mr, MUD_PASS_SHADOW, model, (vec3){64, 4, 64});
    dissolve_draw_mesh(fx.dv, &fx.box, model, NULL, NULL, &(dissolve_params){0}, DISSOLVE_PASS_SHADOW);
}

typedef struct drawer {
    const char *name;
    void (*draw)(void);
    bool output; /* also checked as the one drawn second */
} drawer;

static const drawer drawers[] = {
    {"nothing", draw_nothing, false},  {"hostile raw state", draw_hostile, false},
    {"damage unwrap", draw_unwrap, false}, {"shadow casters", draw_casters, false},
    {"damage armor", draw_armor, true}, {"mud terrain", draw_mud, true},
    {"wrinkle head", draw_wrinkle, true}, {"billboards", draw_bb, true},
    {"dissolve mesh", draw_dissolve, true}, {"lit mesh", draw_lit, true},
    {"hud", draw_hud, true},           {"panel", draw_panel, true},
};
enum { NDRAWERS = sizeof drawers / sizeof drawers[0] };

/* b drawn into a cleared target right after a drew elsewhere (nothing cleared in between, so
 * everything a left behind is still set). */
static void render_pair(int a, int b, unsigned char *px)
{
    gfx_target_bind(&fx.out);
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gfx_target_bind(fx.cur = &fx.scratch);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    drawers[a].draw();
    gfx_target_bind(fx.cur = &fx.out);
    drawers[b].draw();
    gfx_target_read_rgba8(&fx.out, px);
    testgl_assert_no_error();
}

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc) return rc;
    gfx_timers_init();
    log_set_quiet(true);
    if (!gfx_hud_init() || !gfx_panel_init()) return -1;
    fx.r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 256});
    if (!fx.r) return -1;
    const gfx_target_desc td = {.width = W, .height = H, .color = {GL_RGBA8}, .depth = GL_DEPTH_COMPONENT24};
    gfx_target_desc a = td, b = td;
    a.label = "test.scratch";
    b.label = "test.out";
    if (!gfx_target_create(&fx.scratch, &a) || !gfx_target_create(&fx.out, &b)) return -1;
    /* a shadow map cleared to "lit", bound where lit programs read it */
    renderer_shadow_begin(fx.r);
    renderer_shadow_end(fx.r);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SHADOW);
    glBindTexture(GL_TEXTURE_2D, renderer_shadow_map(fx.r));
    glActiveTexture(GL_TEXTURE0);

    fx.rb = robot_create(NULL);
    fx.dm = fx.rb ? robot_damage_create(&fx.rd, fx.rb, NULL) : NULL;
    if (!fx.dm) return -1;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) glm_mat4_copy(fx.rb->plates[p].rest, fx.plates[p]);
    /* a hole in the chest, so the two-sided armor shows its inside */
    const float c[4] = {0.02f, 1.4f, 0.2f, 0.12f};
    memcpy(fx.blast, c, sizeof c);
    damage_blast(fx.dm, c, c[3], &fx.rd.blast_pose);
    damage_map_prepare(fx.dm, NULL);

    fx.sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f,
                                                         .flat_softness = 0.6f, .flat_mud = 1.0f}});
    fx.mr = fx.sim ? mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(fx.sim), .slots = 8}) : NULL;
    if (!fx.mr) return -1;
    mudfield_stamp(mud_sim_field(fx.sim), &(mudfield_wheel){.center = {64, 4.3f, 64}, .radius = 0.55f, .width = 0.42f,
                                                           .forward = {0, 1}, .penetration = 0.25f});
    mud_renderer_update(fx.mr, (vec3){64, 4, 64});

    fx.wr = wrinkle_create(&(wrinkle_desc){.width = W, .height = H});
    if (!fx.wr) return -1;
    float weights[WRINKLE_LAYER_COUNT] = {0};
    weights[0] = 1.0f;
    weights[1] = 0.6f;
    wrinkle_set_weights(fx.wr, weights);

    fx.pool = particles_create(&(particles_desc){.capacity = 16});
    fx.bb = bb_renderer_create(&(bb_desc){.capacity = 16});
    if (!fx.pool || !fx.bb) return -1;
    const struct { int atlas, blend; float x, y, size; } parts[] = {
        {BB_ATLAS_SMOKE, BB_BLEND_ALPHA, -0.4f, 0.0f, 2.2f}, {BB_ATLAS_FIRE, BB_BLEND_ALPHA, 0.3f, 0.1f, 1.8f},
        {BB_ATLAS_SPARK, BB_BLEND_ADDITIVE, 0.0f, -0.2f, 1.5f}, {BB_ATLAS_SPARK, BB_BLEND_ADDITIVE, 0.2f, 0.0f, 1.5f}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        particle q = particle_init(parts[i].atlas, parts[i].blend);
        q.pos[0] = parts[i].x;
        q.pos[1] = parts[i].y;
        q.pos[2] = 0.1f * (float)i;
        q.size = parts[i].size;
        q.frame0 = (uint8_t)(10 + 7 * i);
        particles_add(fx.pool, &q);
    }

    fx.dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    if (!fx.dv) return -1;
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){0.6f, 0.6f, 0.6f}, 8);
    fx.box = gfx_mesh_create(&m, "test.box");
    mesh_data_free(&m);
    mesh_build_cylinder(&m, 0.5f, 0.6f, 24, 0);
    fx.tube = gfx_mesh_create(&m, "test.tube");
    mesh_data_free(&m);
    mesh_build_sphere(&m, 0.8f, 32, 16);
    mesh_compute_tangents(&m);
    fx.ball = gfx_mesh_create(&m, "test.ball");
    mesh_data_free(&m);
    testgl_assert_no_error();
    return 0;
}

static int teardown(void **state)
{
    gfx_mesh_destroy(&fx.box);
    gfx_mesh_destroy(&fx.tube);
    gfx_mesh_destroy(&fx.ball);
    dissolve_destroy(fx.dv);
    bb_renderer_destroy(fx.bb);
    particles_destroy(fx.pool);
    wrinkle_destroy(fx.wr);
    mud_renderer_destroy(fx.mr);
    mud_sim_destroy(fx.sim);
    damage_map_destroy(fx.dm);
    robot_destroy(fx.rb);
    gfx_target_destroy(&fx.scratch);
    gfx_target_destroy(&fx.out);
    renderer_destroy(fx.r);
    gfx_panel_shutdown();
    gfx_hud_shutdown();
    gfx_timers_shutdown();
    return testgl_teardown(state);
}

static void every_module_draws_the_same_whatever_came_before(void **state)
{
    (void)state;
    const size_t bytes = (size_t)W * H * 4;
    unsigned char *ref = malloc(bytes), *px = malloc(bytes);
    int failures = 0;
    for (int b = 0; b < NDRAWERS; b++) {
        if (!drawers[b].output) continue;
        render_pair(0, b, ref);
        /* the reference shows the module: many pixels differ from the clear colour */
        int drawn = 0;
        for (size_t i = 0; i < (size_t)W * H; i++)
            drawn += abs(ref[i * 4] - 26) + abs(ref[i * 4 + 1] - 26) + abs(ref[i * 4 + 2] - 26) > 6;
        if (drawn < W * H / 50) {
            fprintf(stderr, "%s draws almost nothing (%d pixels)\n", drawers[b].name, drawn);
            failures++;
        }
        for (int a = 0; a < NDRAWERS; a++) {
            render_pair(a, b, px);
            size_t differ = 0;
            for (size_t i = 0; i < bytes; i++) differ += px[i] != ref[i];
            if (differ) {
                fprintf(stderr, "%s after %s: %zu bytes differ from %s alone\n", drawers[b].name, drawers[a].name,
                        differ, drawers[b].name);
                failures++;
            }
        }
    }
    free(ref);
    free(px);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cache_skips_redundant_calls_and_invalidate_reapplies),
        cmocka_unit_test(every_module_draws_the_same_whatever_came_before),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

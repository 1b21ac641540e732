/* The caller's atlases (bb_desc.atlases) on a real GL driver: bad input is one log line naming
 * the field and no renderer; eight atlases of the caller's pixels each draw their own colour, a
 * GL texture of the caller's draws as its pixels would; an atlas of another grid shows the cell
 * the CPU mirror picks with every batcher; no atlases is one soft white disc. */
#include "testgl.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "bb/bb.h"
#include "bb/core/bb_anim.h"
#include "gfx/state.h"
#include "gfx/target.h"

enum { W = 256, H = 256, S = 32 };

static void bad_input_is_one_line_naming_the_field(void **state)
{
    (void)state;
    static uint8_t px[S * S * 4];
    const bb_atlas good = {.pixels = px, .width = S, .height = S};
    bb_atlas nine[9];
    for (int i = 0; i < 9; i++) nine[i] = good;
    bb_atlas a[2] = {good, good};
    const struct {
        const char *field;
        bb_atlas second; /* atlases[1] */
        int count;
        bool null_atlases;
    } cases[] = {
        {"atlas_count", {0}, 9, false},
        {"atlas_count", {0}, -1, false},
        {"bb_desc.atlases is NULL", {0}, 2, true},
        {"atlases[1] has neither pixels nor a texture", {.width = S, .height = S}, 2, false},
        {"atlases[1].grid", {.pixels = px, .width = S, .height = S, .grid = {4, 0}}, 2, false},
        {"atlases[1].grid", {.pixels = px, .width = S, .height = S, .grid = {0, 3}}, 2, false},
        {"atlases[1].grid", {.pixels = px, .width = S, .height = S, .grid = {-2, 4}}, 2, false},
        {"atlases[1].grid", {.pixels = px, .width = S, .height = S, .grid = {16, 8}}, 2, false},
        {"atlases[1].width x height", {.pixels = px, .width = 0, .height = S}, 2, false},
        {"atlases[1].width x height", {.pixels = px, .width = S / 2, .height = S / 2}, 2, false},
        {"atlases[1].emission", {.pixels = px, .width = S, .height = S, .emission = -1.0f}, 2, false},
        {"atlases[1].texture", {.texture = 987654, .width = S, .height = S}, 2, false},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        a[1] = cases[k].second;
        const bb_atlas *list = cases[k].null_atlases ? NULL : cases[k].count > 2 ? nine : a;
        const int before = log_error_count();
        bb_renderer *r = bb_renderer_create(&(bb_desc){.capacity = 4, .atlases = list, .atlas_count = cases[k].count});
        while (glGetError() != GL_NO_ERROR) {
        } /* the unreadable texture's attach is a GL error by design */
        if (r || log_error_count() != before + 1 || !strstr(log_last_error(), cases[k].field))
            fail_msg("case %zu: renderer %p, %d errors, last \"%s\"; want NULL, one error naming \"%s\"", k, (void *)r,
                     log_error_count() - before, log_last_error(), cases[k].field);
    }
    /* and the good ones make a renderer: eight, a texture's copy, the default */
    bb_renderer *r = bb_renderer_create(&(bb_desc){.capacity = 4, .atlases = nine, .atlas_count = 8});
    assert_non_null(r);
    bb_renderer_destroy(r);
    testgl_assert_no_error();
}

typedef struct view {
    gfx_target t;
    mat4 view, proj, vp;
} view;

static void view_begin(view *v)
{
    assert_true(gfx_target_create(&v->t, &(gfx_target_desc){.width = W, .height = H, .color = {GL_RGBA8},
                                                               .depth = GL_DEPTH_COMPONENT24, .label = "test"}));
    glm_lookat((vec3){0, 0, 10}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, v->view);
    glm_perspective(glm_rad(45.0f), 1.0f, 0.1f, 100.0f, v->proj);
    glm_mat4_mul(v->proj, v->view, v->vp);
}

static uint8_t *draw(view *v, bb_renderer *r, const particles *p)
{
    gfx_target_begin(&v->t, &(gfx_clear){.color = true, .rgba = {0, 0, 0, 1}, .depth = true});
    bb_renderer_build(r, p, v->view, v->proj);
    bb_renderer_draw(r, &(bb_draw_params){.width = W, .height = H, .no_frame_blend = true});
    gfx_target_end();
    uint8_t *px = malloc(W * H * 4);
    gfx_target_read_rgba8(&v->t, px);
    testgl_assert_no_error();
    return px;
}

static const uint8_t *at(const uint8_t *px, const view *v, const float p[3])
{
    vec4 clip;
    glm_mat4_mulv(*(mat4 *)&v->vp, (vec4){p[0], p[1], p[2], 1.0f}, clip);
    const int x = (int)((clip[0] / clip[3] * 0.5f + 0.5f) * W), y = (int)((clip[1] / clip[3] * 0.5f + 0.5f) * H);
    return px + ((size_t)y * W + (size_t)x) * 4;
}

/* Eight colours whose channels are 0 or 255: sRGB decoding keeps them exact. */
static void flat(uint8_t *px, int i)
{
    for (int k = 0; k < S * S; k++) {
        px[k * 4 + 0] = i & 1 ? 255 : 0;
        px[k * 4 + 1] = i & 2 ? 255 : 0;
        px[k * 4 + 2] = i & 4 ? 255 : 0;
        px[k * 4 + 3] = 255;
    }
}

static void eight_atlases_each_draw_their_own(void **state)
{
    (void)state;
    view v;
    view_begin(&v);
    static uint8_t px[8][S * S * 4];
    bb_atlas a[8];
    for (int i = 0; i < 8; i++) {
        flat(px[i], i == 0 ? 7 : i); /* 0 is white: black would not be seen */
        a[i] = (bb_atlas){.pixels = px[i], .width = S, .height = S, .grid = {1, 1}};
    }
    /* atlas 5 as the caller's own GL texture instead of pixels */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, px[5]);
    glBindTexture(GL_TEXTURE_2D, 0);
    a[5] = (bb_atlas){.texture = tex, .width = S, .height = S, .grid = {1, 1}};
    particles *p = particles_create(&(particles_desc){.capacity = 8});
    float pos[8][3];
    for (int i = 0; i < 8; i++) {
        particle b = particle_init(i, i % 2 ? BB_BLEND_ADDITIVE : BB_BLEND_ALPHA);
        b.pos[0] = pos[i][0] = -3.0f + (float)(i % 4) * 2.0f;
        b.pos[1] = pos[i][1] = i < 4 ? 1.5f : -1.5f;
        b.pos[2] = pos[i][2] = 0.0f;
        b.size = 1.0f;
        particles_add(p, &b);
    }
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = bb_renderer_create(&(bb_desc){.capacity = 8, .batcher = (bb_batcher)batcher, .atlases = a, .atlas_count = 8});
        assert_non_null(r);
        uint8_t *img = draw(&v, r, p);
        for (int i = 0; i < 8; i++) {
            const uint8_t *q = at(img, &v, pos[i]);
            const int want = i == 0 ? 7 : i;
            for (int k = 0; k < 3; k++)
                if (abs(q[k] - ((want >> k) & 1 ? 255 : 0)) > 2)
                    fail_msg("batcher %d atlas %d: pixel %d %d %d, want colour %d", batcher, i, q[0], q[1], q[2], want);
        }
        free(img);
        bb_renderer_destroy(r);
    }
    glDeleteTextures(1, &tex);
    particles_destroy(p);
    gfx_target_destroy(&v.t);
}

/* A 4 x 2 grid whose cells are coded by colour: the cell each batcher shows is the CPU's. */
static void another_grid_shows_the_cell_the_mirror_picks(void **state)
{
    (void)state;
    view v;
    view_begin(&v);
    enum { CW = 16 };
    static uint8_t px[2 * CW][4 * CW][4];
    for (int y = 0; y < 2 * CW; y++)
        for (int x = 0; x < 4 * CW; x++) {
            const int f = (y / CW) * 4 + x / CW; /* image rows top-down: frame 0 top-left */
            for (int k = 0; k < 3; k++) px[y][x][k] = (f >> k) & 1 ? 255 : 0;
            px[y][x][3] = 255;
        }
    const bb_atlas a = {.pixels = px, .width = 4 * CW, .height = 2 * CW, .grid = {4, 2}};
    const struct { float phase; int start; bool loop; } cases[] = {
        {0.0f, 0, false}, {3.0f, 0, false}, {5.5f, 0, false}, {12.0f, 0, false}, /* held at 7 */
        {9.0f, 0, true}, {6.0f, 3, true}, {30.0f, 0, true}, {80.0f, 0, true}, /* wrapped at 8 */
    };
    particles *p = particles_create(&(particles_desc){.capacity = 2});
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = bb_renderer_create(&(bb_desc){.capacity = 2, .batcher = (bb_batcher)batcher, .atlases = &a, .atlas_count = 1});
        assert_non_null(r);
        int grid[2];
        bb_renderer_atlas_grid(r, 0, grid);
        assert_int_equal(grid[0], 4);
        assert_int_equal(grid[1], 2);
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            particle b = particle_init(0, BB_BLEND_ALPHA);
            b.size = 2.0f;
            b.phase = cases[k].phase;
            b.frame0 = (uint8_t)cases[k].start;
            b.flags = cases[k].loop ? BB_ANIM_LOOP : 0;
            particles_clear(p);
            particles_add(p, &b);
            uint8_t *img = draw(&v, r, p);
            const uint8_t *q = at(img, &v, (float[3]){0, 0, 0});
            const int got = (q[0] > 128) | (q[1] > 128) << 1 | (q[2] > 128) << 2;
            const int want = bb_anim_frame_grid(cases[k].phase, cases[k].start, cases[k].loop, 4, 2, NULL);
            if (got != want) fail_msg("batcher %d case %zu: cell %d, want %d", batcher, k, got, want);
            free(img);
        }
        bb_renderer_destroy(r);
    }
    particles_destroy(p);
    gfx_target_destroy(&v.t);
}

static void no_atlases_is_a_soft_white_disc(void **state)
{
    (void)state;
    view v;
    view_begin(&v);
    bb_renderer *r = bb_renderer_create(&(bb_desc){.capacity = 2});
    assert_non_null(r);
    particles *p = particles_create(&(particles_desc){.capacity = 2});
    particle b = particle_init(3, BB_BLEND_ADDITIVE); /* past the one atlas: shows it */
    b.size = 2.0f;
    particles_add(p, &b);
    uint8_t *img = draw(&v, r, p);
    const uint8_t *centre = at(img, &v, (float[3]){0, 0, 0}), *rim = at(img, &v, (float[3]){0.8f, 0, 0});
    const uint8_t *out = at(img, &v, (float[3]){1.2f, 0, 0});
    assert_true(centre[0] > 200 && centre[1] > 200 && centre[2] > 200);
    assert_true(rim[0] > 0 && rim[0] < centre[0] / 2);
    assert_int_equal(out[0], 0);
    free(img);
    particles_destroy(p);
    bb_renderer_destroy(r);
    gfx_target_destroy(&v.t);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_input_is_one_line_naming_the_field),
        cmocka_unit_test(eight_atlases_each_draw_their_own),
        cmocka_unit_test(another_grid_shows_the_cell_the_mirror_picks),
        cmocka_unit_test(no_atlases_is_a_soft_white_disc),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

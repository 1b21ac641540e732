/* Lit billboards on a real GL driver: a row of identical alpha smoke billboards, half of them
 * under an occluder in a shadow map filled directly (depth 0 over x < 0, nothing over x > 0),
 * drawn by each batcher. The shadowed ones show ambient + sun x 0, the lit ones ambient + sun x 1,
 * within a few levels; without a shadow map all show ambient + sun. Emissive fire (alpha) and
 * additive sparks in the same rows are the same in shadow and in sun. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "bb/fx_atlases.h"
#include "gfx/state.h"

enum { W = 256, H = 256, SHADOW = 64 };

/* A renderer with the app's five atlases (bb/fx_atlases.h), as the scenes draw. */
static bb_renderer *shipped(bb_desc d)
{
    fx_atlases a;
    fx_atlases_load(&a);
    d.atlases = a.atlas;
    d.atlas_count = BB_ATLAS_COUNT;
    bb_renderer *r = bb_renderer_create(&d);
    fx_atlases_free(&a);
    return r;
}

static const float ambient = 0.2f, sun = 0.5f;
static const float xs[6] = {-3.2f, -2.2f, -1.2f, 1.2f, 2.2f, 3.2f}; /* x < 0: in the shadow */
/* rows: smoke (lit), fire (emissive alpha, gain 3), sparks (additive, gain 6) */
static const float row_y[3] = {2.0f, 0.0f, -2.0f};
static const int row_atlas[3] = {BB_ATLAS_SMOKE, BB_ATLAS_FIRE, BB_ATLAS_SPARK};
static const int row_blend[3] = {BB_BLEND_ALPHA, BB_BLEND_ALPHA, BB_BLEND_ADDITIVE};
static const uint8_t row_texel[3] = {255, 40, 30};

/* Every layer flat grey (row_texel) and opaque, plain RGBA8, nearest: texel values arrive as they are. */
static void flat_atlases(GLuint arr)
{
    uint8_t *img = malloc((size_t)512 * 512 * 4 * BB_ATLAS_COUNT);
    for (int a = 0; a < BB_ATLAS_COUNT; a++) {
        uint8_t v = 255;
        for (int r = 0; r < 3; r++)
            if (row_atlas[r] == a) v = row_texel[r];
        for (size_t i = 0; i < (size_t)512 * 512; i++) {
            uint8_t *q = img + ((size_t)a * 512 * 512 + i) * 4;
            q[0] = q[1] = q[2] = v;
            q[3] = 255;
        }
    }
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 512, 512, BB_ATLAS_COUNT, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    free(img);
}

/* A shadow map as the renderer makes one (depth, compare LEQUAL, linear), filled directly: an
 * occluder at the light's near plane over the left half, nothing (far plane) over the right. */
static GLuint make_shadow_map(void)
{
    float *d = malloc(sizeof(float) * SHADOW * SHADOW);
    for (int y = 0; y < SHADOW; y++)
        for (int x = 0; x < SHADOW; x++) d[y * SHADOW + x] = x < SHADOW / 2 ? 0.0f : 1.0f;
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, SHADOW, SHADOW, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);
    free(d);
    testgl_assert_no_error();
    return t;
}

/* Grey level at the centre of each billboard of each row, drawn with or without the shadow map. */
static void render_rows(bb_renderer *r, const particles *p, GLuint shadow_map, int level[3][6])
{
    mat4 view, proj, vp;
    glm_lookat((vec3){0, 0, 10}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(45.0f), 1.0f, 0.1f, 100.0f, proj);
    glm_mat4_mul(proj, view, vp);
    bb_draw_params dp = {.width = W, .height = H, .ambient = {ambient, ambient, ambient}, .sun = {sun, sun, sun},
                         .shadow_map = shadow_map};
    /* the light looks down -z over a 10 m box: world z = 0 lands at depth 0.5, x < 0 on the left half */
    glm_ortho(-5.0f, 5.0f, -5.0f, 5.0f, -5.0f, 5.0f, dp.light_viewproj);
    glClearColor(0, 0, 0, 1);
    glClearDepth(1.0);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    bb_renderer_build(r, p, view, proj);
    bb_renderer_draw(r, &dp);
    uint8_t *px = malloc(W * H * 4);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    testgl_assert_no_error();
    for (int row = 0; row < 3; row++)
        for (int i = 0; i < 6; i++) {
            vec4 clip;
            glm_mat4_mulv(vp, (vec4){xs[i], row_y[row], 0.0f, 1.0f}, clip);
            const int x = (int)((clip[0] / clip[3] * 0.5f + 0.5f) * W), y = (int)((clip[1] / clip[3] * 0.5f + 0.5f) * H);
            level[row][i] = px[((size_t)y * W + (size_t)x) * 4 + 1];
        }
    free(px);
}

static void lit_particles_darker_in_shadow_by_the_shadow_factor(void **state)
{
    (void)state;
    GLuint color, depth, fb;
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, W, H);
    const GLuint shadow_map = make_shadow_map();
    const double lit = (ambient + sun) * 255.0, dark = ambient * 255.0;
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 32, .batcher = (bb_batcher)batcher});
        assert_non_null(r);
        flat_atlases(bb_renderer_atlases(r));
        particles *p = particles_create(&(particles_desc){.capacity = 32});
        for (int row = 0; row < 3; row++)
            for (int i = 0; i < 6; i++) {
                particle q = particle_init(row_atlas[row], row_blend[row]);
                q.pos[0] = xs[i];
                q.pos[1] = row_y[row];
                q.size = 0.8f;
                q.life = 1.0f;
                assert_true(particles_add(p, &q) >= 0);
            }
        int shadowed[3][6], open[3][6];
        render_rows(r, p, shadow_map, shadowed);
        render_rows(r, p, 0, open);
        for (int i = 0; i < 6; i++) {
            const double want = xs[i] < 0.0f ? dark : lit;
            /* smoke: ambient + sun x visibility (0 left, 1 right); with no map, full sun */
            if (fabs(shadowed[0][i] - want) > 3.0 || fabs(open[0][i] - lit) > 3.0)
                fail_msg("batcher %d smoke %d: %d in the map's light, %d without a map; want %.1f and %.1f", batcher, i,
                         shadowed[0][i], open[0][i], want, lit);
            /* emissive fire and additive sparks: untouched by the shadow */
            for (int row = 1; row < 3; row++) {
                const double emit = row_texel[row] * (row == 1 ? 3.0 : 6.0);
                if (abs(shadowed[row][i] - open[row][i]) > 1 || fabs(open[row][i] - emit) > 3.0)
                    fail_msg("batcher %d row %d billboard %d: %d with the map, %d without; want %.0f", batcher, row, i,
                             shadowed[row][i], open[row][i], emit);
            }
        }
        /* the darkening is the shadow factor on the sun's part only: dark / lit = ambient / (ambient + sun) */
        const double ratio = (double)shadowed[0][0] / (double)shadowed[0][5];
        assert_true(fabs(ratio - ambient / (ambient + sun)) < 0.03);
        particles_destroy(p);
        bb_renderer_destroy(r);
    }
    glDeleteTextures(1, &shadow_map);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &depth);
    glDeleteTextures(1, &color);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lit_particles_darker_in_shadow_by_the_shadow_factor),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

/* dissolve on the GPU: transform feedback of dissolve.glsl's vertex stage against the CPU mirror,
 * the uploaded noise against the CPU bake, and real pixels: cut, glow, shadow, pitfalls. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "dissolve/core/props.h"
#include "dissolve/dissolve.h"
#include "gfx/renderer.h"
#include "gfx/shader.h"
#include "gfx/timer.h"

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc == 0) gfx_timers_init();
    log_set_quiet(true);
    return rc;
}

static int teardown(void **state)
{
    gfx_timers_shutdown();
    return testgl_teardown(state);
}

static void test_model(mat4 out)
{
    glm_mat4_identity(out);
    glm_translate(out, (vec3){0.3f, 0.7f, -0.2f});
    glm_rotate_y(out, 0.5f, out);
    glm_rotate_x(out, 0.2f, out);
    glm_scale_uni(out, 1.3f);
}

static dissolve_params test_params(int mode, int shape, float amount)
{
    dissolve_params p = dissolve_params_defaults();
    p.mode = (dissolve_mode)mode;
    p.shape = (dissolve_shape)shape;
    p.amount = amount;
    glm_vec3_copy((vec3){0.3f, 1.4f, -0.2f}, p.from);
    glm_vec3_copy((vec3){0.3f, 0.0f, -0.2f}, p.to);
    glm_vec3_copy((vec3){0.9f, 1.3f, 0.2f}, p.center);
    p.radius = 1.6f;
    glm_vec3_copy(p.center, p.target);
    return p;
}

/* Runs the vertex stage of dissolve.glsl over every vertex; out gets (x, y, z, d, pull k) per vertex. */
#define TF_FLOATS 5
static void feedback(const dissolve *dv, GLuint prog, const gfx_mesh *gm, mat4 model, const dissolve_params *p, float *out)
{
    glUseProgram(prog);
    glUniformMatrix4fv(gfx_uniform(prog, "u_model"), 1, GL_FALSE, (const float *)model);
    dissolve_uniforms u;
    dissolve_uniforms_lookup(prog, &u);
    dissolve_bind(dv, &u, p, DISSOLVE_PASS_MAIN);
    testgl_feedback_run(gm->vao, gm->vertex_count, TF_FLOATS, out);
}

static GLuint feedback_program(void)
{
    static const char *const varyings[] = {"tf_world", "tf_d", "tf_k"};
    GLuint prog = gfx_program_load_feedback("dissolve_feedback.vert", NULL, varyings, 3);
    assert_true(prog != 0);
    return prog;
}

static void gpu_displacement_matches_cpu_mirror(void **state)
{
    (void)state;
    dissolve *dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    assert_non_null(dv);
    GLuint prog = feedback_program();
    mat4 model;
    test_model(model);
    for (int which = 0; which < 2; which++) {
        mesh_data m = {0};
        if (which == 0) mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
        else props_build_crystals(&m, 4);
        gfx_mesh gm = gfx_mesh_create(&m, "tf");
        float *gpu = malloc((size_t)m.vertex_count * TF_FLOATS * sizeof(float));
        for (int mode = 1; mode < 3; mode++)
            for (int shape = 0; shape < 3; shape++)
                for (int a = 0; a < 2; a++) {
                    dissolve_params p = test_params(mode, shape, a ? 0.62f : 0.35f);
                    feedback(dv, prog, &gm, model, &p, gpu);
                    double max_d = 0, max_pos = 0, max_formula = 0, max_k = 0;
                    int moved = 0;
                    for (int i = 0; i < m.vertex_count; i++) {
                        vec3 ws, rest;
                        const float *g = &gpu[i * TF_FLOATS];
                        dissolve_vertex(&p, dissolve_noise_data(dv), m.pos[i], m.nrm[i], m.snrm[i], model, ws);
                        float d = dissolve_vertex_d(&p, dissolve_noise_data(dv), m.pos[i], m.nrm[i], m.snrm[i], model);
                        max_d = fmax(max_d, fabsf(d - g[3]));
                        max_pos = fmax(max_pos, glm_vec3_distance(ws, (float *)g));
                        glm_mat4_mulv3(model, m.pos[i], 1.0f, rest);
                        moved += glm_vec3_distance(rest, (float *)g) > 0.01f;
                        if (mode == DISSOLVE_MODE_PULL) {
                            /* the lerp to the target, fed the GPU's own d */
                            float w = dissolve_pull_weight(g[3], p.band);
                            vec3 e, to;
                            glm_vec3_sub(p.target, rest, to);
                            glm_vec3_copy(rest, e);
                            glm_vec3_muladds(to, w * w, e);
                            max_formula = fmax(max_formula, glm_vec3_distance(e, (float *)g));
                            /* the strands' k (dissolve_pull_k) is that w², handed to the fragments */
                            max_k = fmax(max_k, fabsf(w * w - g[4]));
                        } else {
                            max_k = fmax(max_k, fabsf(g[4])); /* no pull, no strands */
                        }
                    }
                    /* GPU bilinear weights carry ~8 fractional bits, so d agrees to a few 1e-3;
                     * push turns that into millimetres. Pull multiplies it by the distance to
                     * the target, so there the lerp is checked on the GPU's own d. */
                    assert_true(max_d < 0.006);
                    if (mode == DISSOLVE_MODE_PUSH) assert_true(max_pos < 0.005);
                    else assert_true(max_formula < 0.001);
                    assert_true(max_k < 1e-5);
                    assert_true(moved > m.vertex_count / 50);
                }
        free(gpu);
        gfx_mesh_destroy(&gm);
        mesh_data_free(&m);
    }
    glDeleteProgram(prog);
    dissolve_destroy(dv);
}

static void uploaded_noise_is_the_cpu_bake(void **state)
{
    (void)state;
    dissolve *dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    assert_non_null(dv);
    const noise_tex *n = dissolve_noise_data(dv);
    glBindTexture(GL_TEXTURE_2D, dissolve_noise_texture(dv));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (int k = 0; k < n->levels; k++) {
        uint8_t *px = malloc((size_t)n->dims[k] * n->dims[k]);
        glGetTexImage(GL_TEXTURE_2D, k, GL_RED, GL_UNSIGNED_BYTE, px);
        assert_memory_equal(px, n->texels[k], (size_t)n->dims[k] * n->dims[k]);
        free(px);
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
    testgl_assert_no_error();
    dissolve_destroy(dv);
    dissolve_destroy(NULL);
}

/* Mean difference of displacement across mesh edges: how spiky the surface is. */
static double roughness(const mesh_data *m, const float *gpu, mat4 model)
{
    double sum = 0;
    for (int t = 0; t < m->index_count; t++) {
        uint32_t a = m->idx[t], b = m->idx[t - t % 3 + (t + 1) % 3];
        vec3 ra, rb, da, db;
        glm_mat4_mulv3(model, m->pos[a], 1.0f, ra);
        glm_mat4_mulv3(model, m->pos[b], 1.0f, rb);
        glm_vec3_sub((float *)&gpu[a * TF_FLOATS], ra, da);
        glm_vec3_sub((float *)&gpu[b * TF_FLOATS], rb, db);
        sum += glm_vec3_distance(da, db);
    }
    return sum / m->index_count;
}

static void mip0_pitfall_makes_spikes(void **state)
{
    (void)state;
    dissolve *good = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    dissolve *bad = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_VERTEX_MIP0});
    assert_non_null(good);
    assert_non_null(bad);
    assert_int_equal(dissolve_active_pitfall(bad), DISSOLVE_PITFALL_VERTEX_MIP0);
    GLuint prog = feedback_program();
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    gfx_mesh gm = gfx_mesh_create(&m, "spikes");
    mat4 model;
    test_model(model);
    dissolve_params p = test_params(DISSOLVE_MODE_PUSH, DISSOLVE_SHAPE_DIRECTION, 0.5f);
    float *a = malloc((size_t)m.vertex_count * TF_FLOATS * sizeof(float)), *b = malloc((size_t)m.vertex_count * TF_FLOATS * sizeof(float));
    feedback(good, prog, &gm, model, &p, a);
    feedback(bad, prog, &gm, model, &p, b);
    double ra = roughness(&m, a, model), rb = roughness(&m, b, model);
    assert_true(ra > 0.0);
    assert_true(rb > 1.5 * ra);
    free(a);
    free(b);
    gfx_mesh_destroy(&gm);
    mesh_data_free(&m);
    glDeleteProgram(prog);
    dissolve_destroy(good);
    dissolve_destroy(bad);
}

typedef struct { int covered, glowing, shadowed; } frame_counts;

static frame_counts render_box(renderer *r, const dissolve *dv, const gfx_mesh *gm, float amount)
{
    mat4 model, view, proj;
    glm_translate_make(model, (vec3){0, 0.6f, 0});
    glm_lookat((vec3){0.3f, 1.3f, 2.4f}, (vec3){0, 0.6f, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(50.0f), 160.0f / 120.0f, 0.1f, 50.0f, proj);
    dissolve_params p = test_params(DISSOLVE_MODE_PUSH, DISSOLVE_SHAPE_DIRECTION, amount);
    glm_vec3_copy((vec3){0, 1.1f, 0}, p.from);
    glm_vec3_copy((vec3){0, 0.1f, 0}, p.to);
    renderer_set_shadow_focus(r, (vec3){0, 0.6f, 0}, 1.5f);
    renderer_begin_frame(r, view, proj, (vec3){0.3f, 1.3f, 2.4f}, 0.0f);
    renderer_shadow_begin(r);
    dissolve_draw_mesh(dv, gm, model, NULL, NULL, &p, DISSOLVE_PASS_SHADOW);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    dissolve_draw_mesh(dv, gm, model, (vec3){0.6f, 0.6f, 0.65f}, NULL, &p, DISSOLVE_PASS_MAIN);
    frame_counts c = {0};
    float *px = malloc(160 * 120 * 4 * sizeof(float));
    glReadPixels(0, 0, 160, 120, GL_RGBA, GL_FLOAT, px);
    for (int i = 0; i < 160 * 120; i++) {
        c.covered += px[i * 4] + px[i * 4 + 1] + px[i * 4 + 2] > 0.0f;
        c.glowing += px[i * 4] > 1.5f && px[i * 4] > 2.0f * px[i * 4 + 2];
    }
    renderer_opaque_end(r);
    free(px);
    float *depth = malloc(256 * 256 * sizeof(float));
    glBindTexture(GL_TEXTURE_2D, renderer_shadow_map(r));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glBindTexture(GL_TEXTURE_2D, 0);
    for (int i = 0; i < 256 * 256; i++) c.shadowed += depth[i] < 1.0f;
    free(depth);
    testgl_assert_no_error();
    return c;
}

static void pixels_cut_glow_and_shadow(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = 160, .height = 120, .shadow_size = 256});
    assert_non_null(r);
    dissolve *dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    dissolve *no_shadow = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NO_SHADOW});
    assert_non_null(dv);
    assert_non_null(no_shadow);
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    gfx_mesh gm = gfx_mesh_create(&m, "box");

    frame_counts whole = render_box(r, dv, &gm, 0.0f);
    frame_counts half = render_box(r, dv, &gm, 0.5f);
    frame_counts gone = render_box(r, dv, &gm, 1.0f);
    assert_true(whole.covered > 2000);
    assert_int_equal(whole.glowing, 0);
    assert_true(half.covered < whole.covered && half.covered > 0);
    assert_true(half.glowing > 20);
    assert_int_equal(gone.covered, 0);
    assert_true(whole.shadowed > 500);
    assert_true(half.shadowed < whole.shadowed && half.shadowed > 0);
    assert_int_equal(gone.shadowed, 0);

    /* The pitfall: the shadow pass ignores the dissolve, so a vanished box still casts. */
    frame_counts ghost = render_box(r, no_shadow, &gm, 1.0f);
    assert_int_equal(ghost.covered, 0);
    assert_int_equal(ghost.shadowed, whole.shadowed);

    gfx_mesh_destroy(&gm);
    mesh_data_free(&m);
    dissolve_destroy(dv);
    dissolve_destroy(no_shadow);
    renderer_destroy(r);
}

/* A box far from the camera, burning from the top, no vertex motion: the fragment stage's noise read, at
 * the mip the hardware selects (max_level 8) or forced to mip 0 (max_level 0, the old fixed
 * read). Returns the glowing pixels with no glowing 8-neighbour: pixel-sized specks. */
static int far_specks(renderer *r, dissolve *dv, const gfx_mesh *gm, int max_level, int *glowing)
{
    mat4 model, view, proj;
    glm_translate_make(model, (vec3){0, 0.4f, 0});
    glm_lookat((vec3){0.0f, 3.0f, 14.0f}, (vec3){0, 0.4f, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(12.0f), 160.0f / 120.0f, 0.1f, 50.0f, proj);
    dissolve_params p = test_params(DISSOLVE_MODE_NONE, DISSOLVE_SHAPE_DIRECTION, 0.5f);
    glm_vec3_copy((vec3){0, 0.8f, 0}, p.from); /* burns from the top down, the noise makes the edge ragged */
    glm_vec3_copy((vec3){0, 0.0f, 0}, p.to);
    p.noise_scale = 4.0f; /* a fine pattern: 4 tiles per metre, 1 mm texels at mip 0 */
    glBindTexture(GL_TEXTURE_2D, dissolve_noise_texture(dv));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, max_level);
    glBindTexture(GL_TEXTURE_2D, 0);
    renderer_begin_frame(r, view, proj, (vec3){0.0f, 3.0f, 14.0f}, 0.0f);
    renderer_shadow_begin(r);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    dissolve_draw_mesh(dv, gm, model, (vec3){0.6f, 0.6f, 0.65f}, NULL, &p, DISSOLVE_PASS_MAIN);
    float *px = malloc(160 * 120 * 4 * sizeof(float));
    glReadPixels(0, 0, 160, 120, GL_RGBA, GL_FLOAT, px);
    renderer_opaque_end(r);
    /* glowing pixels, and those with no glowing 8-neighbour: specks of one pixel */
    static unsigned char glow[120][160];
    *glowing = 0;
    for (int y = 0; y < 120; y++)
        for (int x = 0; x < 160; x++) {
            const float *c = px + (y * 160 + x) * 4;
            glow[y][x] = c[0] > 1.5f && c[0] > 2.0f * c[2];
            *glowing += glow[y][x];
        }
    int specks = 0;
    for (int y = 1; y < 119; y++)
        for (int x = 1; x < 159; x++) {
            if (!glow[y][x]) continue;
            int nb = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) nb += (dx || dy) && glow[y + dy][x + dx];
            specks += nb == 0;
        }
    free(px);
    glBindTexture(GL_TEXTURE_2D, dissolve_noise_texture(dv));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 8);
    glBindTexture(GL_TEXTURE_2D, 0);
    testgl_assert_no_error();
    return specks;
}

/* The fragment stage lets the hardware pick the noise mip (one level blurrier, the include's
 * DISSOLVE_FRAGMENT_LOD_BIAS): a distant mesh reads a blurred level and its edge does not break
 * up into pixel-sized glowing specks, as a fixed mip 0 does. Measured here: 27 specks at mip 0,
 * 26 at the hardware's own choice (a texel is then a pixel), 9 one level blurrier. */
static void far_mesh_has_no_specks(void **state)
{
    (void)state;
    renderer *r = renderer_create(&(renderer_desc){.width = 160, .height = 120, .shadow_size = 256});
    assert_non_null(r);
    dissolve *dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    assert_non_null(dv);
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    gfx_mesh gm = gfx_mesh_create(&m, "box");
    int glow_hw, glow_0;
    int hw = far_specks(r, dv, &gm, 8, &glow_hw);
    int mip0 = far_specks(r, dv, &gm, 0, &glow_0);
    print_message("far box: %d one-pixel specks of %d glowing pixels (hardware mip), %d of %d (mip 0)\n", hw, glow_hw, mip0,
                  glow_0);
    assert_true(glow_hw > 20); /* the edge still glows */
    assert_true(mip0 >= 15);
    assert_true(hw * 2 <= mip0);
    gfx_mesh_destroy(&gm);
    mesh_data_free(&m);
    dissolve_destroy(dv);
    renderer_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uploaded_noise_is_the_cpu_bake),
        cmocka_unit_test(gpu_displacement_matches_cpu_mirror),
        cmocka_unit_test(mip0_pitfall_makes_spikes),
        cmocka_unit_test(pixels_cut_glow_and_shadow),
        cmocka_unit_test(far_mesh_has_no_specks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

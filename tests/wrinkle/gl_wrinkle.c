/* wrinkle maps on the GPU: every texel of the composed RGB10_A2 buffer equals the CPU reference
 * (wrinkle_compose_texel + wrinkle_pack) for random maps and several weight sets, only the
 * selected four layers count, the clear value marks "no face", missing maps are checkers, and the
 * compose pass gives back the framebuffer and viewport bound before it; a caller's mesh may leave
 * shapes NULL and take the plain skin. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "wrinkle/core/head.h"
#include "gfx/renderer.h"
#include "gfx/shader.h"
#include "gfx/texture.h"
#include "gfx/timer.h"
#include "wrinkle/wrinkle.h"

#define N 32

typedef struct fixture {
    renderer *r;
    unsigned char *data[3 + 2 * WRINKLE_LAYER_COUNT]; /* RGBA8, N x N, row 0 = bottom */
    wrinkle_maps maps;
    gfx_mesh quad;
} fixture;

static fixture fx;

static unsigned char *random_normals(unsigned *seed)
{
    unsigned char *d = malloc(N * N * 4);
    for (int i = 0; i < N * N; i++) {
        float x = (float)rand_r(seed) / RAND_MAX * 1.6f - 0.8f, y = (float)rand_r(seed) / RAND_MAX * 1.6f - 0.8f;
        float z = sqrtf(fmaxf(1.0f - x * x - y * y, 0.04f));
        float len = sqrtf(x * x + y * y + z * z);
        d[i * 4 + 0] = (unsigned char)lrintf((x / len * 0.5f + 0.5f) * 255.0f);
        d[i * 4 + 1] = (unsigned char)lrintf((y / len * 0.5f + 0.5f) * 255.0f);
        d[i * 4 + 2] = (unsigned char)lrintf((z / len * 0.5f + 0.5f) * 255.0f);
        d[i * 4 + 3] = 255;
    }
    return d;
}

static unsigned char *random_bytes(unsigned *seed, bool grey)
{
    unsigned char *d = malloc(N * N * 4);
    for (int i = 0; i < N * N * 4; i++) d[i] = (unsigned char)(rand_r(seed) & 255);
    if (grey)
        for (int i = 0; i < N * N; i++) d[i * 4 + 1] = d[i * 4 + 2] = d[i * 4];
    return d;
}

static GLuint upload(const unsigned char *d)
{
    return gfx_texture_create(&(gfx_texture_desc){.width = N, .height = N, .data = d, .flags = GFX_TEX_NEAREST, .label = "test"});
}

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc) return rc;
    gfx_timers_init();
    log_set_quiet(true);
    fx.r = renderer_create(&(renderer_desc){.width = N, .height = N});
    if (!fx.r) return -1;
    unsigned seed = 12345;
    int k = 0;
    fx.data[k++] = random_normals(&seed);
    fx.data[k++] = random_bytes(&seed, true);
    fx.data[k++] = random_bytes(&seed, false);
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
        fx.data[k++] = random_normals(&seed);
        fx.data[k++] = random_bytes(&seed, true);
    }
    fx.maps.base_normal = upload(fx.data[0]);
    fx.maps.base_occ = upload(fx.data[1]);
    fx.maps.mask = upload(fx.data[2]);
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
        fx.maps.layer_normal[l] = upload(fx.data[3 + 2 * l]);
        fx.maps.layer_occ[l] = upload(fx.data[4 + 2 * l]);
    }
    /* a quad over the whole viewport, uv 0..1: pixel (x, y) samples texel (x, y) */
    mesh_data m = {0};
    const float p[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}, uv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 4; i++) mesh_add_vertex(&m, p[i], (float[3]){0, 0, 1}, uv[i]);
    mesh_add_tri(&m, 0, 1, 2);
    mesh_add_tri(&m, 0, 2, 3);
    mesh_compute_tangents(&m);
    fx.quad = gfx_mesh_create(&m, "test.quad");
    mesh_data_free(&m);
    mat4 id;
    glm_mat4_identity(id);
    renderer_begin_frame(fx.r, id, id, (vec3){0, 0, 1}, 0.0f);
    return 0;
}

static int teardown(void **state)
{
    gfx_mesh_destroy(&fx.quad);
    gfx_texture_destroy(fx.maps.base_normal);
    gfx_texture_destroy(fx.maps.base_occ);
    gfx_texture_destroy(fx.maps.mask);
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
        gfx_texture_destroy(fx.maps.layer_normal[l]);
        gfx_texture_destroy(fx.maps.layer_occ[l]);
    }
    for (size_t i = 0; i < sizeof fx.data / sizeof fx.data[0]; i++) free(fx.data[i]);
    renderer_destroy(fx.r);
    gfx_timers_shutdown();
    return testgl_teardown(state);
}

/* The CPU reference of texel (x, y) for the current selection: normal x, y and occlusion. */
static void reference_texel(const wrinkle_selection *sel, int x, int y, float out[3])
{
    int i = (y * N + x) * 4;
    wrinkle_texel t = {0};
    for (int k = 0; k < 3; k++) t.base_normal[k] = wrinkle_decode_snorm_from8(fx.data[0][i + k]);
    t.base_occ = wrinkle_decode_unorm8(fx.data[1][i]);
    for (int k = 0; k < 4; k++) t.mask[k] = wrinkle_decode_unorm8(fx.data[2][i + k]);
    for (int s = 0; s < sel->count; s++) {
        int l = sel->layer[s];
        for (int k = 0; k < 3; k++) t.layer_normal[s][k] = wrinkle_decode_snorm_from8(fx.data[3 + 2 * l][i + k]);
        t.layer_occ[s] = wrinkle_decode_unorm8(fx.data[4 + 2 * l][i]);
    }
    wrinkle_compose_texel(sel, wrinkle_layer_defaults(), &t, out);
}

static uint32_t reference(const wrinkle_selection *sel, int x, int y)
{
    float out[3];
    reference_texel(sel, x, y, out);
    return wrinkle_pack(out[0], out[1], out[2], 3);
}

static int channel_diff(uint32_t a, uint32_t b, int shift)
{
    return abs((int)(a >> shift & 1023u) - (int)(b >> shift & 1023u));
}

/* Composes with the given weights and compares every texel; returns how many texels the layers
 * moved away from the base-only result (so a test can also prove the layers did something). */
static int compose_and_compare(wrinkle *wr, const float *w)
{
    wrinkle_set_weights(wr, w);
    mat4 model;
    glm_mat4_identity(model);
    wrinkle_compose(wr, &fx.quad, model);
    uint32_t *px = malloc(N * N * sizeof *px);
    wrinkle_read_composed(wr, px);
    testgl_assert_no_error();
    const wrinkle_selection *sel = wrinkle_active(wr);
    wrinkle_selection none = {0};
    int worst = 0, moved = 0;
    for (int y = 0; y < N; y++) {
        for (int x = 0; x < N; x++) {
            uint32_t g = px[y * N + x], c = reference(sel, x, y), b = reference(&none, x, y);
            assert_int_equal(g >> 30, 3u);
            for (int s = 0; s < 30; s += 10) {
                int d = channel_diff(g, c, s);
                if (d > worst) worst = d;
                if (channel_diff(g, b, s) > 4) { moved++; break; }
            }
        }
    }
    free(px);
    /* one 10-bit step of float rounding between the GPU and the CPU, no more */
    assert_true(worst <= 1);
    return moved;
}

static void composed_texels_equal_the_cpu_reference(void **state)
{
    (void)state;
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .maps = fx.maps});
    assert_non_null(wr);
    /* nothing active: the base maps alone */
    float zero[HEAD_SHAPE_COUNT] = {0};
    assert_int_equal(compose_and_compare(wr, zero), 0);
    assert_int_equal(wrinkle_active(wr)->count, 0);
    /* two layers */
    float two[HEAD_SHAPE_COUNT] = {[HEAD_FROWN] = 1.0f, [HEAD_SQUINT] = 0.4f};
    assert_true(compose_and_compare(wr, two) > N * N / 4);
    assert_int_equal(wrinkle_active(wr)->count, 2);
    /* all six at full weight: four layers, the rest must not leak in */
    float six[HEAD_SHAPE_COUNT] = {1, 1, 1, 1, 1, 1};
    assert_true(compose_and_compare(wr, six) > N * N / 2);
    assert_int_equal(wrinkle_active(wr)->count, 4);
    /* mixed weights: the order of the slots is the selection's */
    float mixed[HEAD_SHAPE_COUNT] = {0.2f, 0.9f, 0.55f, 0.1f, 0.7f, 0.35f};
    compose_and_compare(wr, mixed);
    assert_int_equal(wrinkle_active(wr)->layer[0], HEAD_FROWN);
    /* normal and occlusion strengths apart (the panel's knobs): still the CPU mirror */
    const float nrm[HEAD_SHAPE_COUNT] = {0.3f, 1.5f, 0.0f, 2.0f, 0.8f, 0.6f}, occ[HEAD_SHAPE_COUNT] = {1.8f, 0.2f, 1.0f, 0.0f, 0.5f, 1.2f};
    wrinkle_set_strengths(wr, nrm, occ);
    assert_true(compose_and_compare(wr, six) > N * N / 2);
    compose_and_compare(wr, mixed);
    /* normals off everywhere: the layers only darken, the normals are the base's */
    const float off[HEAD_SHAPE_COUNT] = {0};
    wrinkle_set_strengths(wr, off, occ);
    compose_and_compare(wr, six);
    uint32_t *px = malloc(N * N * sizeof *px);
    wrinkle_read_composed(wr, px);
    const wrinkle_selection none = {0};
    int occ_moved = 0;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            const uint32_t g = px[y * N + x], b = reference(&none, x, y);
            /* R = occlusion (bits 0..9), G, B = normal x, y (bits 10..29) */
            assert_true(channel_diff(g, b, 10) <= 1 && channel_diff(g, b, 20) <= 1);
            occ_moved += channel_diff(g, b, 0) > 4;
        }
    free(px);
    assert_true(occ_moved > N * N / 4);
    wrinkle_destroy(wr);
}

/* The channels as GL itself reads them back (floats, no CPU unpacking involved): occlusion in R,
 * normal x, y in G and B — the layout the technique's skin shader reads. */
static void channels_follow_the_layout(void **state)
{
    (void)state;
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .maps = fx.maps});
    assert_non_null(wr);
    float w[HEAD_SHAPE_COUNT] = {[HEAD_FROWN] = 1.0f, [HEAD_BROW_RAISE] = 0.6f, [HEAD_SMILE] = 0.8f};
    wrinkle_set_weights(wr, w);
    mat4 model;
    glm_mat4_identity(model);
    wrinkle_compose(wr, &fx.quad, model);
    float *px = malloc(N * N * 4 * sizeof *px);
    glBindTexture(GL_TEXTURE_2D, wrinkle_composed_texture(wr));
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    glBindTexture(GL_TEXTURE_2D, 0);
    testgl_assert_no_error();
    const wrinkle_selection *sel = wrinkle_active(wr);
    float worst = 0.0f, occ_spread = 0.0f, lo = 1.0f;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            const float *p = px + (y * N + x) * 4;
            float c[3];
            reference_texel(sel, x, y, c);
            worst = fmaxf(worst, fabsf(p[0] - c[2]));
            worst = fmaxf(worst, fabsf(p[1] - (c[0] * 0.5f + 0.5f)));
            worst = fmaxf(worst, fabsf(p[2] - (c[1] * 0.5f + 0.5f)));
            assert_float_equal(p[3], 1.0f, 1e-6);
            lo = fminf(lo, c[2]);
            occ_spread = fmaxf(occ_spread, fabsf(c[2] - c[0] * 0.5f - 0.5f));
        }
    free(px);
    /* one 10-bit step plus float rounding */
    assert_true(worst <= 1.5f / 1023.0f);
    /* the channels really differ, so a swapped layout could not pass */
    assert_true(occ_spread > 0.1f);
    assert_true(lo < 0.9f);
    /* the influence attachment: the first slot's colour (red) x its factor where it acts, black
     * once nothing is active */
    unsigned char *inf = malloc(N * N * 4);
    glBindTexture(GL_TEXTURE_2D, wrinkle_influence_texture(wr));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, inf);
    int lit = 0;
    for (int i = 0; i < N * N; i++) lit += inf[i * 4] > 64;
    assert_true(lit > N * N / 8);
    const float zero[HEAD_SHAPE_COUNT] = {0};
    wrinkle_set_weights(wr, zero);
    wrinkle_compose(wr, &fx.quad, model);
    glBindTexture(GL_TEXTURE_2D, wrinkle_influence_texture(wr));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, inf);
    glBindTexture(GL_TEXTURE_2D, 0);
    for (int i = 0; i < N * N; i++) assert_true(inf[i * 4] == 0 && inf[i * 4 + 1] == 0 && inf[i * 4 + 2] == 0);
    free(inf);
    testgl_assert_no_error();
    wrinkle_destroy(wr);
}

/* Blendshapes on the GPU: the vertex stage every head pass runs (wrinkle_face.vert), captured with
 * transform feedback, moves every skin vertex where head_apply_shapes (the CPU) puts it, and
 * gives it the curvature head_shape_curvature's neutral and per-shape changes add up to. */
static void gpu_morph_equals_the_cpu_morph(void **state)
{
    (void)state;
    enum { K = 7 }; /* v_world, v_nrm, v_curv */
    head_model h;
    assert_true(head_build(&h, &(head_desc){0}));
    const int n = h.skin.vertex_count;
    float *curv = malloc((size_t)n * sizeof *curv), *dcurv[HEAD_MORPH_COUNT];
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) dcurv[s] = malloc((size_t)n * sizeof *dcurv[s]);
    assert_true(head_shape_curvature(&h, curv, dcurv));
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .maps = fx.maps});
    assert_non_null(wr);
    assert_true(wrinkle_set_shapes(wr, n, (float (*const *)[3])h.shape_dpos, (float (*const *)[3])h.shape_dnrm, curv, dcurv, n));
    static const char *const varyings[] = {"v_world", "v_nrm", "v_curv"};
    GLuint prog = gfx_program_load_feedback("wrinkle_face.vert", NULL, varyings, 3);
    assert_true(prog != 0);
    gfx_mesh gm = gfx_mesh_create(&h.skin, "morph");
    float *gpu = malloc((size_t)n * K * sizeof *gpu);
    float (*pos)[3] = malloc((size_t)n * sizeof *pos), (*nrm)[3] = malloc((size_t)n * sizeof *nrm);
    static const float sets[3][HEAD_MORPH_COUNT] = {
        {0, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1, 1}, {0.2f, 0.9f, 0.0f, 0.6f, 0.35f, 0.75f, 0.5f}};
    for (int k = 0; k < 3; k++) {
        wrinkle_set_shape_weights(wr, sets[k]);
        wrinkle_morph_bind(wr, prog);
        mat4 id;
        glm_mat4_identity(id);
        glUniformMatrix4fv(gfx_uniform(prog, "u_model"), 1, GL_FALSE, (const float *)id);
        testgl_feedback_run(gm.vao, n, K, gpu);
        head_apply_shapes(&h, sets[k], pos, nrm);
        float worst = 0.0f, worst_n = 0.0f, moved = 0.0f, worst_c = 0.0f, changed = 0.0f;
        for (int v = 0; v < n; v++) {
            for (int c = 0; c < 3; c++) {
                worst = fmaxf(worst, fabsf(gpu[v * K + c] - pos[v][c]));
                worst_n = fmaxf(worst_n, fabsf(gpu[v * K + 3 + c] - nrm[v][c]));
                moved = fmaxf(moved, fabsf(gpu[v * K + c] - h.skin.pos[v][c]));
            }
            float want = curv[v];
            for (int s = 0; s < HEAD_MORPH_COUNT; s++) want += sets[k][s] * dcurv[s][v];
            worst_c = fmaxf(worst_c, fabsf(gpu[v * K + 6] - fmaxf(want, 0.0f)));
            changed = fmaxf(changed, fabsf(gpu[v * K + 6] - curv[v]));
        }
        print_message("weights %d: worst position %.2e m, normal %.2e, curvature %.2e 1/m; largest move %.4f m, "
                      "curvature change %.1f 1/m\n", k, (double)worst, (double)worst_n, (double)worst_c, (double)moved,
                      (double)changed);
        assert_true(worst <= 1e-4f); /* metres */
        assert_true(worst_n <= 1e-4f);
        assert_true(worst_c <= 1e-2f); /* 1/m, of tens */
        if (k == 0) assert_true(moved == 0.0f && changed == 0.0f);
        else assert_true(moved > 2e-3f && changed > 10.0f); /* the shapes really move and bend the skin */
    }
    glUseProgram(0);
    free(gpu);
    free(pos);
    free(nrm);
    free(curv);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) free(dcurv[s]);
    glDeleteProgram(prog);
    gfx_mesh_destroy(&gm);
    wrinkle_destroy(wr);
    head_free(&h);
}

/* A mesh of the caller's (examples/wrinkle_maps.c): plain_skin's skin program compiles (nothing
 * logged), and shapes left NULL move nothing: with every weight at 1 the quad moves by shape 0's
 * deltas alone. */
static void a_callers_mesh_with_null_shapes(void **state)
{
    (void)state;
    const int errors = log_error_count();
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .maps = fx.maps, .plain_skin = true});
    assert_non_null(wr);
    assert_int_equal(log_error_count(), errors);
    float d0[4][3] = {{0, 0, 0.1f}, {0, 0.2f, 0}, {0.3f, 0, 0}, {0.1f, -0.1f, 0.1f}}, ones[WRINKLE_SHAPE_COUNT], out[4 * 7];
    float (*dpos[WRINKLE_SHAPE_COUNT])[3] = {d0}, (*dnrm[WRINKLE_SHAPE_COUNT])[3] = {0};
    for (int s = 0; s < WRINKLE_SHAPE_COUNT; s++) ones[s] = 1.0f;
    assert_true(wrinkle_set_shapes(wr, 4, dpos, dnrm, NULL, NULL, 0));
    wrinkle_set_shape_weights(wr, ones);
    static const char *const varyings[] = {"v_world", "v_nrm", "v_curv"};
    GLuint prog = gfx_program_load_feedback("wrinkle_face.vert", NULL, varyings, 3);
    assert_true(prog != 0);
    wrinkle_morph_bind(wr, prog);
    mat4 id;
    glm_mat4_identity(id);
    glUniformMatrix4fv(gfx_uniform(prog, "u_model"), 1, GL_FALSE, (const float *)id);
    testgl_feedback_run(fx.quad.vao, 4, 7, out);
    const float rest[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    for (int v = 0; v < 4; v++) {
        for (int c = 0; c < 3; c++) assert_float_equal(out[v * 7 + c], rest[v][c] + d0[v][c], 1e-6f);
        assert_float_equal(out[v * 7 + 5], 1.0f, 1e-6f); /* the normal as it was */
    }
    glUseProgram(0);
    glDeleteProgram(prog);
    wrinkle_destroy(wr);
}

/* Wrinkles as folds (issue 30): the shipped maps composed at their own scale (a uv quad over a
 * 512 x 512 buffer, one pixel a texel) with brow_raise at full weight, minus the same with no
 * layer, and read up a column of the forehead through its lines: each line is a fold at least
 * 4 mm across (where the tilt or the darkening is over 15 % of its peak), shaded on both sides (its
 * upper wall tilts one way, its lower the other) and darker in its crease. */
static void forehead_lines_are_folds(void **state)
{
    (void)state;
    enum { M = 512 };
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = M, .height = M});
    assert_non_null(wr);
    uint32_t *on = malloc(M * M * sizeof *on), *off = malloc(M * M * sizeof *off);
    mat4 model;
    glm_mat4_identity(model);
    const float none[HEAD_SHAPE_COUNT] = {0}, raise[HEAD_SHAPE_COUNT] = {[HEAD_BROW_RAISE] = 1.0f};
    wrinkle_set_weights(wr, none);
    wrinkle_compose(wr, &fx.quad, model);
    wrinkle_read_composed(wr, off);
    wrinkle_set_weights(wr, raise);
    wrinkle_compose(wr, &fx.quad, model);
    wrinkle_read_composed(wr, on);
    testgl_assert_no_error();
    /* the column: sculpt x = 20 mm, the forehead from 36 to 64 mm over the eye line (three lines) */
    int col = -1;
    for (int x = M / 2; x < M && col < 0; x++) {
        vec3 sp;
        head_sculpt_point((x + 0.5f) / M, 0.62f, sp);
        if (sp[0] >= 0.020f) col = x;
    }
    assert_true(col > 0);
    float dy[M], occ[M], mm[M];
    int lo = -1, hi = -1;
    for (int y = 0; y < M; y++) {
        float v = (y + 0.5f) / M, nx0, ny0, o0, nx1, ny1, o1;
        unsigned a;
        wrinkle_unpack(off[y * M + col], &nx0, &ny0, &o0, &a);
        wrinkle_unpack(on[y * M + col], &nx1, &ny1, &o1, &a);
        dy[y] = ny1 - ny0;
        occ[y] = o1 - o0;
        vec3 p0, p1, sp;
        head_surface_point((col + 0.5f) / M, v, p0);
        head_surface_point((col + 0.5f) / M, v + 1.0f / M, p1);
        mm[y] = 1000.0f * glm_vec3_distance(p0, p1); /* millimetres a texel, up the column */
        head_sculpt_point((col + 0.5f) / M, v, sp);
        if (sp[1] >= 0.036f && lo < 0) lo = y;
        if (sp[1] <= 0.064f) hi = y;
    }
    assert_true(lo > 0 && hi > lo + 8);
    /* the folds: runs of texels whose tilt or darkening is over 15 % of the column's peak (the
     * tilt alone passes through 0 at the crease's bottom, the darkening is deepest there) */
    float peak = 0.0f, dark = 0.0f;
    for (int y = lo; y <= hi; y++) {
        peak = fmaxf(peak, fabsf(dy[y]));
        dark = fminf(dark, occ[y]);
    }
    print_message("forehead column %d, rows %d-%d (%.2f mm a texel): peak tilt %.3f, occlusion %+.3f\n", col, lo, hi,
                  (double)mm[lo], (double)peak, (double)dark);
    assert_true(peak > 0.1f && dark < -0.1f);
#define IN_FOLD(k) (fabsf(dy[k]) > 0.15f * peak || occ[k] < 0.15f * dark)
    int folds = 0;
    for (int y = lo; y <= hi;) {
        if (!IN_FOLD(y)) { y++; continue; }
        int a = y;
        while (y <= hi && IN_FOLD(y)) y++;
        int b = y - 1;
        if (a == lo || y > hi) continue; /* cut by the window: not measured */
        float width = 0.0f, up = 0.0f, down = 0.0f, crease = 0.0f;
        int at_up = a, at_down = a;
        for (int k = a; k <= b; k++) {
            width += mm[k];
            if (dy[k] > up) { up = dy[k]; at_up = k; }
            if (dy[k] < down) { down = dy[k]; at_down = k; }
            crease = fminf(crease, occ[k]);
        }
        print_message("fold at rows %d-%d: %.1f mm across, tilt %+.3f at %d and %+.3f at %d, crease occlusion %+.3f\n", a, b,
                      (double)width, (double)up, at_up, (double)down, at_down, (double)crease);
        assert_true(width >= 4.0f);
        assert_true(up > 0.2f * peak && down < -0.2f * peak && at_up != at_down); /* both walls shaded */
        assert_true(crease < -0.05f);
        folds++;
    }
#undef IN_FOLD
    assert_true(folds >= 2);
    free(on);
    free(off);
    wrinkle_destroy(wr);
}

static void uncovered_pixels_keep_the_clear_value(void **state)
{
    (void)state;
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .maps = fx.maps});
    assert_non_null(wr);
    float w[HEAD_SHAPE_COUNT] = {[HEAD_SMILE] = 1.0f};
    wrinkle_set_weights(wr, w);
    mat4 model;
    glm_scale_make(model, (vec3){0.5f, 0.5f, 1.0f});
    wrinkle_compose(wr, &fx.quad, model);
    uint32_t *px = malloc(N * N * sizeof *px);
    wrinkle_read_composed(wr, px);
    int inside = 0, outside = 0;
    for (int y = 0; y < N; y++) {
        for (int x = 0; x < N; x++) {
            uint32_t p = px[y * N + x];
            bool in = x >= N / 4 && x < 3 * N / 4 && y >= N / 4 && y < 3 * N / 4;
            if (in) { assert_int_equal(p >> 30, 3u); inside++; }
            else {
                /* cleared: flat normal (0.5 may round either way in 10 bits), no occlusion, alpha 0 */
                uint32_t flat = wrinkle_pack(0.0f, 0.0f, 1.0f, 0);
                assert_int_equal(p >> 30, 0u);
                for (int s = 0; s < 30; s += 10) assert_true(channel_diff(p, flat, s) <= 1);
                outside++;
            }
        }
    }
    assert_int_equal(inside, N * N / 4);
    assert_int_equal(outside, N * N * 3 / 4);
    free(px);
    /* the buffer follows the screen size */
    assert_true(wrinkle_resize(wr, 2 * N, N));
    int w2, h2;
    wrinkle_size(wr, &w2, &h2);
    assert_int_equal(w2, 2 * N);
    assert_int_equal(h2, N);
    wrinkle_destroy(wr);
    wrinkle_destroy(NULL);
}

/* Missing maps are logged and drawn as gfx's magenta/black checker: the compose still runs, and
 * the checker's cells show in the composed normals (a flat map would give G = B = 0.5). */
static void missing_maps_are_checkers(void **state)
{
    (void)state;
    int before = log_error_count();
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = N, .height = N, .asset_dir = "assets/no-such-dir"});
    assert_non_null(wr);
    assert_true(log_error_count() > before);
    GLuint fbo_before = 0;
    gfx_target outer;
    assert_true(gfx_target_create(&outer, &(gfx_target_desc){.width = 8, .height = 8, .color = {GL_RGBA8}}));
    gfx_target_begin(&outer, NULL);
    gfx_target_viewport(1, 2, 3, 4);
    GLint fbo = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
    fbo_before = (GLuint)fbo;
    mat4 model;
    glm_mat4_identity(model);
    wrinkle_set_weights(wr, (float[HEAD_SHAPE_COUNT]){0});
    wrinkle_compose(wr, &fx.quad, model);
    GLint vp[4];
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
    glGetIntegerv(GL_VIEWPORT, vp);
    assert_int_equal((GLuint)fbo, fbo_before);
    assert_int_equal(vp[0], 1);
    assert_int_equal(vp[1], 2);
    assert_int_equal(vp[2], 3);
    assert_int_equal(vp[3], 4);
    gfx_target_end();
    gfx_target_destroy(&outer);
    uint32_t *px = malloc(N * N * sizeof *px);
    wrinkle_read_composed(wr, px);
    int face = 0, differ = 0;
    for (int i = 0; i < N * N; i++) {
        unsigned a = px[i] >> 30, g = (px[i] >> 10) & 1023u, b = (px[i] >> 20) & 1023u;
        if (a == 0) continue;
        face++;
        if (g != b) differ++; /* the checker's G = 0 and R = B pull the two apart */
    }
    free(px);
    assert_true(face > N * N / 2);
    assert_true(differ > 0);
    wrinkle_destroy(wr);
    testgl_assert_no_error();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(composed_texels_equal_the_cpu_reference),
        cmocka_unit_test(channels_follow_the_layout),
        cmocka_unit_test(gpu_morph_equals_the_cpu_morph),
        cmocka_unit_test(a_callers_mesh_with_null_shapes),
        cmocka_unit_test(forehead_lines_are_folds),
        cmocka_unit_test(uncovered_pixels_keep_the_clear_value),
        cmocka_unit_test(missing_maps_are_checkers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

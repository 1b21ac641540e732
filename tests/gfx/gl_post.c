/* The post stack's passes on known inputs, pixels read back: bloom spreads a bright pixel's
 * energy without adding any (also with its last step taken by DOF's gather), SSAO darkens an inside corner and leaves a flat floor alone, FXAA
 * makes an aliased edge closer to its true coverage (shading only the colour pass's candidates,
 * which cover every edge), an identity grade changes no pixel, the auto exposure meters the part
 * of the picture it is told to (gfx_exposure_meter: a face before a dark backdrop). */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cglm/cglm.h>

#include "base/log.h"
#include "gfx/post/bloom.h"
#include "gfx/post/dof.h"
#include "gfx/post/exposure.h"
#include "gfx/post/fxaa.h"
#include "gfx/post/grade.h"
#include "gfx/post/ssao.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"

static GLuint float_tex(int w, int h, const float *rgba)
{
    return gfx_texture_create(&(gfx_texture_desc){.width = w, .height = h, .internal_format = GL_RGBA16F,
                                                  .format = GL_RGBA, .type = GL_FLOAT, .data = rgba});
}

static void read_float_tex(GLuint tex, float *out)
{
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
    glBindTexture(GL_TEXTURE_2D, 0);
}

static void bloom_spreads_energy_without_adding_it(void **state)
{
    (void)state;
    enum { W = 256, H = 256 };
    float *src = calloc((size_t)W * H * 4, sizeof *src);
    const float hot = 500.0f; /* one very hot pixel (a spark) in the middle of a black frame */
    src[((H / 2) * W + W / 2) * 4 + 0] = hot;
    src[((H / 2) * W + W / 2) * 4 + 1] = hot * 0.5f;
    GLuint tex = float_tex(W, H, src);
    gfx_bloom *b = gfx_bloom_create(&(gfx_bloom_desc){.width = W, .height = H});
    assert_non_null(b);
    GLuint out = gfx_bloom_run(b, tex, 0, 0);
    int bw, bh;
    gfx_bloom_size(b, &bw, &bh);
    assert_int_equal(bw, W / 2);
    float *px = malloc((size_t)bw * bh * 4 * sizeof *px);
    read_float_tex(out, px);
    double sum_r = 0, sum_g = 0, peak = 0;
    int lit = 0;
    for (int i = 0; i < bw * bh; i++) {
        sum_r += px[i * 4];
        sum_g += px[i * 4 + 1];
        if (px[i * 4] > peak) peak = px[i * 4];
        lit += px[i * 4] > 1e-4f;
    }
    /* a half-size texel covers four source pixels */
    assert_float_equal(sum_r * 4.0, hot, hot * 0.03);
    assert_float_equal(sum_g * 4.0, hot * 0.5, hot * 0.5 * 0.03);
    /* and it is spread: hundreds of texels lit, none anywhere near the input */
    assert_true(lit > 500);
    assert_true(peak * 4.0 < hot * 0.2);
    free(px);
    free(src);
    gfx_bloom_destroy(b);
    gfx_texture_destroy(tex);
    testgl_assert_no_error();
}

/* With DOF on, the bloom chain stops a step short (quarter size) and DOF's gather takes the last
 * step as it composites: with everything in focus and the bloom's share 1, the composite is the
 * bloom alone, and it must still hold the hot pixel's energy, spread round where it was. */
static void bloom_last_step_in_dof_keeps_energy(void **state)
{
    (void)state;
    enum { W = 256, H = 256 };
    float *src = calloc((size_t)W * H * 4, sizeof *src);
    const float hot = 500.0f;
    src[((H / 2) * W + W / 2) * 4 + 0] = hot;
    GLuint tex = float_tex(W, H, src);
    mat4 proj;
    glm_perspective(glm_rad(60.0f), 1.0f, 0.1f, 100.0f, proj);
    const float focus = 4.0f; /* every pixel at the focus distance: CoC 0, no blur share */
    float *depth = malloc((size_t)W * H * sizeof *depth);
    for (int i = 0; i < W * H; i++) depth[i] = (-proj[2][2] + proj[3][2] / focus) * 0.5f + 0.5f;
    GLuint dtex = gfx_texture_create(&(gfx_texture_desc){.width = W, .height = H, .internal_format = GL_R32F,
                                                         .format = GL_RED, .type = GL_FLOAT, .data = depth,
                                                         .flags = GFX_TEX_NEAREST});
    gfx_bloom *b = gfx_bloom_create(&(gfx_bloom_desc){.width = W, .height = H});
    gfx_dof *d = gfx_dof_create(&(gfx_dof_desc){.width = W, .height = H});
    assert_non_null(b);
    assert_non_null(d);
    float params[4];
    gfx_dof_params(d, (const float *)proj, focus, params);
    GLuint half = gfx_dof_half(d, tex, dtex, 0, params);
    GLuint low = gfx_bloom_run(b, 0, 0, half);
    int lw = 0, lh = 0;
    glBindTexture(GL_TEXTURE_2D, low);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &lw);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &lh);
    glBindTexture(GL_TEXTURE_2D, 0);
    assert_int_equal(lw, W / 4); /* a step short: level 1 */
    assert_int_equal(lh, H / 4);
    GLuint comp = gfx_dof_run(d, &(gfx_dof_composite){.bloom = low, .bloom_strength = 1.0f,
                                                      .bloom_keep = gfx_bloom_keep(b)}, params);
    enum { HW = W / 2, HH = H / 2 };
    float *px = malloc((size_t)HW * HH * 4 * sizeof *px);
    read_float_tex(comp, px);
    double sum = 0, peak = 0, sharp = 0;
    int lit = 0, px_peak = 0;
    for (int i = 0; i < HW * HH; i++) {
        sum += px[i * 4];
        sharp = fmax(sharp, fabs(px[i * 4 + 3])); /* the sharp pixel's factor: 0 at share 1 */
        if (px[i * 4] > peak) { peak = px[i * 4]; px_peak = i; }
        lit += px[i * 4] > 1e-4f;
    }
    assert_float_equal(sum * 4.0, hot, hot * 0.03); /* a half-size texel covers four pixels */
    assert_true(sharp < 1e-6);
    assert_true(lit > 500);
    assert_true(peak * 4.0 < hot * 0.4); /* level 0 keeps 0.35 of its own 2x2 average */
    assert_true(abs(px_peak % HW - HW / 2) <= 1 && abs(px_peak / HW - HH / 2) <= 1);
    free(px);
    free(depth);
    free(src);
    gfx_bloom_destroy(b);
    gfx_dof_destroy(d);
    gfx_texture_destroy(tex);
    gfx_texture_destroy(dtex);
    testgl_assert_no_error();
}

/* Depth of a camera at (0, 1.2, 3) looking at (0, 0.6, -2): floor y = 0, wall z = -2. */
enum { AW = 160, AH = 120 };
static void corner_depth(bool with_wall, float *depth, mat4 proj)
{
    mat4 view, inv;
    glm_lookat((vec3){0, 1.2f, 3}, (vec3){0, 0.6f, -2}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(60.0f), (float)AW / AH, 0.1f, 100.0f, proj);
    mat4 vp;
    glm_mat4_mul(proj, view, vp);
    glm_mat4_inv(vp, inv);
    for (int y = 0; y < AH; y++)
        for (int x = 0; x < AW; x++) {
            vec4 nearp = {(x + 0.5f) / AW * 2 - 1, (y + 0.5f) / AH * 2 - 1, -1, 1}, farp = {nearp[0], nearp[1], 1, 1};
            vec4 a, b;
            glm_mat4_mulv(inv, nearp, a);
            glm_mat4_mulv(inv, farp, b);
            vec3 o = {a[0] / a[3], a[1] / a[3], a[2] / a[3]}, e = {b[0] / b[3], b[1] / b[3], b[2] / b[3]}, d;
            glm_vec3_sub(e, o, d);
            float t = 1e9f;
            if (d[1] < 0) t = -o[1] / d[1];                                     /* floor */
            if (with_wall && d[2] < 0 && (-2 - o[2]) / d[2] < t) t = (-2 - o[2]) / d[2]; /* wall */
            float v = 1.0f;
            if (t < 1e8f) {
                vec4 p = {o[0] + d[0] * t, o[1] + d[1] * t, o[2] + d[2] * t, 1}, c;
                glm_mat4_mulv(vp, p, c);
                v = c[2] / c[3] * 0.5f + 0.5f;
            }
            depth[y * AW + x] = v;
        }
}

static void ssao_darkens_a_corner_not_a_floor(void **state)
{
    (void)state;
    static float depth[AW * AH];
    mat4 proj;
    gfx_ssao *s = gfx_ssao_create(&(gfx_ssao_desc){.width = AW, .height = AH});
    assert_non_null(s);
    float ao[2][(AW / 2) * (AH / 2) * 4];
    for (int wall = 0; wall < 2; wall++) {
        corner_depth(wall, depth, proj);
        GLuint tex = gfx_texture_create(&(gfx_texture_desc){.width = AW, .height = AH, .internal_format = GL_R32F,
                                                            .format = GL_RED, .type = GL_FLOAT, .data = depth,
                                                            .flags = GFX_TEX_NEAREST});
        GLuint out = gfx_ssao_run(s, tex, (const float *)proj);
        read_float_tex(out, ao[wall]);
        gfx_texture_destroy(tex);
    }
    /* floor only: every floor pixel stays open (the outermost column and row, whose neighbours
     * are clamped to themselves, aside) */
    float floor_min = 1;
    for (int y = 1; y < AH / 2 - 1; y++)
        for (int x = 1; x < AW / 2 - 1; x++) floor_min = fminf(floor_min, ao[0][(y * (AW / 2) + x) * 4]);
    assert_true(floor_min > 0.97f);
    /* with the wall: find the crease (where depth switches from floor to wall along a column)
     * and look just below and above it */
    corner_depth(true, depth, proj);
    int x = AW / 2, crease = -1;
    for (int y = 1; y < AH; y++) {
        float d0 = depth[(y - 1) * AW + x], d1 = depth[y * AW + x];
        if (crease < 0 && fabsf(d1 - d0) < 1e-6f) continue;
        /* the floor's depth falls towards the horizon; the wall's stays almost flat */
        if (crease < 0 && y > 2 && fabsf(d1 - d0) < 0.25f * fabsf(depth[(y - 2) * AW + x] - d0)) crease = y;
    }
    assert_true(crease > 4 && crease < AH - 4);
    float at_crease = ao[1][((crease / 2) * (AW / 2) + x / 2) * 4];
    float far_below = ao[1][((crease / 2 - 18) * (AW / 2) + x / 2) * 4];
    assert_true(at_crease < 0.85f);
    assert_true(far_below > 0.97f);
    gfx_ssao_destroy(s);
    testgl_assert_no_error();
}

/* Mean absolute error against the true coverage of the half-plane y < 0.3 x + 10.5 (in pixels). */
enum { FW = 64, FH = 32 };
static float coverage(int x, int y)
{
    int in = 0;
    for (int sy = 0; sy < 16; sy++)
        for (int sx = 0; sx < 16; sx++) {
            float px = x + (sx + 0.5f) / 16, py = y + (sy + 0.5f) / 16;
            in += py < 0.3f * px + 10.5f;
        }
    return in / 256.0f;
}

/* The colour pass (grade off, fixed exposure) with FXAA's preparation, then FXAA: out = the
 * picture, ldr = FXAA's input (luma in alpha), mark = the candidates' depth (1 = candidate). With
 * `everywhere` every pixel is made a candidate before FXAA runs. */
static void grade_then_fxaa_with(gfx_grade_neighbours nb, const float *hdr, int w, int h, bool everywhere,
                                 unsigned char *out, unsigned char *ldr, float *mark)
{
    GLuint tex = float_tex(w, h, hdr);
    gfx_target t, l;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGBA8},
                                                         .depth = GL_DEPTH_COMPONENT24}));
    assert_true(gfx_target_create(&l, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGBA8}}));
    gfx_grade *g = gfx_grade_create(&(gfx_grade_desc){.neighbours = nb});
    gfx_fxaa *f = gfx_fxaa_create();
    assert_non_null(g);
    assert_non_null(f);
    gfx_grade_run(g, &(gfx_grade_inputs){.hdr = tex, .exposure_fixed = 0.8f, .sharpen = true, .fxaa_tex = l.color[0]},
                  &t);
    if (mark) {
        gfx_target_bind(&t);
        glReadPixels(0, 0, w, h, GL_DEPTH_COMPONENT, GL_FLOAT, mark);
    }
    if (ldr) gfx_target_read_rgba8(&l, ldr);
    if (everywhere) {
        gfx_target_bind(&t);
        gfx_state_clear(GL_DEPTH_BUFFER_BIT);
    }
    gfx_fxaa_run(f, l.color[0], &t);
    gfx_target_read_rgba8(&t, out);
    gfx_fxaa_destroy(f);
    gfx_grade_destroy(g);
    gfx_target_destroy(&l);
    gfx_target_destroy(&t);
    gfx_texture_destroy(tex);
}

static void grade_then_fxaa(const float *hdr, int w, int h, bool everywhere, unsigned char *out, unsigned char *ldr,
                            float *mark)
{
    grade_then_fxaa_with(GFX_GRADE_NEIGHBOURS_AUTO, hdr, w, h, everywhere, out, ldr, mark);
}

/* FXAA's own edge test on its input (luma in alpha), as post_fxaa.frag does it. */
static bool fxaa_edge(const unsigned char *ldr, int w, int h, int x, int y)
{
#define LUMA(X, Y) (ldr[(((Y) < 0 ? 0 : (Y) >= h ? h - 1 : (Y)) * w + ((X) < 0 ? 0 : (X) >= w ? w - 1 : (X))) * 4 + 3] / 255.0f)
    float m = LUMA(x, y), n = LUMA(x, y + 1), s = LUMA(x, y - 1), e = LUMA(x + 1, y), wv = LUMA(x - 1, y);
#undef LUMA
    float lmin = fminf(m, fminf(fminf(n, s), fminf(e, wv))), lmax = fmaxf(m, fmaxf(fmaxf(n, s), fmaxf(e, wv)));
    return lmax - lmin >= fmaxf(0.0833f, lmax * 0.166f);
}

static void fxaa_reduces_an_edges_staircase(void **state)
{
    (void)state;
    /* HDR input: bright below the edge, black above, no anti-aliasing */
    static float hdr[FW * FH * 4];
    for (int y = 0; y < FH; y++)
        for (int x = 0; x < FW; x++) {
            float v = (y + 0.5f) < 0.3f * (x + 0.5f) + 10.5f ? 40.0f : 0.0f;
            for (int k = 0; k < 3; k++) hdr[(y * FW + x) * 4 + k] = v;
            hdr[(y * FW + x) * 4 + 3] = 1;
        }
    static unsigned char out[FW * FH * 4], ldr[FW * FH * 4], all[FW * FH * 4];
    static float mark[FW * FH];
    grade_then_fxaa(hdr, FW, FH, false, out, ldr, mark);
    double err_in = 0, err_out = 0;
    int partial = 0;
    for (int y = 0; y < FH; y++)
        for (int x = 4; x < FW - 4; x++) {
            float c = coverage(x, y);
            err_in += fabsf(ldr[(y * FW + x) * 4] / 255.0f - c);
            err_out += fabsf(out[(y * FW + x) * 4] / 255.0f - c);
            partial += out[(y * FW + x) * 4] > 10 && out[(y * FW + x) * 4] < 245;
        }
    assert_true(partial > 30);            /* the staircase got intermediate steps */
    assert_true(err_out < 0.8 * err_in);  /* closer to the true edge */
    /* only candidates are shaded: the same bytes as FXAA on every pixel */
    grade_then_fxaa(hdr, FW, FH, true, all, NULL, NULL);
    assert_memory_equal(out, all, sizeof out);
    testgl_assert_no_error();
}

/* The colour pass's mark, judged from HDR neighbours, covers every pixel FXAA finds on an edge
 * in its own input: a noisy picture of many contrasts, brightness from black to far past white,
 * and bright bloom-like HDR texels. */
static void fxaa_mark_covers_every_edge(void **state)
{
    (void)state;
    enum { W = 96, H = 64 };
    static float hdr[W * H * 4];
    unsigned r = 12345;
    for (int i = 0; i < W * H; i++) {
        r = r * 1664525u + 1013904223u;
        float level = (float)(i % W) / W * 4.0f;           /* darker to brighter across */
        float noise = (float)(r >> 8) / 16777216.0f;        /* 0..1 */
        float v = level * noise * noise;
        hdr[i * 4 + 0] = v * (0.6f + 0.4f * (float)((r >> 3) & 1));
        hdr[i * 4 + 1] = v;
        hdr[i * 4 + 2] = v * (0.5f + 0.5f * (float)((r >> 5) & 1));
        hdr[i * 4 + 3] = 1;
    }
    static unsigned char out[W * H * 4], ldr[W * H * 4], all[W * H * 4];
    static float mark[W * H];
    grade_then_fxaa(hdr, W, H, false, out, ldr, mark);
    int edges = 0, marked = 0, missed = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool e = fxaa_edge(ldr, W, H, x, y), m = mark[y * W + x] > 0.5f;
            edges += e;
            marked += m;
            missed += e && !m;
        }
    assert_true(edges > W * H / 10); /* the picture has edges to find */
    assert_int_equal(missed, 0);
    assert_true(marked < W * H);     /* and the mark is not simply everything */
    grade_then_fxaa(hdr, W, H, true, all, NULL, NULL);
    assert_memory_equal(out, all, sizeof out);
    testgl_assert_no_error();
}

/* The neighbours' luma shared across 2x2 quads (derivatives) gives the picture, FXAA's input and
 * its mark that four fetches give, on a noisy picture where every pixel's neighbours differ
 * (rounding aside: at most 1/255 on a few pixels). Where derivatives are not per row and column
 * (or the quad's sides were swapped) the sharpened picture and the mark move on most pixels. */
static void quad_luma_matches_fetched_neighbours(void **state)
{
    (void)state;
    enum { W = 96, H = 64 };
    static float hdr[W * H * 4];
    unsigned r = 777;
    for (int i = 0; i < W * H; i++) {
        r = r * 1664525u + 1013904223u;
        float v = 3.0f * (float)(r >> 8) / 16777216.0f * (float)(r >> 8) / 16777216.0f;
        hdr[i * 4 + 0] = v * (0.5f + 0.5f * (float)((r >> 3) & 1));
        hdr[i * 4 + 1] = v;
        hdr[i * 4 + 2] = v * (0.7f + 0.3f * (float)((r >> 5) & 1));
        hdr[i * 4 + 3] = 1;
    }
    static unsigned char out_f[W * H * 4], ldr_f[W * H * 4], out_q[W * H * 4], ldr_q[W * H * 4];
    static float mark_f[W * H], mark_q[W * H];
    grade_then_fxaa_with(GFX_GRADE_NEIGHBOURS_FETCH, hdr, W, H, false, out_f, ldr_f, mark_f);
    grade_then_fxaa_with(GFX_GRADE_NEIGHBOURS_QUAD, hdr, W, H, false, out_q, ldr_q, mark_q);
    int off = 0, marks = 0, mark_diff = 0;
    for (int i = 0; i < W * H * 4; i++) {
        assert_true(abs(out_f[i] - out_q[i]) <= 1 && abs(ldr_f[i] - ldr_q[i]) <= 1);
        off += out_f[i] != out_q[i];
    }
    for (int i = 0; i < W * H; i++) {
        marks += mark_f[i] > 0.5f;
        mark_diff += (mark_f[i] > 0.5f) != (mark_q[i] > 0.5f);
    }
    assert_true(off < W * H / 50);
    assert_true(marks > W * H / 10 && marks < W * H); /* a mark with something to get wrong */
    assert_true(mark_diff <= W * H / 500);
    testgl_assert_no_error();
}

static void identity_grade_leaves_pixels_equal(void **state)
{
    (void)state;
    enum { W = 64, H = 16 };
    static float src[W * H * 4];
    for (int i = 0; i < W * H; i++) {
        src[i * 4 + 0] = (float)(i % W) / W * 3.0f;
        src[i * 4 + 1] = (float)(i / W) / H;
        src[i * 4 + 2] = (float)((i * 7) % 13) / 13.0f * 1.5f;
        src[i * 4 + 3] = 1;
    }
    GLuint tex = float_tex(W, H, src);
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = W, .height = H, .color = {GL_RGBA8}}));
    gfx_grade_look id = gfx_grade_identity();
    gfx_grade *g = gfx_grade_create(&(gfx_grade_desc){.look = &id});
    assert_non_null(g);
    static unsigned char off[W * H * 4], on[W * H * 4], look[W * H * 4];
    gfx_grade_run(g, &(gfx_grade_inputs){.hdr = tex, .exposure_fixed = 0.8f, .grade = false}, &t);
    gfx_target_read_rgba8(&t, off);
    gfx_grade_run(g, &(gfx_grade_inputs){.hdr = tex, .exposure_fixed = 0.8f, .grade = true}, &t);
    gfx_target_read_rgba8(&t, on);
    assert_memory_equal(off, on, sizeof off);
    /* and a real look does change them (the test above is not vacuous) */
    gfx_grade_look warm = id;
    warm.gain[0] = 1.2f;
    warm.saturation = 1.3f;
    gfx_grade_set_look(g, &warm);
    gfx_grade_run(g, &(gfx_grade_inputs){.hdr = tex, .exposure_fixed = 0.8f, .grade = true}, &t);
    gfx_target_read_rgba8(&t, look);
    int changed = 0;
    for (int i = 0; i < W * H * 4; i++) changed += look[i] != off[i];
    assert_true(changed > W * H / 2);
    gfx_grade_destroy(g);
    gfx_target_destroy(&t);
    gfx_texture_destroy(tex);
    testgl_assert_no_error();
}

/* A frame dark on its left half (luminance 0.01) and bright on its right (1.0): metered whole, the
 * exposure aims the log mean (0.1) at the key (0.16); metered on the bright half it is lower (to
 * its floor), on the dark half higher (to its ceiling); the meter is forgotten with NULL. */
static void exposure_meters_the_part_it_is_told(void **state)
{
    (void)state;
    enum { W = 64, H = 64 };
    float *src = malloc((size_t)W * H * 4 * sizeof *src);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int k = 0; k < 4; k++) src[(y * W + x) * 4 + k] = k == 3 ? 1.0f : x < W / 2 ? 0.01f : 1.0f;
    GLuint tex = float_tex(W, H, src);
    gfx_exposure *e = gfx_exposure_create(&(gfx_exposure_desc){0});
    assert_non_null(e);
    const float bright[4] = {0.5f, 0.0f, 1.0f, 1.0f}, dark[4] = {0.0f, 0.0f, 0.5f, 1.0f};
    const float *meters[4] = {NULL, bright, dark, NULL};
    float got[4], px[4];
    for (int i = 0; i < 4; i++) {
        gfx_exposure_reset(e);
        gfx_exposure_meter(e, meters[i]);
        read_float_tex(gfx_exposure_run(e, tex, 0.1f, 0.0f), px);
        got[i] = px[0];
    }
    print_message("exposure: whole %.3f, bright half %.3f, dark half %.3f, whole again %.3f\n", got[0], got[1], got[2], got[3]);
    assert_true(fabsf(got[0] - 1.6f) < 0.1f);  /* 0.16 / sqrt(0.01 x 1) */
    assert_true(fabsf(got[1] - 0.3f) < 0.01f); /* 0.16 / 1, held at the floor 0.3 */
    assert_true(fabsf(got[2] - 2.4f) < 0.01f); /* 0.16 / 0.01, held at the ceiling 2.4 */
    assert_true(fabsf(got[3] - got[0]) < 1e-4f);
    testgl_assert_no_error();
    gfx_exposure_destroy(e);
    gfx_texture_destroy(tex);
    free(src);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bloom_spreads_energy_without_adding_it),
        cmocka_unit_test(bloom_last_step_in_dof_keeps_energy),
        cmocka_unit_test(ssao_darkens_a_corner_not_a_floor),
        cmocka_unit_test(fxaa_reduces_an_edges_staircase),
        cmocka_unit_test(fxaa_mark_covers_every_edge),
        cmocka_unit_test(quad_luma_matches_fetched_neighbours),
        cmocka_unit_test(identity_grade_leaves_pixels_equal),
        cmocka_unit_test(exposure_meters_the_part_it_is_told),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}

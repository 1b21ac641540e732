/* Dissolve CPU mirror, tileable noise and gallery props: the properties the shaders rely on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "base/rng.h"
#include "dissolve/core/dissolve_math.h"
#include "base/log.h"
#include "base/mesh.h"
#include "dissolve/core/noise_bake.h"
#include "dissolve/core/props.h"

static noise_tex *noise;

static int setup(void **state)
{
    (void)state;
    log_set_quiet(true);
    noise = noise_bake(&(noise_desc){0});
    return noise ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    noise_destroy(noise);
    return 0;
}

static void build_gallery_mesh(int which, mesh_data *m)
{
    mesh_clear(m);
    if (which == 0) mesh_build_box(m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    else if (which == 1) mesh_build_sphere(m, 0.45f, 48, 24);
    else props_build_crystals(m, 4);
}

static void model_at(float x, float y, float z, float s, mat4 out)
{
    glm_mat4_identity(out);
    glm_translate(out, (vec3){x, y, z});
    glm_rotate_y(out, 0.6f, out);
    glm_scale_uni(out, s);
}

static dissolve_params params_for(int mode, int shape, float amount)
{
    dissolve_params p = dissolve_params_defaults();
    p.mode = (dissolve_mode)mode;
    p.shape = (dissolve_shape)shape;
    p.amount = amount;
    glm_vec3_copy((vec3){1, 1.5f, 0}, p.from);
    glm_vec3_copy((vec3){1, 0.3f, 0}, p.to);
    glm_vec3_copy((vec3){1.6f, 1.4f, 0.3f}, p.center);
    p.radius = 1.5f;
    glm_vec3_copy(p.center, p.target);
    return p;
}

static void amount_zero_moves_and_discards_nothing(void **state)
{
    (void)state;
    mesh_data m = {0};
    mat4 model;
    model_at(1, 0.9f, 0, 1, model);
    for (int which = 0; which < 3; which++) {
        build_gallery_mesh(which, &m);
        for (int mode = 0; mode < 3; mode++)
            for (int shape = 0; shape < 3; shape++) {
                dissolve_params p = params_for(mode, shape, 0.0f);
                for (int i = 0; i < m.vertex_count; i++) {
                    vec3 rest, ws, dir;
                    glm_mat4_mulv3(model, m.pos[i], 1.0f, rest);
                    dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model, ws);
                    assert_float_equal(glm_vec3_distance(rest, ws), 0.0f, 1e-6);
                    dissolve_direction(&p, m.nrm[i], m.snrm[i], dir);
                    float d = dissolve_fragment_d(&p, noise, m.pos[i], dir, model);
                    assert_true(d >= 0.0f);
                    /* no glow either: the edge band has not reached the surface yet */
                    assert_float_equal(dissolve_glow(d, p.edge_width), 0.0f, 1e-6);
                }
            }
    }
    mesh_data_free(&m);
}

static void amount_one_discards_everything(void **state)
{
    (void)state;
    mesh_data m = {0};
    mat4 model;
    model_at(1, 0.9f, 0, 1, model);
    for (int which = 0; which < 3; which++) {
        build_gallery_mesh(which, &m);
        for (int mode = 0; mode < 3; mode++)
            for (int shape = 0; shape < 3; shape++) {
                dissolve_params p = params_for(mode, shape, 1.0f);
                for (int i = 0; i < m.vertex_count; i++) {
                    vec3 dir;
                    dissolve_direction(&p, m.nrm[i], m.snrm[i], dir);
                    assert_true(dissolve_fragment_d(&p, noise, m.pos[i], dir, model) < 0.0f);
                }
            }
    }
    /* Also every point between vertices: t never exceeds 1, whatever the noise says. */
    dissolve_params p = params_for(DISSOLVE_MODE_PUSH, DISSOLVE_SHAPE_NOISE, 1.0f);
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < 20000; i++) {
        float rest[3] = {rng_float(&r) * 4 - 2, rng_float(&r) * 4 - 2, rng_float(&r) * 4 - 2};
        vec3 dir = {rng_float(&r) - 0.5f, rng_float(&r) - 0.5f, rng_float(&r) - 0.5f};
        glm_vec3_normalize(dir);
        assert_true(dissolve_fragment_d(&p, noise, rest, dir, model) < 0.0f);
    }
    mesh_data_free(&m);
}

static void push_weight_peaks_at_the_edge(void **state)
{
    (void)state;
    const float band = 0.2f;
    assert_float_equal(dissolve_push_weight(0.0f, band), 1.0f, 1e-6);
    float prev = 1.0f;
    for (int i = 1; i <= 400; i++) {
        float d = band * 1.5f * (float)i / 400.0f;
        float w = dissolve_push_weight(d, band), wn = dissolve_push_weight(-d, band);
        assert_float_equal(w, wn, 1e-6);           /* a bump on both sides of the edge */
        assert_true(w <= prev + 1e-7f && w < 1.0f);  /* the edge is the only peak */
        if (d >= band) assert_float_equal(w, 0.0f, 0.0);
        else assert_true(w > 0.0f);
        prev = w;
    }
}

static void pull_weight_is_monotonic(void **state)
{
    (void)state;
    const float band = 0.25f;
    float prev = 2.0f;
    for (int i = -400; i <= 400; i++) {
        float d = band * 2.0f * (float)i / 400.0f;
        float w = dissolve_pull_weight(d, band);
        assert_true(w <= prev);
        if (d <= 0.0f) assert_float_equal(w, 1.0f, 0.0);   /* burnt: all the way to the target */
        if (d >= band) assert_float_equal(w, 0.0f, 0.0);
        prev = w;
    }
}

static void threshold_backs_off_by_the_wider_band(void **state)
{
    (void)state;
    dissolve_params p = dissolve_params_defaults();
    p.edge_width = 0.05f;
    p.band = 0.3f;
    p.mode = DISSOLVE_MODE_NONE;
    assert_float_equal(dissolve_threshold(&p), -0.05f, 1e-6);
    p.mode = DISSOLVE_MODE_PUSH;
    assert_float_equal(dissolve_threshold(&p), -0.3f, 1e-6);
    p.amount = 1.0f;
    assert_true(dissolve_threshold(&p) > 1.0f);
}

/* Same world surface from a mesh ten times larger drawn at a tenth of the scale: same t, same
 * displacement in metres. */
static void guiding_shapes_span_zero_to_one(void **state)
{
    (void)state;
    dissolve_params p = params_for(DISSOLVE_MODE_NONE, DISSOLVE_SHAPE_SPHERE, 0.0f);
    p.noise_weight = 0.0f;
    p.inner_radius = 0.5f;
    p.radius = 1.5f;
    vec3 scale = {1, 1, 1}, dir = {0, 1, 0};
    float zero[3] = {0, 0, 0};
    for (int i = 0; i <= 20; i++) {
        float r = 2.0f * (float)i / 20.0f;
        vec3 ws = {p.center[0] + r, p.center[1], p.center[2]};
        float expect = r < 0.5f ? 0.0f : (r > 1.5f ? 1.0f : r - 0.5f);
        assert_float_equal(dissolve_value(&p, noise, zero, dir, ws, scale, 0.0f), expect, 1e-5);
    }
    p.shape = DISSOLVE_SHAPE_DIRECTION; /* from y 1.5 to y 0.3 */
    for (int i = 0; i <= 20; i++) {
        float y = 1.8f - 1.8f * (float)i / 20.0f;
        vec3 ws = {1, y, 0};
        float expect = fminf(fmaxf((1.5f - y) / 1.2f, 0.0f), 1.0f);
        assert_float_equal(dissolve_value(&p, noise, zero, dir, ws, scale, 0.0f), expect, 1e-5);
    }
}

static void displacement_is_in_world_metres(void **state)
{
    (void)state;
    mesh_data m = {0}, big = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    mat4 ten = GLM_MAT4_IDENTITY_INIT;
    glm_scale_uni(ten, 10.0f);
    mesh_append(&big, &m, ten);
    mat4 model_small, model_big;
    model_at(1, 0.9f, 0, 1.0f, model_small);
    model_at(1, 0.9f, 0, 0.1f, model_big);
    for (int mode = 1; mode < 3; mode++) {
        dissolve_params p = params_for(mode, DISSOLVE_SHAPE_DIRECTION, 0.45f);
        int moved = 0;
        for (int i = 0; i < m.vertex_count; i++) {
            vec3 a, b, rest;
            dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model_small, a);
            dissolve_vertex(&p, noise, big.pos[i], big.nrm[i], big.snrm[i], model_big, b);
            assert_float_equal(glm_vec3_distance(a, b), 0.0f, 1e-4);
            glm_mat4_mulv3(model_small, m.pos[i], 1.0f, rest);
            float moved_by = glm_vec3_distance(a, rest);
            if (mode == DISSOLVE_MODE_PUSH) {
                float d = dissolve_vertex_d(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model_small);
                assert_float_equal(moved_by, p.push_distance * dissolve_push_weight(d, p.band), 1e-5);
            }
            moved += moved_by > 1e-3f;
        }
        assert_true(moved > m.vertex_count / 10);
    }
    mesh_data_free(&m);
    mesh_data_free(&big);
}

/* Vertices that share a position (hard edges) land on the same point: no cracks. The pitfall
 * switch brings the cracks back, which proves the test can fail. */
/* Pull strands: the resting surface stays whole, burnt fragments near rest stay holes, and a
 * pulled sheet keeps ever thinner filaments (the noise is equalized: the kept share of n in 0..1
 * is the share of the sheet drawn). */
static void pull_strands_keep_the_surface_and_thin_the_sheets(void **state)
{
    (void)state;
    enum { N = 1000 };
    float prev = 2.0f;
    for (int ik = 0; ik <= 100; ik++) {
        const float k = (float)ik / 100.0f;
        int intact = 0, burnt = 0;
        for (int i = 0; i <= N; i++) {
            intact += dissolve_strand(0.1f, k, (float)i / N) >= 0.0f;
            burnt += dissolve_strand(-0.1f, k, (float)i / N) >= 0.0f;
        }
        const float share = (float)intact / (N + 1);
        if (ik == 0) assert_int_equal(intact, N + 1);
        if (k >= 0.05f) assert_true(share <= 0.05f);
        assert_true(share <= prev);
        prev = share;
        if (k < DISSOLVE_STRAND_BURNT_K) assert_int_equal(burnt, 0);
        else assert_int_equal(burnt, intact);
    }
}

/* The pulled box through the CPU mirror, every triangle sampled at barycentric points weighted
 * by its displaced (world) area: of the area moved more than 5 cm toward the target, the strands
 * keep a small share, where the plain cut (d >= 0, the pull before the strands) kept the
 * stretched sheets. */
static void pull_draws_strands_not_stretched_sheets(void **state)
{
    (void)state;
    mesh_data m = {0};
    build_gallery_mesh(0, &m);
    mat4 model;
    model_at(1, 0.7f, 0, 1, model);
    dissolve_params p = params_for(DISSOLVE_MODE_PULL, DISSOLVE_SHAPE_DIRECTION, 0.5f);
    glm_vec3_copy((vec3){1.8f, 2.2f, -0.5f}, p.target);
    vec3 *ws = malloc((size_t)m.vertex_count * sizeof *ws);
    float *k = malloc((size_t)m.vertex_count * sizeof *k);
    assert_non_null(ws);
    assert_non_null(k);
    for (int i = 0; i < m.vertex_count; i++) {
        dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model, ws[i]);
        k[i] = dissolve_pull_k(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model);
    }
    enum { S = 6 };
    double stretched = 0, cut = 0, strands = 0;
    for (int t = 0; t + 2 < m.index_count; t += 3) {
        const uint32_t *v = &m.idx[t];
        vec3 e1, e2, c;
        glm_vec3_sub(ws[v[1]], ws[v[0]], e1);
        glm_vec3_sub(ws[v[2]], ws[v[0]], e2);
        glm_vec3_cross(e1, e2, c);
        const double area = 0.5 * glm_vec3_norm(c) / ((S + 1) * (S + 2) / 2);
        for (int a = 0; a <= S; a++)
            for (int b = 0; a + b <= S; b++) {
                const float wb[3] = {(float)(S - a - b) / S, (float)a / S, (float)b / S};
                vec3 rest = {0}, at = {0}, dir = {0}, rest_ws;
                float kk = 0;
                for (int j = 0; j < 3; j++) {
                    glm_vec3_muladds(m.pos[v[j]], wb[j], rest);
                    glm_vec3_muladds(ws[v[j]], wb[j], at);
                    glm_vec3_muladds(m.snrm[v[j]], wb[j], dir);
                    kk += k[v[j]] * wb[j];
                }
                glm_mat4_mulv3(model, rest, 1.0f, rest_ws);
                if (glm_vec3_distance(at, rest_ws) < 0.05f) continue;
                const float d = dissolve_fragment_d(&p, noise, rest, dir, model);
                stretched += area;
                cut += d >= 0.0f ? area : 0.0;
                strands += dissolve_strand(d, kk, dissolve_strand_noise(&p, noise, rest, dir, model)) >= 0.0f ? area : 0.0;
            }
    }
    print_message("pulled box: stretched area %.3f m2, plain cut keeps %.3f, strands %.3f\n", stretched, cut, strands);
    assert_true(stretched > 0.1);
    assert_true(strands < 0.1 * stretched);
    assert_true(strands < 0.25 * cut);
    free(ws);
    free(k);
    mesh_data_free(&m);
}

static int count_cracks(const mesh_data *m, const dissolve_params *p, mat4 model)
{
    vec3 *out = malloc((size_t)m->vertex_count * sizeof *out);
    for (int i = 0; i < m->vertex_count; i++) dissolve_vertex(p, noise, m->pos[i], m->nrm[i], m->snrm[i], model, out[i]);
    int cracks = 0;
    for (int i = 0; i < m->vertex_count; i++)
        for (int j = i + 1; j < m->vertex_count; j++)
            if (glm_vec3_distance2(m->pos[i], m->pos[j]) < 1e-10f && glm_vec3_distance(out[i], out[j]) > 1e-4f) cracks++;
    free(out);
    return cracks;
}

/* The formula pitfalls the CPU mirror carries: each breaks exactly the property the correct
 * formula keeps. */
static void formula_pitfalls_break_what_they_should(void **state)
{
    (void)state;
    dissolve_params p = params_for(DISSOLVE_MODE_PUSH, DISSOLVE_SHAPE_DIRECTION, 0.0f);
    /* no-backoff: at amount 0 the threshold sits at -edge_width, inside the vertex band */
    p.pitfall = DISSOLVE_PITFALL_NO_BACKOFF;
    assert_float_equal(dissolve_threshold(&p), -p.edge_width, 1e-6);
    p.pitfall = DISSOLVE_PITFALL_NONE;
    assert_float_equal(dissolve_threshold(&p), -fmaxf(p.edge_width, p.band), 1e-6);

    mesh_data m = {0}, big = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    mat4 ten = GLM_MAT4_IDENTITY_INIT;
    glm_scale_uni(ten, 10.0f);
    mesh_append(&big, &m, ten);
    mat4 model, model_big;
    model_at(1, 0.9f, 0, 1.0f, model);
    model_at(1, 0.9f, 0, 0.1f, model_big);
    p.amount = 0.7f; /* deep enough that part of the box is burnt beyond the band */
    int burnt = 0, spread = 0;
    for (int i = 0; i < m.vertex_count; i++) {
        vec3 ok, bad, rest;
        glm_mat4_mulv3(model, m.pos[i], 1.0f, rest);
        float d = dissolve_vertex_d(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model);
        /* one-sided: a vertex burnt deeper than the band stays pushed all the way */
        p.pitfall = DISSOLVE_PITFALL_ONE_SIDED;
        dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model, bad);
        p.pitfall = DISSOLVE_PITFALL_NONE;
        dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model, ok);
        if (d < -p.band) {
            burnt++;
            assert_float_equal(glm_vec3_distance(ok, rest), 0.0f, 1e-5);
            assert_float_equal(glm_vec3_distance(bad, rest), p.push_distance, 1e-4);
        }
        /* object-space: the same shape at ten times the units is pushed ten times as far */
        vec3 ok_big, bad_big;
        dissolve_vertex(&p, noise, big.pos[i], big.nrm[i], big.snrm[i], model_big, ok_big);
        p.pitfall = DISSOLVE_PITFALL_OBJECT_SPACE;
        dissolve_vertex(&p, noise, big.pos[i], big.nrm[i], big.snrm[i], model_big, bad_big);
        p.pitfall = DISSOLVE_PITFALL_NONE;
        float moved = glm_vec3_distance(ok_big, rest);
        if (moved > 1e-3f) {
            spread++;
            assert_float_equal(glm_vec3_distance(bad_big, rest), 0.1f * moved, 1e-4);
        }
    }
    assert_true(burnt > 0);
    assert_true(spread > 0);
    mesh_data_free(&m);
    mesh_data_free(&big);
}

static void hard_edges_do_not_crack(void **state)
{
    (void)state;
    mat4 model;
    model_at(1, 0.9f, 0, 1, model);
    for (int which = 0; which < 3; which += 2) {
        mesh_data m = {0};
        if (which == 0) mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 8);
        else props_build_crystal(&m, 0.3f, 0.8f, 0.3f, 3);
        dissolve_params p = params_for(DISSOLVE_MODE_PUSH, DISSOLVE_SHAPE_DIRECTION, 0.45f);
        p.band = 0.6f; /* wide band: every vertex is in it */
        assert_int_equal(count_cracks(&m, &p, model), 0);
        p.hard_normals = true;
        assert_true(count_cracks(&m, &p, model) > 0);
        mesh_data_free(&m);
    }
}

static void bounds_hold_every_displaced_vertex(void **state)
{
    (void)state;
    mesh_data m = {0};
    mat4 model;
    model_at(1, 0.9f, 0, 1, model);
    props_build_crystals(&m, 4);
    vec3 lo, hi, wlo = {FLT_MAX, FLT_MAX, FLT_MAX}, whi = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
    for (int i = 0; i < m.vertex_count; i++) {
        vec3 w;
        glm_mat4_mulv3(model, m.pos[i], 1.0f, w);
        glm_vec3_minv(wlo, w, wlo);
        glm_vec3_maxv(whi, w, whi);
    }
    for (int mode = 1; mode < 3; mode++) {
        dissolve_params p = params_for(mode, DISSOLVE_SHAPE_SPHERE, 0.5f);
        glm_vec3_copy((vec3){3, 4, -2}, p.target); /* well outside the mesh */
        dissolve_bounds(&p, wlo, whi, lo, hi);
        int outside_rest = 0;
        for (int i = 0; i < m.vertex_count; i++) {
            vec3 w;
            dissolve_vertex(&p, noise, m.pos[i], m.nrm[i], m.snrm[i], model, w);
            for (int k = 0; k < 3; k++) {
                assert_true(w[k] >= lo[k] - 1e-5f && w[k] <= hi[k] + 1e-5f);
                outside_rest += w[k] < wlo[k] - 1e-3f || w[k] > whi[k] + 1e-3f;
            }
        }
        assert_true(outside_rest > 0); /* the growth was needed */
    }
    mesh_data_free(&m);
}

static void noise_tiles_seamlessly(void **state)
{
    (void)state;
    noise_desc d = {0};
    for (int i = 0; i <= 64; i++) {
        float v = (float)i / 64.0f;
        assert_float_equal(noise_fbm(&d, 0.0f, v), noise_fbm(&d, 1.0f, v), 1e-5);
        assert_float_equal(noise_fbm(&d, v, 0.0f), noise_fbm(&d, v, 1.0f), 1e-5);
    }
    /* In the baked texture the step across the wrap (last -> first column/row) is no larger
     * than a typical step between neighbours inside. */
    int dim = noise->dims[0];
    double inner = 0, wrap_x = 0, wrap_y = 0;
    for (int y = 0; y < dim; y++) {
        for (int x = 0; x + 1 < dim; x++) inner += fabsf(noise_texel(noise, 0, x + 1, y) - noise_texel(noise, 0, x, y));
        wrap_x += fabsf(noise_texel(noise, 0, 0, y) - noise_texel(noise, 0, dim - 1, y));
        wrap_y += fabsf(noise_texel(noise, 0, y, 0) - noise_texel(noise, 0, y, dim - 1));
    }
    inner /= (double)dim * (dim - 1);
    wrap_x /= dim;
    wrap_y /= dim;
    assert_true(inner > 0.001);
    assert_true(wrap_x < 2.0 * inner && wrap_y < 2.0 * inner);
    /* And sampling is periodic. */
    assert_float_equal(noise_sample(noise, 0.0f, 0.2f, 0.7f), noise_sample(noise, 0.0f, 3.2f, -1.3f), 1e-5);
}

static void noise_is_equalized_and_mips_are_box_filters(void **state)
{
    (void)state;
    int dim = noise->dims[0], hist[4] = {0};
    for (int i = 0; i < dim * dim; i++) hist[noise->texels[0][i] / 64]++;
    for (int q = 0; q < 4; q++) assert_true(abs(hist[q] - dim * dim / 4) < dim); /* 8-bit rounding moves a few */
    assert_int_equal(noise->levels, 9);
    for (int k = 1; k < noise->levels; k++) {
        assert_int_equal(noise->dims[k], noise->dims[k - 1] / 2);
        for (int y = 0; y < noise->dims[k]; y++)
            for (int x = 0; x < noise->dims[k]; x++) {
                float box = (noise_texel(noise, k - 1, 2 * x, 2 * y) + noise_texel(noise, k - 1, 2 * x + 1, 2 * y) +
                             noise_texel(noise, k - 1, 2 * x, 2 * y + 1) + noise_texel(noise, k - 1, 2 * x + 1, 2 * y + 1)) / 4;
                assert_float_equal(noise_texel(noise, k, x, y), box, 0.5 / 255.0 + 1e-6);
            }
    }
    /* Blurring narrows the spread: the vertex mip is smooth. */
    float lo = 1, hi = 0;
    for (int i = 0; i < noise->dims[5] * noise->dims[5]; i++) {
        lo = fminf(lo, noise->texels[5][i] / 255.0f);
        hi = fmaxf(hi, noise->texels[5][i] / 255.0f);
    }
    assert_true(hi - lo < 0.9f && hi - lo > 0.1f);
}

static void noise_sampling_is_bilinear_with_wrap(void **state)
{
    (void)state;
    int k = 3, dim = noise->dims[k];
    /* texel centre -> the texel itself */
    assert_float_equal(noise_sample(noise, (float)k, (5 + 0.5f) / dim, (2 + 0.5f) / dim), noise_texel(noise, k, 5, 2), 1e-6);
    /* u = 0 sits halfway between the last and the first column */
    float expect = 0.5f * (noise_texel(noise, k, dim - 1, 4) + noise_texel(noise, k, 0, 4));
    assert_float_equal(noise_sample(noise, (float)k, 0.0f, (4 + 0.5f) / dim), expect, 1e-6);
    /* a fractional lod blends the two levels */
    float a = noise_sample(noise, 2.0f, 0.3f, 0.6f), b = noise_sample(noise, 3.0f, 0.3f, 0.6f);
    assert_float_equal(noise_sample(noise, 2.25f, 0.3f, 0.6f), a + (b - a) * 0.25f, 1e-6);
}

static void bad_noise_desc_is_an_error(void **state)
{
    (void)state;
    int before = log_error_count();
    assert_null(noise_bake(&(noise_desc){.size = 100}));
    assert_null(noise_bake(&(noise_desc){.period = 64, .octaves = 4}));
    assert_int_equal(log_error_count(), before + 2);
    noise_destroy(NULL);
}

static void crystal_prop_is_hard_edged_and_closed_on_smooth_normals(void **state)
{
    (void)state;
    mesh_data m = {0};
    props_build_crystals(&m, 4);
    assert_true(m.vertex_count > 2000);
    int hard = 0;
    for (int i = 0; i < m.index_count; i += 3) {
        vec3 e1, e2, n;
        glm_vec3_sub(m.pos[m.idx[i + 1]], m.pos[m.idx[i]], e1);
        glm_vec3_sub(m.pos[m.idx[i + 2]], m.pos[m.idx[i]], e2);
        glm_vec3_cross(e1, e2, n);
        assert_true(glm_vec3_norm(n) > 1e-9f);
        for (int k = 0; k < 3; k++) assert_true(glm_vec3_dot(n, m.nrm[m.idx[i + k]]) > 0.0f);
    }
    for (int i = 0; i < m.vertex_count; i++) {
        assert_float_equal(glm_vec3_norm(m.snrm[i]), 1.0f, 1e-4);
        if (glm_vec3_dot(m.nrm[i], m.snrm[i]) < 0.99f) hard++; /* on an edge: faces disagree */
    }
    assert_true(hard > 100);
    vec3 lo, hi;
    mesh_bounds(&m, lo, hi);
    assert_float_equal(lo[1], 0.0f, 1e-5);
    assert_true(hi[1] > 0.9f && hi[1] < 1.3f);
    mesh_data_free(&m);
}

static void names_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        dissolve_mode m;
        dissolve_shape s;
        assert_true(dissolve_mode_parse(dissolve_mode_name((dissolve_mode)i), &m));
        assert_int_equal(m, i);
        assert_true(dissolve_shape_parse(dissolve_shape_name((dissolve_shape)i), &s));
        assert_int_equal(s, i);
    }
    dissolve_mode m;
    assert_false(dissolve_mode_parse("shove", &m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(amount_zero_moves_and_discards_nothing),
        cmocka_unit_test(amount_one_discards_everything),
        cmocka_unit_test(push_weight_peaks_at_the_edge),
        cmocka_unit_test(pull_weight_is_monotonic),
        cmocka_unit_test(pull_strands_keep_the_surface_and_thin_the_sheets),
        cmocka_unit_test(pull_draws_strands_not_stretched_sheets),
        cmocka_unit_test(threshold_backs_off_by_the_wider_band),
        cmocka_unit_test(guiding_shapes_span_zero_to_one),
        cmocka_unit_test(displacement_is_in_world_metres),
        cmocka_unit_test(formula_pitfalls_break_what_they_should),
        cmocka_unit_test(hard_edges_do_not_crack),
        cmocka_unit_test(bounds_hold_every_displaced_vertex),
        cmocka_unit_test(noise_tiles_seamlessly),
        cmocka_unit_test(noise_is_equalized_and_mips_are_box_filters),
        cmocka_unit_test(noise_sampling_is_bilinear_with_wrap),
        cmocka_unit_test(bad_noise_desc_is_an_error),
        cmocka_unit_test(crystal_prop_is_hard_edged_and_closed_on_smooth_normals),
        cmocka_unit_test(names_round_trip),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

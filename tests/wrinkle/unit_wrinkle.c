/* Wrinkle maps, GL-free half: top-4 selection against a brute-force reference, RGB10_A2 packing
 * precision, the compositing reference's algebra, and the expression presets and transitions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wrinkle/core/wrinkle_expr.h"
#include "wrinkle/core/wrinkle_math.h"

/* Reference: sort every layer by (score desc, index asc) and keep the positive top four. */
static void reference_select(const wrinkle_layer_def *layers, int n, const float *w, wrinkle_selection *out)
{
    int order[16];
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            float si = w[layers[order[i]].shape] * layers[order[i]].strength;
            float sj = w[layers[order[j]].shape] * layers[order[j]].strength;
            if (sj > si || (sj == si && order[j] < order[i])) { int t = order[i]; order[i] = order[j]; order[j] = t; }
        }
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n && out->count < 4; i++) {
        float s = w[layers[order[i]].shape] * layers[order[i]].strength;
        if (s <= 0.0f) break;
        out->layer[out->count] = order[i];
        out->weight[out->count++] = s;
    }
}

static void assert_same_selection(const wrinkle_selection *a, const wrinkle_selection *b)
{
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        assert_int_equal(a->layer[i], b->layer[i]);
        assert_float_equal(a->weight[i], b->weight[i], 0.0f);
    }
}

static void select_picks_top_four_by_weight_times_strength(void **state)
{
    (void)state;
    const wrinkle_layer_def *L = wrinkle_layer_defaults();
    wrinkle_selection sel, ref;
    /* smile has strength 0.9: at weight 1 it loses to brow_raise at weight 0.95 */
    float w[HEAD_SHAPE_COUNT] = {[HEAD_BROW_RAISE] = 0.95f, [HEAD_SMILE] = 1.0f, [HEAD_JAW_OPEN] = 0.5f,
                                 [HEAD_SQUINT] = 0.2f, [HEAD_FROWN] = 0.1f, [HEAD_NOSE_WRINKLE] = 0.05f};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
    assert_int_equal(sel.count, 4);
    assert_int_equal(sel.layer[0], HEAD_BROW_RAISE);
    assert_int_equal(sel.layer[1], HEAD_SMILE);
    assert_int_equal(sel.layer[2], HEAD_JAW_OPEN);
    assert_int_equal(sel.layer[3], HEAD_SQUINT);
    assert_float_equal(sel.weight[1], 0.9f, 1e-6);
    for (int i = 1; i < sel.count; i++) assert_true(sel.weight[i] <= sel.weight[i - 1]);
    /* random weights, quantized so that ties are common, against the brute-force reference */
    srand(7);
    for (int trial = 0; trial < 2000; trial++) {
        for (int s = 0; s < HEAD_SHAPE_COUNT; s++) w[s] = (float)(rand() % 5) / 4.0f;
        wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
        reference_select(L, WRINKLE_LAYER_COUNT, w, &ref);
        assert_same_selection(&sel, &ref);
    }
}

static void select_breaks_ties_by_layer_index(void **state)
{
    (void)state;
    /* equal strengths everywhere, all six at full weight: only the first four, in order */
    wrinkle_layer_def L[HEAD_SHAPE_COUNT];
    memcpy(L, wrinkle_layer_defaults(), sizeof L);
    for (int i = 0; i < HEAD_SHAPE_COUNT; i++) L[i].strength = 1.0f;
    float w[HEAD_SHAPE_COUNT] = {1, 1, 1, 1, 1, 1};
    wrinkle_selection sel;
    wrinkle_select(L, HEAD_SHAPE_COUNT, w, &sel);
    assert_int_equal(sel.count, 4);
    for (int i = 0; i < 4; i++) assert_int_equal(sel.layer[i], i);
    /* a later layer must beat an earlier one to displace it */
    w[5] = 1.0f + 1e-6f;
    wrinkle_select(L, HEAD_SHAPE_COUNT, w, &sel);
    assert_int_equal(sel.layer[0], 5);
    assert_int_equal(sel.layer[1], 0);
    assert_int_equal(sel.layer[3], 2);
    /* the default table, six at full weight: four active, strengths decide */
    wrinkle_select(wrinkle_layer_defaults(), WRINKLE_LAYER_COUNT, (float[]){1, 1, 1, 1, 1, 1}, &sel);
    assert_int_equal(sel.count, 4);
    for (int i = 0; i < 4; i++) assert_true(sel.layer[i] != HEAD_SMILE && sel.layer[i] != HEAD_JAW_OPEN);
}

static void select_handles_fewer_than_four_and_zero(void **state)
{
    (void)state;
    const wrinkle_layer_def *L = wrinkle_layer_defaults();
    wrinkle_selection sel;
    float w[HEAD_SHAPE_COUNT] = {[HEAD_NOSE_WRINKLE] = 0.3f, [HEAD_FROWN] = 0.6f};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
    assert_int_equal(sel.count, 2);
    assert_int_equal(sel.layer[0], HEAD_FROWN);
    assert_int_equal(sel.layer[1], HEAD_NOSE_WRINKLE);
    float zero[HEAD_SHAPE_COUNT] = {0};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, zero, &sel);
    assert_int_equal(sel.count, 0);
    /* negative weights never activate a layer; unused slots give zero uniforms */
    float neg[HEAD_SHAPE_COUNT] = {-1, -1, 0.5f, -1, -1, -1};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, neg, &sel);
    assert_int_equal(sel.count, 1);
    float uw[4], um[4][4];
    wrinkle_slot_uniforms(&sel, L, uw, um);
    assert_float_equal(uw[0], 0.5f * L[HEAD_SMILE].strength, 1e-6);
    assert_float_equal(um[0][3], L[HEAD_SMILE].mask[3], 0.0);
    for (int i = 1; i < 4; i++) {
        assert_float_equal(uw[i], 0.0f, 0.0);
        for (int k = 0; k < 4; k++) assert_float_equal(um[i][k], 0.0f, 0.0);
    }
}

static void pack_round_trip_is_within_one_step(void **state)
{
    (void)state;
    float worst_xy = 0.0f, worst_o = 0.0f, worst_z = 0.0f;
    for (int i = 0; i <= 200; i++) {
        for (int j = 0; j <= 200; j++) {
            float x = -1.0f + i * 0.01f, y = -1.0f + j * 0.01f, o = (float)((i * 7 + j * 3) % 101) / 100.0f;
            if (x * x + y * y > 1.0f) continue;
            float ux, uy, uo;
            unsigned a;
            wrinkle_unpack(wrinkle_pack(x, y, o, 3), &ux, &uy, &uo, &a);
            assert_int_equal(a, 3);
            worst_xy = fmaxf(worst_xy, fmaxf(fabsf(ux - x), fabsf(uy - y)));
            worst_o = fmaxf(worst_o, fabsf(uo - o));
            float z = sqrtf(1.0f - x * x - y * y);
            /* z from 10-bit x, y loses precision only near the horizon; wrinkle normals stay above it */
            if (z >= 0.25f) worst_z = fmaxf(worst_z, fabsf(wrinkle_rebuild_z(ux, uy) - z));
        }
    }
    assert_true(worst_xy <= 1.0f / 511.0f);
    assert_true(worst_xy > 0.0f); /* 10 bits really quantize */
    assert_true(worst_o <= 0.5f / 1023.0f + 1e-6f);
    assert_true(worst_z < 0.01f);
    /* GL_UNSIGNED_INT_2_10_10_10_REV: R in the low bits, A in the top two; R = occlusion,
     * G = normal x, B = normal y */
    assert_int_equal(wrinkle_pack(1.0f, -1.0f, 0.0f, 3), 1023u << 10 | 3u << 30);
    assert_int_equal(wrinkle_pack(-1.0f, 1.0f, 1.0f, 0), 1023u | 1023u << 20);
    assert_int_equal(wrinkle_pack(-1.0f, -1.0f, 1.0f, 0), 1023u);
    assert_int_equal(wrinkle_unorm10(2.0f), 1023u);
    assert_int_equal(wrinkle_unorm10(-1.0f), 0u);
    assert_float_equal(wrinkle_rebuild_z(0.0f, 0.0f), 1.0f, 0.0);
    assert_float_equal(wrinkle_rebuild_z(1.0f, 1.0f), 0.0f, 0.0);
}

static wrinkle_texel flat_texel(void)
{
    wrinkle_texel t = {.base_normal = {0, 0, 1}, .base_occ = 1.0f};
    for (int i = 0; i < 4; i++) { t.layer_normal[i][2] = 1.0f; t.layer_occ[i] = 1.0f; }
    return t;
}

static void compose_adds_slopes_and_multiplies_occlusion(void **state)
{
    (void)state;
    const wrinkle_layer_def *L = wrinkle_layer_defaults();
    wrinkle_selection none = {0}, sel;
    float out[3];
    /* nothing active: the base map comes through unchanged */
    wrinkle_texel t = flat_texel();
    t.base_normal[0] = 0.6f; t.base_normal[2] = 0.8f; t.base_occ = 0.7f;
    wrinkle_compose_texel(&none, L, &t, out);
    assert_float_equal(out[0], 0.6f, 1e-6);
    assert_float_equal(out[1], 0.0f, 1e-6);
    assert_float_equal(out[2], 0.7f, 1e-6);

    /* frown (mask: nose/glabella) at full weight, on a texel fully in the nose region */
    float w[HEAD_SHAPE_COUNT] = {[HEAD_FROWN] = 1.0f};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
    t = flat_texel();
    t.mask[2] = 1.0f;
    t.layer_normal[0][0] = 0.6f; t.layer_normal[0][2] = 0.8f; t.layer_occ[0] = 0.4f;
    wrinkle_compose_texel(&sel, L, &t, out);
    /* slope 0.75 along x: n = (0.75, 0, 1) / 1.25 */
    assert_float_equal(out[0], 0.6f, 1e-6);
    assert_float_equal(out[2], 0.4f, 1e-6);
    /* the same texel outside every mask region: the layer has no effect */
    t.mask[2] = 0.0f;
    wrinkle_compose_texel(&sel, L, &t, out);
    assert_float_equal(out[0], 0.0f, 1e-6);
    assert_float_equal(out[2], 1.0f, 1e-6);
    /* half weight: half the slope, occlusion halfway */
    w[HEAD_FROWN] = 0.5f;
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
    t.mask[2] = 1.0f;
    wrinkle_compose_texel(&sel, L, &t, out);
    float s = 0.375f;
    assert_float_equal(out[0], s / sqrtf(1.0f + s * s), 1e-6);
    assert_float_equal(out[2], 0.7f, 1e-6);
    /* two layers in opposite directions cancel in xy, and both darken */
    float w2[HEAD_SHAPE_COUNT] = {[HEAD_FROWN] = 1.0f, [HEAD_NOSE_WRINKLE] = 1.0f};
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w2, &sel);
    assert_int_equal(sel.count, 2);
    t = flat_texel();
    t.mask[2] = 1.0f;
    t.layer_normal[0][1] = 0.6f; t.layer_normal[0][2] = 0.8f; t.layer_occ[0] = 0.5f;
    t.layer_normal[1][1] = -0.6f; t.layer_normal[1][2] = 0.8f; t.layer_occ[1] = 0.5f;
    wrinkle_compose_texel(&sel, L, &t, out);
    assert_float_equal(out[1], 0.0f, 1e-6);
    assert_float_equal(out[2], 0.25f, 1e-6);
    /* decoding of 8-bit texels as the GPU does it */
    assert_float_equal(wrinkle_decode_snorm_from8(255), 1.0f, 1e-6);
    assert_float_equal(wrinkle_decode_snorm_from8(0), -1.0f, 1e-6);
    assert_float_equal(wrinkle_decode_unorm8(51), 0.2f, 1e-6);
}

static void expression_presets_and_transitions(void **state)
{
    (void)state;
    const char *names[] = {"neutral", "angry", "surprised", "happy", "squint", "disgust"};
    for (int p = 0; p < 6; p++) {
        assert_int_equal(wrinkle_expr_find(names[p]), p);
        assert_string_equal(wrinkle_expr_name(p), names[p]);
        for (int s = 0; s < HEAD_SHAPE_COUNT; s++) {
            float v = wrinkle_expr_weights(p)[s];
            assert_true(v >= 0.0f && v <= 1.0f);
        }
    }
    assert_int_equal(wrinkle_expr_find("bored"), -1);
    const float *angry = wrinkle_expr_weights(WRINKLE_EXPR_ANGRY);
    assert_true(angry[HEAD_FROWN] == 1.0f);
    assert_true(wrinkle_expr_weights(WRINKLE_EXPR_SURPRISED)[HEAD_BROW_RAISE] == 1.0f);
    assert_true(wrinkle_expr_weights(WRINKLE_EXPR_HAPPY)[HEAD_SMILE] == 1.0f);

    /* from neutral toward angry: monotonic, no overshoot, within 1 % after 4.6 tau */
    float w[HEAD_SHAPE_COUNT] = {0}, prev = 0.0f;
    const float dt = 1.0f / 60.0f;
    int steps = (int)ceilf(4.6f * WRINKLE_EXPR_TAU / dt);
    for (int i = 0; i < steps; i++) {
        wrinkle_expr_approach(w, angry, dt, WRINKLE_EXPR_TAU, w);
        assert_true(w[HEAD_FROWN] > prev && w[HEAD_FROWN] <= 1.0f);
        prev = w[HEAD_FROWN];
    }
    assert_true(w[HEAD_FROWN] > 0.99f);
    assert_true(fabsf(w[HEAD_SQUINT] - angry[HEAD_SQUINT]) < 0.01f * angry[HEAD_SQUINT] + 1e-6f);
    /* the first frame of a transition moves only part of the way: it is smooth, not a jump */
    float a[HEAD_SHAPE_COUNT] = {0}, b[HEAD_SHAPE_COUNT] = {0};
    wrinkle_expr_approach(a, angry, dt, WRINKLE_EXPR_TAU, a);
    assert_true(a[HEAD_FROWN] > 0.05f && a[HEAD_FROWN] < 0.3f);
    /* step-size independent: two half steps = one full step */
    memset(a, 0, sizeof a);
    wrinkle_expr_approach(a, angry, 0.1f, WRINKLE_EXPR_TAU, a);
    wrinkle_expr_approach(b, angry, 0.05f, WRINKLE_EXPR_TAU, b);
    wrinkle_expr_approach(b, angry, 0.05f, WRINKLE_EXPR_TAU, b);
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) assert_float_equal(a[s], b[s], 1e-5);
    /* it arrives: after a second every weight is exactly the target, so idle layers are zero */
    for (int i = 0; i < 60; i++) wrinkle_expr_approach(b, wrinkle_expr_weights(WRINKLE_EXPR_NEUTRAL), dt, WRINKLE_EXPR_TAU, b);
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) assert_float_equal(b[s], 0.0f, 0.0);
    /* tau 0 jumps */
    wrinkle_expr_approach(a, wrinkle_expr_weights(WRINKLE_EXPR_NEUTRAL), dt, 0.0f, a);
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) assert_float_equal(a[s], 0.0f, 0.0);
}

/* Normal and occlusion strengths apart: the larger one ranks the layer, each weights its own half. */
static void select_ranks_by_the_larger_strength(void **state)
{
    (void)state;
    wrinkle_layer_def L[WRINKLE_LAYER_COUNT];
    memcpy(L, wrinkle_layer_defaults(), sizeof L);
    L[HEAD_SMILE].strength = 0.0f; /* occlusion only */
    L[HEAD_SMILE].occ_strength = 2.0f;
    L[HEAD_FROWN].strength = 1.5f;
    L[HEAD_FROWN].occ_strength = 0.5f;
    float w[HEAD_SHAPE_COUNT] = {[HEAD_SMILE] = 0.5f, [HEAD_FROWN] = 0.5f, [HEAD_BROW_RAISE] = 0.9f};
    wrinkle_selection sel;
    wrinkle_select(L, WRINKLE_LAYER_COUNT, w, &sel);
    assert_int_equal(sel.count, 3);
    /* scores 1.0 (smile), 0.9 (brow), 0.75 (frown) */
    assert_int_equal(sel.layer[0], HEAD_SMILE);
    assert_int_equal(sel.layer[1], HEAD_BROW_RAISE);
    assert_int_equal(sel.layer[2], HEAD_FROWN);
    float occ[4];
    wrinkle_slot_occ_weights(&sel, occ);
    assert_float_equal(sel.weight[0], 0.0f, 0);
    assert_float_equal(occ[0], 1.0f, 1e-6);
    assert_float_equal(sel.weight[2], 0.75f, 1e-6);
    assert_float_equal(occ[2], 0.25f, 1e-6);
    assert_float_equal(occ[3], 0.0f, 0);
    /* the texel: an occlusion-only layer leaves the normal alone and darkens */
    wrinkle_texel t = {.base_normal = {0, 0, 1}, .base_occ = 1, .mask = {0, 0, 0, 1}};
    t.layer_normal[0][0] = 0.6f;
    t.layer_normal[0][2] = 0.8f;
    t.layer_occ[0] = 0.5f;
    wrinkle_selection one = {1, {HEAD_SMILE}, {0.0f}, {1.0f}};
    float out[3];
    wrinkle_compose_texel(&one, L, &t, out);
    assert_float_equal(out[0], 0.0f, 1e-6);
    assert_float_equal(out[2], 1.0f - L[HEAD_SMILE].mask[3] * 0.5f, 1e-6);
}

/* the skin's wrap: a lit grey stays grey, the shadow side tints red (issue 30) */
static void skin_wrap_keeps_lit_grey_and_warms_the_shadow(void **state)
{
    (void)state;
    float c[3];
    wrinkle_skin_wrap(1.0f, c);
    float mx = fmaxf(c[0], fmaxf(c[1], c[2])), mn = fminf(c[0], fminf(c[1], c[2]));
    assert_true(mx - mn <= 0.02f * mx);
    for (float ndl = -0.99f; ndl < 0.0f; ndl += 0.01f) {
        wrinkle_skin_wrap(ndl, c);
        assert_true(c[0] >= c[1] && c[1] >= c[2]);
    }
    wrinkle_skin_wrap(-0.1f, c);
    assert_true(c[0] > c[2] + 0.05f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(select_picks_top_four_by_weight_times_strength),
        cmocka_unit_test(select_breaks_ties_by_layer_index),
        cmocka_unit_test(select_handles_fewer_than_four_and_zero),
        cmocka_unit_test(select_ranks_by_the_larger_strength),
        cmocka_unit_test(pack_round_trip_is_within_one_step),
        cmocka_unit_test(compose_adds_slopes_and_multiplies_occlusion),
        cmocka_unit_test(expression_presets_and_transitions),
        cmocka_unit_test(skin_wrap_keeps_lit_grey_and_warms_the_shadow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

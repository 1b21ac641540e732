#include "wrinkle/core/wrinkle_math.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* Strengths and masks: each layer mostly acts in the part of the face its wrinkles are painted
 * in, with a little spill into the neighbour that moves with it. */
static const wrinkle_layer_def wrinkle__defaults[WRINKLE_LAYER_COUNT] = {
    {HEAD_BROW_RAISE, 1.0f, 1.0f, {1.0f, 0.0f, 0.3f, 0.0f}},
    {HEAD_FROWN, 1.0f, 1.0f, {0.3f, 0.0f, 1.0f, 0.0f}},
    {HEAD_SMILE, 0.9f, 0.9f, {0.0f, 0.3f, 0.0f, 1.0f}},
    {HEAD_SQUINT, 1.0f, 1.0f, {0.0f, 1.0f, 0.0f, 0.3f}},
    {HEAD_JAW_OPEN, 0.8f, 0.8f, {0.0f, 0.0f, 0.0f, 1.0f}},
    {HEAD_NOSE_WRINKLE, 1.0f, 1.0f, {0.0f, 0.0f, 1.0f, 0.2f}},
};

const wrinkle_layer_def *wrinkle_layer_defaults(void) { return wrinkle__defaults; }

void wrinkle_select(const wrinkle_layer_def *layers, int count, const float *shape_weights, wrinkle_selection *out)
{
    assert(layers && shape_weights && out && count >= 0);
    memset(out, 0, sizeof *out);
    float best[WRINKLE_MAX_ACTIVE] = {0};
    for (int l = 0; l < count; l++) {
        const float w = shape_weights[layers[l].shape];
        float score = w * fmaxf(layers[l].strength, layers[l].occ_strength);
        if (!(score > 0.0f)) continue;
        /* insertion into the sorted top four; strict > keeps the earlier layer ahead on ties */
        int at = out->count;
        while (at > 0 && score > best[at - 1]) at--;
        if (at >= WRINKLE_MAX_ACTIVE) continue;
        int last = out->count < WRINKLE_MAX_ACTIVE ? out->count : WRINKLE_MAX_ACTIVE - 1;
        for (int k = last; k > at; k--) {
            out->layer[k] = out->layer[k - 1];
            out->weight[k] = out->weight[k - 1];
            out->occ_weight[k] = out->occ_weight[k - 1];
            best[k] = best[k - 1];
        }
        out->layer[at] = l;
        out->weight[at] = w * layers[l].strength;
        out->occ_weight[at] = w * layers[l].occ_strength;
        best[at] = score;
        if (out->count < WRINKLE_MAX_ACTIVE) out->count++;
    }
}

void wrinkle_slot_uniforms(const wrinkle_selection *sel, const wrinkle_layer_def *layers, float weight[4], float mask[4][4])
{
    for (int i = 0; i < WRINKLE_MAX_ACTIVE; i++) {
        bool used = i < sel->count;
        weight[i] = used ? sel->weight[i] : 0.0f;
        for (int k = 0; k < 4; k++) mask[i][k] = used ? layers[sel->layer[i]].mask[k] : 0.0f;
    }
}

void wrinkle_slot_occ_weights(const wrinkle_selection *sel, float occ_weight[4])
{
    for (int i = 0; i < WRINKLE_MAX_ACTIVE; i++) occ_weight[i] = i < sel->count ? sel->occ_weight[i] : 0.0f;
}

static float wrinkle__saturate(float v) { return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v; }

void wrinkle_compose_texel(const wrinkle_selection *sel, const wrinkle_layer_def *layers, const wrinkle_texel *in, float out[3])
{
    float weight[4], mask[4][4];
    float occ_weight[4];
    wrinkle_slot_uniforms(sel, layers, weight, mask);
    wrinkle_slot_occ_weights(sel, occ_weight);
    float bz = fmaxf(in->base_normal[2], 0.2f);
    float sx = in->base_normal[0] / bz, sy = in->base_normal[1] / bz, occ = in->base_occ;
    for (int i = 0; i < WRINKLE_MAX_ACTIVE; i++) {
        float m = mask[i][0] * in->mask[0] + mask[i][1] * in->mask[1] + mask[i][2] * in->mask[2] + mask[i][3] * in->mask[3];
        float a = wrinkle__saturate(weight[i] * m), o = wrinkle__saturate(occ_weight[i] * m);
        float lz = fmaxf(in->layer_normal[i][2], 0.2f);
        sx += a * in->layer_normal[i][0] / lz;
        sy += a * in->layer_normal[i][1] / lz;
        occ *= 1.0f - o * (1.0f - in->layer_occ[i]);
    }
    float len = sqrtf(sx * sx + sy * sy + 1.0f);
    out[0] = sx / len;
    out[1] = sy / len;
    out[2] = occ;
}

unsigned wrinkle_unorm10(float v)
{
    v = wrinkle__saturate(v);
    return (unsigned)lrintf(v * 1023.0f);
}

uint32_t wrinkle_pack(float nx, float ny, float occ, unsigned alpha)
{
    assert(alpha <= 3);
    return (uint32_t)wrinkle_unorm10(occ) | (uint32_t)wrinkle_unorm10(nx * 0.5f + 0.5f) << 10
         | (uint32_t)wrinkle_unorm10(ny * 0.5f + 0.5f) << 20 | (uint32_t)alpha << 30;
}

void wrinkle_unpack(uint32_t p, float *nx, float *ny, float *occ, unsigned *alpha)
{
    if (occ) *occ = (float)(p & 1023u) / 1023.0f;
    if (nx) *nx = (float)(p >> 10 & 1023u) / 1023.0f * 2.0f - 1.0f;
    if (ny) *ny = (float)(p >> 20 & 1023u) / 1023.0f * 2.0f - 1.0f;
    if (alpha) *alpha = p >> 30;
}

float wrinkle_rebuild_z(float x, float y) { return sqrtf(wrinkle__saturate(1.0f - x * x - y * y)); }

float wrinkle_decode_unorm8(uint8_t c) { return (float)c / 255.0f; }

float wrinkle_decode_snorm_from8(uint8_t c) { return (float)c / 255.0f * 2.0f - 1.0f; }

void wrinkle_skin_wrap(float ndl, float out[3])
{
    const float w[3] = {WRINKLE_SKIN_WRAP_R, WRINKLE_SKIN_WRAP_G, WRINKLE_SKIN_WRAP_B};
    for (int c = 0; c < 3; c++) {
        float x = (ndl + w[c]) / (1.0f + w[c]);
        out[c] = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    }
}

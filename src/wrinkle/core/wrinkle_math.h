/* wrinkle_math.h — the GL-free half of the wrinkle maps: layer table, top-4 selection, the
 * RGB10_A2 packing of the composed buffer, and the CPU reference of the compositing shader.
 *
 *   const wrinkle_layer_def *layers = wrinkle_layer_defaults();   // one per blendshape
 *   wrinkle_selection sel;
 *   wrinkle_select(layers, WRINKLE_LAYER_COUNT, shape_weights, &sel);
 *   ... sel.count <= 4 layers, best first; sel.weight[i] = shape weight x layer strength,
 *       sel.occ_weight[i] = shape weight x occlusion strength ...
 *   wrinkle_compose_texel(&sel, layers, &texel_inputs, out_nx_ny_occ);   // what the GPU writes
 *
 * Layer table: one layer per blendshape (index = head_shape): wrinkle normal + occlusion maps
 * named "<name>_normal.png" / "<name>_occlusion.png" in assets/wrinkle, a strength for each (normals,
 * occlusion; equal by default, the panel's wrinkle.<name>.*_strength), and four mask
 * weights matched to the face-part mask texture (RGBA = forehead, eyes, nose/glabella,
 * mouth/cheeks).
 *
 * Selection: score = weight x max(strength, occ_strength); layers with score <= 0 are never chosen; the highest four
 * win, ties go to the lower layer index, so the result is deterministic.
 *
 * Compositing (per texel; wrinkle_compose.frag mirrors it line by line):
 *   m_i   = dot(layer_mask_i, mask_texel)
 *   a_i   = saturate(weight_i * m_i),  o_i = saturate(occ_weight_i * m_i)
 *   slope = base.xy / base.z + sum a_i * layer_i.xy / max(layer_i.z, 0.2)   (partial derivatives add)
 *   n     = normalize(slope, 1)
 *   occ   = base_occ * prod (1 - o_i * (1 - layer_occ_i))
 * Output: occ in [0, 1] in R and n.x, n.y in [-1, 1] as x * 0.5 + 0.5 in G, B of GL_RGB10_A2,
 * each a 10-bit unorm — the layout the skin shader of the technique's original reads (.r occlusion,
 * .gb normal); A = 3 where the face was drawn, 0 elsewhere. z is rebuilt as
 * sqrt(1 - x^2 - y^2). The uint32 layout is GL_UNSIGNED_INT_2_10_10_10_REV (R in bits 0..9).
 */
#ifndef IMPRINT_CORE_WRINKLE_MATH_H
#define IMPRINT_CORE_WRINKLE_MATH_H

#include <stdint.h>

#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WRINKLE_LAYER_COUNT HEAD_SHAPE_COUNT
#define WRINKLE_MAX_ACTIVE 4

typedef struct wrinkle_layer_def {
    int shape;         /* head_shape index that drives it; head_shape_name(shape) names the layer
                          and prefixes its map files */
    float strength;     /* normals: how far the layer tilts them */
    float occ_strength; /* occlusion: how far it darkens; the selection ranks by the larger */
    float mask[4];     /* forehead, eyes, nose/glabella, mouth/cheeks */
} wrinkle_layer_def;

typedef struct wrinkle_selection {
    int count;                          /* 0..4 */
    int layer[WRINKLE_MAX_ACTIVE];      /* best first */
    float weight[WRINKLE_MAX_ACTIVE];   /* shape weight x strength (the normals' render weight) */
    float occ_weight[WRINKLE_MAX_ACTIVE]; /* shape weight x occ_strength (the occlusion's) */
} wrinkle_selection;

/* The per-texel inputs of the compositing pass, decoded: normals in [-1, 1], the rest [0, 1]. */
typedef struct wrinkle_texel {
    float base_normal[3];
    float base_occ;
    float mask[4];
    float layer_normal[WRINKLE_MAX_ACTIVE][3]; /* slot i = sel.layer[i] */
    float layer_occ[WRINKLE_MAX_ACTIVE];
} wrinkle_texel;

const wrinkle_layer_def *wrinkle_layer_defaults(void);

/* shape_weights: indexed by layer.shape. */
void wrinkle_select(const wrinkle_layer_def *layers, int count, const float *shape_weights, wrinkle_selection *out);

/* Slot weights for the shader: a vec4 of render weights and one vec4 of mask weights per slot;
 * unused slots are zero, so the shader always blends four. */
void wrinkle_slot_uniforms(const wrinkle_selection *sel, const wrinkle_layer_def *layers, float weight[4], float mask[4][4]);
/* The occlusion's slot weights (zero for unused slots). */
void wrinkle_slot_occ_weights(const wrinkle_selection *sel, float occ_weight[4]);

/* out[0..1] = composed normal x, y; out[2] = occlusion. */
void wrinkle_compose_texel(const wrinkle_selection *sel, const wrinkle_layer_def *layers, const wrinkle_texel *in, float out[3]);

/* Per-channel wrap lighting (the skin shader used it before the pre-integrated diffuse of
 * wrinkle/core/skin_diffuse.h, which keeps the same two properties): per channel
 * saturate((n.l + w_c) / (1 + w_c)) with w = WRINKLE_SKIN_WRAP, red widest. Every channel is 1 at
 * n.l = 1 (a lit grey stays grey); past the terminator red > green > blue (scatter turns warm). */
#define WRINKLE_SKIN_WRAP_R 0.42f
#define WRINKLE_SKIN_WRAP_G 0.20f
#define WRINKLE_SKIN_WRAP_B 0.15f
void wrinkle_skin_wrap(float ndl, float out[3]);

uint32_t wrinkle_pack(float nx, float ny, float occ, unsigned alpha);
void wrinkle_unpack(uint32_t packed, float *nx, float *ny, float *occ, unsigned *alpha);
/* 10-bit unorm of v in [0, 1] the way GL rounds it (clamped). */
unsigned wrinkle_unorm10(float v);
float wrinkle_rebuild_z(float x, float y);

/* 8-bit texel decode the way a GL_RGBA8 texture samples: c / 255, normals * 2 - 1. */
float wrinkle_decode_unorm8(uint8_t c);
float wrinkle_decode_snorm_from8(uint8_t c);

#ifdef __cplusplus
}
#endif

#endif

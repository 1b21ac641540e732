/* wrinkle.h — wrinkle maps on the GPU: blendshape weights pick four wrinkle layers, one offscreen
 * pass composites them with the base maps in screen space, and the skin shader reads the result.
 *
 *   wrinkle *wr = wrinkle_create(&(wrinkle_desc){ .width = w, .height = h });   loads assets/wrinkle
 *   each frame:
 *     wrinkle_set_weights(wr, weights);        top-4 layers by weight x strength (core/wrinkle_math.h)
 *     wrinkle_resize(wr, w, h);                the composed buffer follows the screen
 *     wrinkle_compose(wr, &face_mesh, model);  pre-pass: face geometry -> GL_RGB10_A2 buffer
 *     ... renderer_main_begin ...
 *     wrinkle_draw_skin(wr, &face_mesh, model, albedo);   main pass: samples the buffer at gl_FragCoord
 *   wrinkle_destroy(wr);
 *
 * Owns: 15 textures (base normal + occlusion, a normal + occlusion map per layer, the face-part
 * mask; the PNGs in assets/wrinkle baked by tools/bake_wrinkle, or the caller's own via desc.maps), a
 * view texture of the mask, the composed target (GL_RGB10_A2 colour + 24-bit depth) and two
 * programs: shaders/wrinkle_face.vert with wrinkle_compose.frag (the compositing pass, 11
 * samplers: 2 base, 8 detail, 1 mask) and with wrinkle_skin.frag (skin: per-channel wrap, a
 * scatter colour in the terminator, two specular lobes, a shadow filtered at face scale), plus
 * wrinkle_eye.vert with wrinkle_eye.frag (the eyes). Both programs share the vertex shader and the Frame block, so the composed buffer and
 * the main pass cover exactly the same pixels.
 * Composed buffer: R = occlusion, G, B = normal x, y * 0.5 + 0.5 (tangent space), A = 3 on the
 * face, cleared to (1, 0.5, 0.5, 0): unoccluded and flat where nothing was drawn. A second
 * attachment (RGBA8) holds the per-layer influence for a debug view. The CPU
 * mirror of the compositing is wrinkle_compose_texel.
 * Timed passes: "wrinkle.compose", "wrinkle.skin".
 * wrinkle_compose is a pass of its own: the framebuffer and viewport bound before it are bound after.
 * Failure: wrinkle_create logs and returns NULL when out of memory or the target is incomplete; a
 * map that cannot be loaded is gfx's checker and a program that does not compile gfx's magenta
 * fallback (both logged), so the face still draws, visibly wrong. wrinkle_destroy(NULL) is a no-op.
 */
#ifndef IMPRINT_WRINKLE_WRINKLE_H
#define IMPRINT_WRINKLE_WRINKLE_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/cglm.h>

#include "wrinkle/core/wrinkle_math.h"
#include "gfx/gl.h"
#include "gfx/mesh_gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wrinkle wrinkle;

/* Caller-owned textures replacing the files (tests, a mesh of one's own: examples/wrinkle_maps.c);
 * all must be set when base_normal is, but a layer whose two strengths are 0 is never selected and
 * may leave its maps 0. Normals tangent space (x along dP/du, y along dP/dv) as x * 0.5 + 0.5,
 * occlusion in R; the destroy leaves them to the caller. */
typedef struct wrinkle_maps {
    GLuint base_normal, base_occ, mask;
    GLuint layer_normal[WRINKLE_LAYER_COUNT], layer_occ[WRINKLE_LAYER_COUNT];
} wrinkle_maps;

typedef struct wrinkle_desc {
    int width, height;         /* composed buffer, default 1280 x 720 */
    const char *asset_dir;     /* default "assets/wrinkle" */
    const wrinkle_layer_def *layers; /* WRINKLE_LAYER_COUNT entries, default wrinkle_layer_defaults() */
    wrinkle_maps maps;         /* base_normal != 0: use these, do not load files */
    bool plain_skin;           /* a mesh that is not the demo's head: the skin takes the albedo as
                                  given (no hair, lips, cheeks or beard painted by the head's
                                  landmarks) and composes every uv (not the ears' rule, uv.y < 0.04) */
} wrinkle_desc;

/* The blendshapes the passes morph with (weights and deltas per shape): the WRINKLE_LAYER_COUNT
 * that layers may name (wrinkle_layer_def.shape), then one without a layer (the head's blink). */
#define WRINKLE_SHAPE_COUNT HEAD_MORPH_COUNT

wrinkle *wrinkle_create(const wrinkle_desc *desc);
void wrinkle_destroy(wrinkle *wr);
bool wrinkle_resize(wrinkle *wr, int width, int height);

/* Per blendshape (index = head_shape) normal and occlusion strengths of its layer, from the next
 * wrinkle_set_weights on (the panel's wrinkle.<shape>.*_strength). */
void wrinkle_set_strengths(wrinkle *wr, const float *normal, const float *occlusion);
/* weights[HEAD_SHAPE_COUNT] (or WRINKLE_SHAPE_COUNT), indexed by wrinkle_layer_def.shape; picks
 * the active layers. */
void wrinkle_set_weights(wrinkle *wr, const float *weights);
/* Blendshapes on the GPU: the deltas of every shape at full weight (dpos[s][v], dnrm[s][v] for s <
 * WRINKLE_SHAPE_COUNT, as in head_model; a NULL dpos[s] or dnrm[s]: that shape moves nothing) into
 * a texture buffer once; every pass that draws the mesh (compose, skin, caster)
 * then adds weight x delta in its vertex shader (shaders/wrinkle_morph.glsl) to the vertex with
 * that index. Without shapes nothing moves. For the skin's scattering, the first curvature_count
 * vertices' curvature (1/m, head_shape_curvature: curvature[v] neutral, dcurv[s][v] each shape's
 * change at full weight) rides in free fourth channels: the neutral in shape 0's normal texel, a
 * shape's change in its position texel, morphed like the positions (the others, or all with
 * NULL, read -1: the skin shader falls back to screen derivatives). False (logged) when the
 * buffer does not fit. */
bool wrinkle_set_shapes(wrinkle *wr, int vertex_count, float (*const *dpos)[3], float (*const *dnrm)[3], const float *curvature,
                        float *const *dcurv, int curvature_count);
/* weights[HEAD_MORPH_COUNT]: the blendshape weights the passes morph with (the blink last) (apart from the wrinkle
 * layers' selection, so the layers can be off while the head still moves). */
void wrinkle_set_shape_weights(wrinkle *wr, const float *weights);
/* For a program of the caller's that includes wrinkle_morph.glsl (tests: transform feedback):
 * uses it and binds the weights and the deltas as the module's passes do. */
void wrinkle_morph_bind(const wrinkle *wr, GLuint prog);
const wrinkle_selection *wrinkle_active(const wrinkle *wr);
const wrinkle_layer_def *wrinkle_layers(const wrinkle *wr);

/* The compositing pass: draws the mesh (uv = head UV space) with the Frame block's viewproj into
 * the composed buffer, then binds back the framebuffer and viewport it found. */
void wrinkle_compose(wrinkle *wr, const gfx_mesh *face, mat4 model);
/* The same with a second mesh whose deltas sit from extra_first in the shapes' buffer (the lid
 * shells) composed after the face, so the skin drawn over it later reads its own texels (NULL:
 * none). */
void wrinkle_compose_with(wrinkle *wr, const gfx_mesh *face, const gfx_mesh *extra, int extra_first, mat4 model);
/* Skin in the main pass (a_pos a_nrm a_uv a_tan); albedo is linear RGB. */
void wrinkle_draw_skin(wrinkle *wr, const gfx_mesh *face, mat4 model, const vec3 albedo);
/* The same shading for another mesh whose deltas sit from first_vertex in the shapes' buffer (the
 * lid shells): no pass of its own, the composed buffer read where it lies. */
void wrinkle_draw_skin_from(wrinkle *wr, const gfx_mesh *face, int first_vertex, mat4 model, const vec3 albedo);
/* The same mesh, morphed, into the shadow map (between renderer_shadow_begin and _end). */
void wrinkle_draw_caster(wrinkle *wr, const gfx_mesh *face, mat4 model);
/* A mesh that shares the head's blendshapes (shaders/wrinkle_part.frag) (its deltas follow the skin's in the buffer from
 * vertex first_vertex on: the mouth), one range of its indices lit plainly in the main pass. */
typedef struct wrinkle_part {
    int first_index, index_count;
    vec3 albedo;           /* linear RGB */
    float spec, shininess; /* specular strength, exponent (default 16) */
    float fill;            /* light of its own, x albedo: what bounces into a shadowed cavity */
    float gum_y[2];        /* teeth: the upper row's top, the lower row's bottom (neutral head-frame y):
                              pink gums over the roots; equal (zero): none */
} wrinkle_part;
void wrinkle_draw_part(wrinkle *wr, const gfx_mesh *m, int first_vertex, mat4 model, const wrinkle_part *part);
/* Hair strands (the brows: head_hair.h's quads, a_tan = the unit side direction and the signed half
 * width at that vertex), alpha-blended after the opaque head: a strand thinner than a pixel is
 * widened to one and made as much more transparent, so it covers its pixels as a film instead of
 * dropping to isolated dark dots; the tip fades out. Depth tested, not written. */
void wrinkle_draw_hair(wrinkle *wr, const gfx_mesh *m, int first_vertex, mat4 model, const wrinkle_part *part);
/* Both eyeballs (one mesh, the right at +x) in the main pass: sclera and iris on each ball, the
 * iris seen through a refracting cornea, under a wet coat, the top shaded by the lids; each ball
 * turned by its rot (head frame: the gaze) about its centre. */
typedef struct wrinkle_eyes {
    vec3 center[2];          /* head frame, right (+x) then left */
    float radius, iris_radius, pupil_radius; /* m */
    vec3 sclera, iris;       /* linear RGB */
    mat4 rot[2];             /* each eye's gaze (head frame): rotation only, right then left */
} wrinkle_eyes;
void wrinkle_draw_eyes(wrinkle *wr, const gfx_mesh *m, mat4 model, const wrinkle_eyes *eyes);

/* Lights beside the sun for the skin, the parts, the hair and the eyes (a portrait rig: the sun is
 * the key, with its shadow). Directions point toward the light (world, unit); colours are linear
 * radiance, zero: no such light. key scales the sun and ambient the sky's ambient (and what the
 * wet eyes reflect of the sky): a dark studio keeps little of it. Taken as given (no defaults);
 * before the first call: key 1, ambient 1, no fill, no rim (the plain sun and sky). */
typedef struct wrinkle_lights {
    vec3 fill_dir, fill_color;
    vec3 rim_dir, rim_color;
    float key, ambient;
} wrinkle_lights;
void wrinkle_set_lights(wrinkle *wr, const wrinkle_lights *lights);

GLuint wrinkle_composed_texture(const wrinkle *wr);
/* RGBA8, written by the compositing pass beside the composed buffer: slot i's colour (red, green,
 * blue, yellow in selection order) x max(its normal, its occlusion factor), summed; black where
 * no layer acts. */
GLuint wrinkle_influence_texture(const wrinkle *wr);
GLuint wrinkle_mask_view_texture(const wrinkle *wr); /* RGB: forehead red, eyes green, nose blue, mouth/cheeks yellow */
/* Reads the composed buffer as packed RGB10_A2 words (wrinkle_unpack), rows bottom-up;
 * out holds width * height entries. */
void wrinkle_read_composed(const wrinkle *wr, uint32_t *out);
void wrinkle_size(const wrinkle *wr, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif

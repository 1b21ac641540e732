/* dissolve_math.h — CPU mirror of shaders/dissolve.glsl: dissolve value, threshold, push/pull
 * weights, vertex displacement, discard and edge glow (GL-free).
 *
 *   dissolve_params p = dissolve_params_defaults();
 *   p.amount = 0.5f; p.mode = DISSOLVE_MODE_PUSH; p.shape = DISSOLVE_SHAPE_DIRECTION;
 *   float ws[3];
 *   dissolve_vertex(&p, noise, rest_os, nrm_os, snrm_os, model, ws);    // where the GPU puts it
 *   bool gone = dissolve_fragment_d(&p, noise, rest_os, dir_os, model) < 0.0f;
 *
 * Every function is the GLSL one with the same formula in the same order; gl_dissolve checks
 * them against the GPU through transform feedback. Change both together.
 *
 * Model. A surface point has a REST position p (object space) and a direction dir: its smooth
 * normal (snrm, welded over every vertex at that position) or, when snrm is zero or the
 * hard_normals pitfall is on, its face normal.
 *   noise n   triplanar: the noise tile is projected along x, y and z onto the point's metric
 *             object-space position q = p * model_scale * noise_scale (model_scale = lengths
 *             of the model matrix columns, so the pattern sticks to the object, in metres,
 *             whatever the mesh units), blended by dir⁴. The vertex stage reads the blurred
 *             mip vertex_mip, fragments mip 0 (close up; the GPU's fragments select theirs).
 *   value t   noise shape: t = n. direction: s = saturate(dot(P - from, to - from) / |to - from|²),
 *             sphere: s = saturate((|P - center| - inner_radius) / (radius - inner_radius)), with P
 *             the REST world position, then
 *             t = s + (n - s) * noise_weight. t is in 0..1; low t burns first.
 *   threshold start = max(edge_width, band) with vertex motion, edge_width without;
 *             threshold = -start + (1.001 + start) * amount, so at amount 0 every d >= start
 *             (nothing glows, nothing moves) and at amount 1 every d < 0 (all discarded).
 *   d         t - threshold: > 0 intact, 0 on the edge, < 0 burnt (fragment discarded).
 *   push      w = smoothstep(1 - saturate(|d| / band)); world position += N * push_distance * w
 *             with N the world-space unit direction: metres whatever the model scale.
 *   pull      w = smoothstep(1 - saturate(d / band)); world position lerps to target by w².
 *   glow      g = 1 - saturate(d / edge_width); emission = edge_color * g² (HDR, linear).
 *   strands   pull only, fragment stage: k = the vertex's pull lerp factor w², interpolated (0
 *             on the mesh, 1 at the target). taper = smoothstep(0, 0.05, k); the fragment is
 *             kept when |n_s - 0.5| <= h, h = mix(0.5, 0.025, taper) * (1 - k / 2), n_s the
 *             noise at DISSOLVE_STRAND_SCALE times noise_scale: filaments along the stretch,
 *             thinner the further pulled; a burnt fragment (d < 0) only when k >= 0.2 (a strand
 *             reaching the target; below, a hole). Kept: profile 1 - (|n_s - 0.5| / h)² across.
 */
#ifndef IMPRINT_CORE_DISSOLVE_MATH_H
#define IMPRINT_CORE_DISSOLVE_MATH_H

#include <stdbool.h>
#include <cglm/cglm.h>

#include "dissolve/core/noise_bake.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dissolve_mode { DISSOLVE_MODE_NONE, DISSOLVE_MODE_PUSH, DISSOLVE_MODE_PULL, DISSOLVE_MODE_COUNT } dissolve_mode;
typedef enum dissolve_shape {
    DISSOLVE_SHAPE_NOISE, DISSOLVE_SHAPE_DIRECTION, DISSOLVE_SHAPE_SPHERE, DISSOLVE_SHAPE_COUNT
} dissolve_shape;
/* Deliberate mistakes for the docs, switched at runtime by the GL module (dissolve/dissolve.h)
 * and the app (bounds). The values up to VERTEX_MIP0 are the shader's u_dissolve_pitfall codes. */
typedef enum dissolve_pitfall {
    DISSOLVE_PITFALL_NONE,
    DISSOLVE_PITFALL_ONE_SIDED,    /* push weight without |d|: burnt vertices stay pushed, shards */
    DISSOLVE_PITFALL_NO_BACKOFF,   /* threshold starts at -edge_width only: a bulge at amount 0 */
    DISSOLVE_PITFALL_OBJECT_SPACE, /* push in object units: the bulge scales with the model */
    DISSOLVE_PITFALL_HARD_NORMALS, /* push along face normals: hard edges crack open */
    DISSOLVE_PITFALL_VERTEX_MIP0,  /* the vertex stage reads mip 0: spikes, jitter */
    DISSOLVE_PITFALL_NO_SHADOW,    /* the shadow pass draws meshes whole */
    DISSOLVE_PITFALL_BOUNDS,       /* culling with the rest bounds: pulled strands vanish */
    DISSOLVE_PITFALL_COUNT
} dissolve_pitfall;

/* How the burnt side ends: a hard cut, or an alpha-blended fringe (the GL module's second,
 * blended draw of the fragments just below the threshold: -fringe <= d < 0, alpha 1 + d / fringe,
 * fringe = 2 * edge_width). */
typedef enum dissolve_edge { DISSOLVE_EDGE_CUT, DISSOLVE_EDGE_FADE, DISSOLVE_EDGE_COUNT } dissolve_edge;

/* The one table of names of each, indexed by the enum, NULL-terminated (base/names.h).
 */
extern const char *const dissolve_mode_names[DISSOLVE_MODE_COUNT + 1];
extern const char *const dissolve_shape_names[DISSOLVE_SHAPE_COUNT + 1];
extern const char *const dissolve_pitfall_names[DISSOLVE_PITFALL_COUNT + 1];
extern const char *const dissolve_edge_names[DISSOLVE_EDGE_COUNT + 1];

/* Per-draw values (uniforms). Start from dissolve_params_defaults(): zero is a meaningful
 * value for most fields (amount 0, mip 0), so zero does not mean default here. */
typedef struct dissolve_params {
    float amount;          /* 0 whole .. 1 gone; default 0 */
    dissolve_mode mode;    /* default NONE */
    dissolve_shape shape;  /* default NOISE */
    float noise_scale;     /* noise tiles per metre; default 1.1 (a tile is ~0.9 m) */
    float noise_weight;    /* share of noise in t under a guiding shape; default 0.3 */
    float edge_width;      /* glowing band above the threshold, in t units; default 0.04 */
    float band;            /* vertex band, in t units; default 0.2 */
    float push_distance;   /* metres; default 0.1 */
    float vertex_mip;      /* noise level the vertex stage reads; default 5 */
    float from[3], to[3];  /* direction shape, world: burns from `from` to `to`; default y 2 -> 0 */
    float center[3];       /* sphere shape centre, world; default origin */
    float inner_radius;    /* sphere shape: where burning starts (s = 0), metres; default 0 */
    float radius;          /* sphere shape: where it ends (s = 1), metres; default 2 */
    float target[3];       /* pull target, world; default (0, 2, 0) */
    float edge_color[3];   /* HDR emission at the edge; default (6, 2.2, 0.5) */
    bool hard_normals;     /* pitfall: push along the face normal (cracks at hard edges) */
    dissolve_edge edge;    /* cut or fade; default cut */
    dissolve_pitfall pitfall; /* the deliberate mistake the formulas make (one-sided, no-backoff,
                                 object-space change them; the others are the GL module's); default none */
} dissolve_params;

dissolve_params dissolve_params_defaults(void);
bool dissolve_mode_parse(const char *s, dissolve_mode *out);
bool dissolve_shape_parse(const char *s, dissolve_shape *out);
const char *dissolve_mode_name(dissolve_mode m);
const char *dissolve_shape_name(dissolve_shape s);
bool dissolve_pitfall_parse(const char *s, dissolve_pitfall *out);
const char *dissolve_pitfall_name(dissolve_pitfall p);
const char *dissolve_edge_name(dissolve_edge e);

float dissolve_threshold(const dissolve_params *p);
/* Smoothstep bump peaking at the edge: 1 at d = 0, 0 for |d| >= band. */
float dissolve_push_weight(float d, float band);
/* 1 for d <= 0 (burnt), falling smoothly to 0 at d >= band. */
float dissolve_pull_weight(float d, float band);
float dissolve_glow(float d, float edge_width);

/* Lengths of the model matrix's first three columns. */
void dissolve_model_scale(mat4 model, vec3 out);
/* snrm when it is usable (and hard_normals is off), else nrm. */
void dissolve_direction(const dissolve_params *p, const float nrm_os[3], const float snrm_os[3], vec3 out);
/* Triplanar noise at the rest position, 0..1, at level of detail lod. */
float dissolve_noise(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                     const vec3 model_scale, float lod);
/* Dissolve value t (see above); rest_ws is the rest position in world space. */
float dissolve_value(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                     const vec3 rest_ws, const vec3 model_scale, float lod);
/* World position of a vertex after push or pull, as the vertex stage computes it. */
void dissolve_vertex(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                     const float snrm_os[3], mat4 model, vec3 out_ws);
/* d of the vertex stage (blurred mip), for tests and debugging. */
float dissolve_vertex_d(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                        const float snrm_os[3], mat4 model);
/* d of the fragment stage at mip 0 (what a fragment seen close up reads: the GPU selects the mip
 * from the screen-space derivatives, blurred further away) at a rest point with direction
 * dir_os; < 0 is discarded. */
float dissolve_fragment_d(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                          mat4 model);
/* Pull strands (see above): the strand noise's frequency over the dissolve noise's, and the pull
 * below which a burnt fragment is a hole. */
#define DISSOLVE_STRAND_SCALE 4.0f
#define DISSOLVE_STRAND_BURNT_K 0.2f
/* The pull's lerp factor w² of a vertex (0 without pull): how far toward the target it moved. */
float dissolve_pull_k(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float nrm_os[3],
                      const float snrm_os[3], mat4 model);
/* 0 on the resting surface, 1 where a fragment pulled by k is all strand. */
float dissolve_strand_taper(float k);
/* < 0: no strand at (d, k, strand noise ns), the fragment is discarded; else its profile 0..1. */
float dissolve_strand(float d, float k, float ns);
/* The strand noise at mip 0 at a rest point. */
float dissolve_strand_noise(const dissolve_params *p, const noise_tex *n, const float rest_os[3], const float dir_os[3],
                            mat4 model);
/* World AABB grown to hold every displaced vertex: push adds push_distance, pull reaches the
 * target (from the first moment amount > 0). Use it for frustum culling and shadow fitting. */
void dissolve_bounds(const dissolve_params *p, const vec3 lo, const vec3 hi, vec3 out_lo, vec3 out_hi);

#ifdef __cplusplus
}
#endif

#endif

/* head.h — procedural head bust with blendshapes, the model of the wrinkle-map scene (GL-free).
 *
 *   head_model h;
 *   if (!head_build(&h, &(head_desc){0})) ...;        // default 224 x 144 grid + ears, ~103k triangles
 *   float w[HEAD_MORPH_COUNT] = {[HEAD_FROWN] = 1};
 *   head_apply_shapes(&h, w, pos, nrm);                 // pos/nrm: h.skin.vertex_count entries
 *   ... upload h.skin (pos, nrm, uv, tan) and h.eyes ...
 *   head_free(&h);
 *
 * Frame: metres, +y up, the face looks down +z, origin at the centre of the skull at eye
 * height (the eyes sit at y = HEAD_EYE_Y). Crown at y ~ +0.115 (over ~8 mm of cropped hair),
 * chin at y ~ -0.117: an adult man's head by Farkas' means, each of 14 measures taken on the mesh
 * within 6 % (unit_head's proportions_meet_adult_norms: 231 mm vertex to chin, 152 wide at the
 * skull, 142 at the cheekbones, 102 at the jaw's angles; eyes 92 mm apart at their outer corners,
 * the ears from under the brow to the nose's base). The neck widens toward the shoulders and is
 * cut flat at y = HEAD_NECK_BOTTOM_Y. A scene stands the head on a body by translating it up by
 * -HEAD_NECK_BOTTOM_Y (plus the depth it sinks the cut into its shoulders or pedestal).
 *
 * Skin: one closed surface (skull and hair, brows, eye sockets and lids, nose, lips, cheeks, jaw,
 * neck) made as a radial height field around the origin, sampled on a (u, v) grid, and after the
 * grid's vertices and triangles (from ear_first_vertex, ear_first_index) the two ears, closed
 * meshes of a signed-distance sculpt sunk into the skull (head_ear.h). The star-shaped grid is
 * kept on purpose for the face: it gives unique UVs, the mouth's slit and the lining's anchors,
 * and blendshapes as fields over it; only what must fold (the ears) is sculpted apart. The grid is warped so
 * the face gets most of the vertices and most of the texture: the UV of a vertex is its grid
 * coordinate, so UVs are unique by construction (one seam at the back of the head, u = 0 / 1).
 * v = 1 is the crown, v = 0 the bottom of the neck; u = 0.5 is the middle of the face, u grows
 * toward +x. head_surface_point() gives the neutral skin point of any uv, so a baker can paint
 * in the same UV space the mesh uses. Eyes: two separate spheres (eyes mesh) whose uv.y runs
 * from 0 at the back to 1 at the front pole (the pupil).
 *
 * Mouth: the skin is split along the lips' line between the corners (grid row slit_row; the
 * lower lip's triangles use copies of that row's vertices, appended after the grid, at the same
 * places with the same uv and, where the two coincide, the same normal), so the closed mouth is
 * one watertight surface and jaw_open parts the lips. Behind them the mouth mesh
 * (head_mouth.h): a lining from the lips' edges inwards into a closed cavity seen from inside,
 * two rows of teeth and a tongue, all inside the head. Parts: head_mouth_part ranges of indices.
 *
 * Blendshapes: per vertex position and normal deltas at full weight, for the skin's vertices and
 * then the mouth's (shape_vertex_count in all); each one moves only the skin vertices inside
 * head_shape_region() (compact windows, exactly zero outside), by a few millimetres to ~2 cm.
 * jaw_open turns the lower lip, the lower teeth, the tongue and the cavity's floor about the
 * jaw's hinge (head_jaw_turn) while the upper lip and teeth stay; the lining follows each lip.
 * HEAD_BLINK (after the HEAD_SHAPE_COUNT wrinkle shapes; HEAD_MORPH_COUNT in all) turns the
 * lids' skin about the eyes' x axes, every edge within 2.5x (head_lids.h), and what that leaves
 * open (the blunt corners) the lid shells cover: a small mesh per eye (lids; deltas after the
 * mouth's) hidden in the ball while open, turned down and out over it by the blink.
 * Eyes are not deformed.
 *
 * Failure: head_build returns false (and logs) on an out-of-range desc or out of memory, with
 * nothing left allocated. head_free(NULL) is a no-op.
 */
#ifndef IMPRINT_CORE_HEAD_H
#define IMPRINT_CORE_HEAD_H

#include <stdbool.h>
#include <cglm/cglm.h>

#include "base/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum head_shape {
    HEAD_BROW_RAISE,
    HEAD_FROWN,
    HEAD_SMILE,
    HEAD_SQUINT,
    HEAD_JAW_OPEN,
    HEAD_NOSE_WRINKLE,
    HEAD_SHAPE_COUNT, /* the shapes with a wrinkle layer; the blink comes after them */
    HEAD_BLINK = HEAD_SHAPE_COUNT,
    HEAD_MORPH_COUNT /* every blendshape: the wrinkle shapes, then the blink */
} head_shape;

/* Landmarks of the neutral face in sculpt coordinates: x, y of the smooth skull point under the
 * feature (head_sculpt_point), before the radial relief pushed it out (which shifts a feature by a
 * few millimetres, e.g. the nose tip ends ~1 cm lower). x of the right-hand feature; the face is
 * mirror-symmetric. The sculpt and the wrinkle baker both place things by these, so they agree. */
#define HEAD_SLICES 224 /* head_desc's default grid: columns, rows */
#define HEAD_STACKS 144
#define HEAD_EYE_X 0.031f
#define HEAD_EYE_Y 0.004f
#define HEAD_EYE_RADIUS 0.0155f
#define HEAD_BROW_Y 0.027f
#define HEAD_NOSE_ROOT_Y 0.012f
#define HEAD_NOSE_TIP_Y (-0.031f)
#define HEAD_NOSE_WING_X 0.0115f
#define HEAD_NOSE_WING_Y (-0.032f)
#define HEAD_MOUTH_Y (-0.067f)
#define HEAD_MOUTH_CORNER_X 0.027f
#define HEAD_CHIN_Y (-0.1165f)
#define HEAD_NECK_BOTTOM_Y (-0.22f)
#define HEAD_NECK_Z (-0.022f) /* the neck's axis at x = 0 passes through this z at y = HEAD_NECK_AXIS_Y */
#define HEAD_NECK_AXIS_Y (-0.20f)
#define HEAD_NECK_LEAN 0.18f /* and leans forward, its top ahead of its base: dz/dy (~10 degrees) */
#define HEAD_JAW_ANGLE 0.12f /* radians the jaw turns at jaw_open 1 */

/* The neck's axis: its z at head-frame height y. */
static inline float head_neck_axis_z(float y) { return HEAD_NECK_Z + HEAD_NECK_LEAN * (y - HEAD_NECK_AXIS_Y); }

typedef enum head_mouth_part { HEAD_MOUTH_CAVITY, HEAD_MOUTH_TEETH, HEAD_MOUTH_TONGUE, HEAD_MOUTH_PARTS } head_mouth_part;

typedef struct head_desc {
    int slices; /* grid columns around the head, 32..1024 (default HEAD_SLICES) */
    int stacks; /* grid rows from neck to crown, 16..1024 (default HEAD_STACKS) */
} head_desc;

typedef struct head_model {
    mesh_data skin;  /* neutral skin: pos, nrm, uv, tan */
    mesh_data eyes;  /* both eyeballs */
    mesh_data mouth; /* lining + cavity, teeth, tongue: pos, nrm (uv, tan zero) */
    mesh_data lids;  /* the blink's lid shells (head_lids.h): pos, nrm, uv, tan; hidden in the balls when open */
    int mouth_part[HEAD_MOUTH_PARTS][2]; /* first index, index count of each part in mouth */
    float (*shape_dpos[HEAD_MORPH_COUNT])[3]; /* shape_vertex_count deltas per shape: skin, mouth, lids */
    float (*shape_dnrm[HEAD_MORPH_COUNT])[3];
    int shape_vertex_count; /* skin.vertex_count + mouth.vertex_count + lids.vertex_count */
    vec3 eye_center[2]; /* right (+x), left (-x) */
    int slices, stacks; /* the grid: vertex (i, j) is skin vertex j * (slices + 1) + i */
    int ear_first_vertex, ear_first_index; /* the ears (head_ear.h): skin vertices and indices from these on */
    int slit_row, slit_count; /* the mouth's split: grid vertex slit_upper[k] and its copy slit_lower[k] */
    uint32_t *slit_upper, *slit_lower;
    int32_t *mouth_anchor; /* per mouth vertex: the skin vertex whose deltas it takes (the lining), or -1 */
    float *mouth_jaw;      /* per mouth vertex without an anchor: how much of the jaw's turn it follows */
} head_model;

bool head_build(head_model *h, const head_desc *desc);
void head_free(head_model *h);

/* Exact names (the script contract); index or -1. */
extern const char *const head_shape_names[HEAD_MORPH_COUNT + 1]; /* the one table, NULL-terminated; "blink" last */
const char *head_shape_name(int shape);
int head_shape_find(const char *name);

/* Box outside of which the shape moves nothing (neutral head frame). */
void head_shape_region(int shape, vec3 lo, vec3 hi);

/* The jaw's turn at full jaw_open: the displacement of a point that moves rigidly with the jaw. */
void head_jaw_turn(const vec3 p, vec3 dpos);

/* Skin only: pos = neutral + sum w[s] * dpos[s]; nrm likewise, renormalized. nrm may be NULL. */
void head_apply_shapes(const head_model *h, const float w[HEAD_MORPH_COUNT], float (*pos)[3], float (*nrm)[3]);

/* The skin's curvature per vertex for the scattering (1/m, mesh_vertex_curvature, creases as 0):
 * neutral[v], and dcurv[s][v] = the curvature with shape s at full weight minus neutral[v], so a
 * morph's curvature is neutral + sum w[s] dcurv[s] (the shader's, wrinkle_morph.glsl). Without
 * the deltas a lid shut by the blink kept the neutral lid's fold under it and scattered red over
 * the whole closed lid. Arrays of skin.vertex_count; false (logged) when out of memory. */
bool head_shape_curvature(const head_model *h, float *neutral, float *const dcurv[HEAD_MORPH_COUNT]);

/* Neutral skin point at uv in [0,1]^2 (the same function the mesh is sampled from). */
void head_surface_point(float u, float v, vec3 out);
/* The smooth skull point of uv before the relief: where sculpt coordinates are measured. */
void head_sculpt_point(float u, float v, vec3 out);
/* True when a point (head frame) is inside the neutral skin or an eyeball (for baking occlusion). */
bool head_inside(const head_model *h, const vec3 p);

#ifdef __cplusplus
}
#endif

#endif

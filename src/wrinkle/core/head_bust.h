/* head_bust.h — the face scene's bust around the head (GL-free geometry): irises and pupils on
 * the eyeballs, shoulders and the column they rest on.
 *
 *   mesh_data shoulders = {0}, column = {0}, irises = {0};
 *   head_bust_build_stand(&shoulders, &column);                 // world space, feet at y = 0
 *   head_bust_build_eye_discs(&head, 0.0058f, -0.0012f, &irises); // head frame
 *   mat4 model; glm_translate_make(model, (vec3){0, head_bust_head_y(), 0});
 *
 * Shoulders: the upper half of an ellipsoid whose lower half the column (an elliptic cylinder of
 * the same radii, HEAD_BUST_COLUMN_TOP high) hides, so the two meet without a step; the neck
 * stands in its crown, its flat cut HEAD_BUST_NECK_CUT above the column top, inside the shoulders.
 * Outputs are appended to (start from zeroed meshes); the caller frees them.
 */
#ifndef IMPRINT_CORE_WRINKLE_HEAD_BUST_H
#define IMPRINT_CORE_WRINKLE_HEAD_BUST_H

#include "base/mesh.h"
#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HEAD_BUST_COLUMN_TOP 1.21f
#define HEAD_BUST_NECK_CUT 0.01f
#define HEAD_BUST_SHOULDER_RX 0.17f
#define HEAD_BUST_SHOULDER_RY 0.058f
#define HEAD_BUST_SHOULDER_RZ 0.10f

/* Height of the head origin (skull centre at eye height) over the ground. */
float head_bust_head_y(void);
void head_bust_build_stand(mesh_data *shoulders, mesh_data *column);
/* The neck's surface (the sculpt's, head_inside) at head-frame height y, angle a round its axis
 * (head_neck_axis_z; x = r cos a, z = axis + r sin a: a = pi/2 in front): the distance from the
 * axis, bisected between 0 and 12 cm. */
float head_bust_neck_radius(const head_model *h, float y, float a);
/* A crew neck's collar: a tube tube metres thick round the neck where it enters the shoulders, in
 * the stand's world space (the head at head_bust_head_y), appended to out. It covers the line
 * where the neck's last, coarse rows cut the shoulders' dome (saw-toothed without it). */
void head_bust_build_collar(const head_model *h, float tube, mesh_data *out);
/* Flattened spheres on the front of each eyeball (the head looks down +z), lift metres off it. */
void head_bust_build_eye_discs(const head_model *h, float radius, float lift, mesh_data *out);

#ifdef __cplusplus
}
#endif

#endif

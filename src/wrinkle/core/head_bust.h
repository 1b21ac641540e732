/* head_bust.h — the face scene's body under the head (GL-free geometry): irises and pupils on
 * the eyeballs, a clothed body and the collar where the neck enters it.
 *
 *   mesh_data top = {0}, trousers = {0}, irises = {0};
 *   head_bust_build_stand(&top, &trousers);                      // world space, feet at y = 0
 *   head_bust_build_collar(&head, 0.005f, &top);                  // the crew neck's rim
 *   head_bust_build_eye_discs(&head, 0.0058f, -0.0012f, &irises); // head frame
 *   mat4 model; glm_translate_make(model, (vec3){0, head_bust_head_y(), 0});
 *
 * The body is an adult man's standing under the head, sculpted as a signed-distance field
 * (head_bust_top_sdf, head_bust_legs_sdf; smooth unions of ellipsoids and capsules) and meshed by
 * surface nets (sdf_mesh.h) on HEAD_BUST_CELL cells: a ribcage and upper chest with the
 * pectorals' fronts, the trapezius sloping from the neck down to the shoulders, the collarbones
 * as ridges under the knit from the breastbone's notch out to the shoulders, rounded deltoids
 * (HEAD_BUST_SHOULDER_W across, ~2.6 head widths), arms hanging a hand from the sides with the
 * hands in the trousers' pockets; in a sweater (the top mesh: trunk and sleeves, its hem over the
 * trousers' waistband) and trousers with shoes (the other mesh). The neck's flat cut
 * (HEAD_NECK_BOTTOM_Y in the head frame) lies inside the trunk; the collar covers the line where
 * the neck enters the knit (found on the field, so it follows whatever the sculpt is).
 * Outputs are appended to (start from zeroed meshes); the caller frees them; false (logged) when
 * out of memory.
 */
#ifndef IMPRINT_CORE_WRINKLE_HEAD_BUST_H
#define IMPRINT_CORE_WRINKLE_HEAD_BUST_H

#include "base/mesh.h"
#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HEAD_BUST_HEAD_Y 1.44f     /* the head's origin (skull centre at eye height) over the ground */
#define HEAD_BUST_SHOULDER_W 0.40f /* across the deltoids (m) */
#define HEAD_BUST_CELL 0.006f      /* surface-net cell of the body (m) */

/* Height of the head origin (skull centre at eye height) over the ground. */
float head_bust_head_y(void);
/* The sweater (trunk and sleeves) and the trousers with shoes, signed distances in world space
 * (metres, negative inside). */
float head_bust_top_sdf(const float p[3]);
float head_bust_legs_sdf(const float p[3]);
bool head_bust_build_stand(mesh_data *top, mesh_data *legs);
/* The neck's surface (the sculpt's, head_inside) at head-frame height y, angle a round its axis
 * (head_neck_axis_z; x = r cos a, z = axis + r sin a: a = pi/2 in front): the distance from the
 * axis, bisected between 0 and 12 cm. */
float head_bust_neck_radius(const head_model *h, float y, float a);
/* A crew neck's collar: a tube tube metres thick round the neck where it enters the sweater, in
 * world space (the head at head_bust_head_y), appended to out. It covers the line where the
 * neck's last, coarse rows cut the knit. */
void head_bust_build_collar(const head_model *h, float tube, mesh_data *out);
/* Where the neck enters the sweater at angle a (as head_bust_neck_radius): the world point. */
void head_bust_neck_line(const head_model *h, float a, vec3 out);
/* Flattened spheres on the front of each eyeball (the head looks down +z), lift metres off it. */
void head_bust_build_eye_discs(const head_model *h, float radius, float lift, mesh_data *out);

#ifdef __cplusplus
}
#endif

#endif

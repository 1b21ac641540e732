/* head_ear.h — the head's ears: a signed-distance sculpt meshed by surface nets (GL-free).
 *
 *   float d = head_ear_sdf(p);                  // < 0 inside either ear (head frame, metres)
 *   head_ears_append(&h->skin, HEAD_EAR_CELL);  // both ears, appended to the skin mesh
 *
 * A star-shaped skin cannot fold, so the ears are sculpted apart from it: per side a tilted
 * plate whose back flares out from the head, a helix rim rolled over its edge from the front of
 * the top round to the lobe, an antihelix ridge inside it, the concha's bowl carved in front of
 * the ear canal, a tragus over the bowl's front, an antitragus and a soft lobe; a root sinks
 * ~1 cm into the skull, so the seam where ear meets skin lies inside the skin. The right ear
 * (+x) is sculpted, the left one is its mirror. Each ear's mesh is closed (surface nets over a
 * box that holds it with a margin; sdf_mesh.h) and wound outward.
 *
 * UVs: every ear vertex takes HEAD_EAR_UV, one point in the middle of the flat cut under the
 * neck (hidden in the shoulders), whose maps hold a flat normal, no occlusion and no wrinkle
 * mask: the ears' relief is their geometry and their pores come from the skin shader's 3D noise.
 * The skin shader knows them by that uv (no hair, and that flat, open normal without reading the
 * composed buffer: the face scene's compose pass draws the grid's triangles only). Tangents: the head's forward axis
 * made perpendicular to the normal (up where the normal runs forward), handedness +1.
 * Placement in the canon (unit_head): the ears span the brow line to the nose base.
 */
#ifndef IMPRINT_CORE_WRINKLE_HEAD_EAR_H
#define IMPRINT_CORE_WRINKLE_HEAD_EAR_H

#include <stdbool.h>
#include <cglm/cglm.h>

#include "base/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HEAD_EAR_CELL 0.001f /* surface-net cell (m) at the default grid; head_build scales it with the
                                * grid's density (face.detail 0.5: 2 mm, a quarter of the vertices) */
#define HEAD_EAR_U 0.5f
#define HEAD_EAR_V 0.012f

float head_ear_sdf(const float p[3]);
/* Appends both ears (right, then left) to m with normals and uv, meshed on cells of `cell`
 * metres; false (logged) when out of memory. */
bool head_ears_append(mesh_data *m, float cell);
/* The ears' tangents (above), for vertices first_vertex.. of m (after mesh_compute_tangents, which
 * has no uv to go by on them); needs the normals. */
void head_ears_tangents(mesh_data *m, int first_vertex);

#ifdef __cplusplus
}
#endif

#endif

/* props.h — procedural gallery props (GL-free).
 *
 *   mesh_data m = {0};
 *   props_build_crystals(&m, 6);   // faceted crystal cluster, ~1.1 m tall, base on y = 0
 *
 * Low-poly in shape, hard-edged in shading: every facet is flat (its own vertices and face
 * normal), yet each facet is tessellated `cells` times per side so the dissolve push has
 * vertices to move in the middle of a face, and snrm holds the normal welded over every vertex
 * at the same position, so pushing along it keeps the facets joined. Appends to m; cells is
 * clamped to 1..64 per facet side. Allocation failure aborts (see mesh.h).
 */
#ifndef IMPRINT_CORE_PROPS_H
#define IMPRINT_CORE_PROPS_H

#include "base/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A flat quad a-b-c-d (counter-clockwise seen from the front), tessellated cells x cells. */
void props_add_flat_quad(mesh_data *m, const float a[3], const float b[3], const float c[3], const float d[3], int cells);
/* A flat triangle a-b-c (counter-clockwise), tessellated into cells² triangles. */
void props_add_flat_tri(mesh_data *m, const float a[3], const float b[3], const float c[3], int cells);
/* One hexagonal crystal: prism of the given radius and height on y = 0 plus a pyramid tip. */
void props_build_crystal(mesh_data *m, float radius, float height, float tip, int cells);
/* A cluster of crystals on a hexagonal slab. */
void props_build_crystals(mesh_data *m, int cells);

#ifdef __cplusplus
}
#endif

#endif

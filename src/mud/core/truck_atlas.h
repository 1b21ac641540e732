/* truck_atlas.h — the truck's meshes laid out in one UV atlas for its dirt map (GL-free).
 *
 *   truck_atlas ta;
 *   truck_atlas_build(&ta, &tm, wheel_count, 512);   tm: truck_model.h (detailed or boxes)
 *   ta.mesh[i]: TRUCK_BODY_PARTS body parts, then per wheel w its tyre and rim
 *               (truck_atlas_wheel_mesh(w, k)), uv = atlas uv, ta.chart[i] a chart id per vertex
 *   truck_atlas_free(&ta);
 *
 * Every triangle joins the chart of the triangles it shares a vertex with that face the same way
 * (the dominant axis of its normal, signed: six directions); a chart is projected flat on the
 * plane across its axis, v along +y for the charts facing sideways (so "down" on the body is
 * "down" in the atlas: the dirt shader's drips), and the charts are shelf-packed at one texel
 * density with TRUCK_ATLAS_GUTTER texels between them and the border (damage_surface.h's two
 * texels each side); the density starts at TRUCK_ATLAS_DENSITY texels a metre and shrinks by 10 %
 * until every chart fits. A chart is at least 2 texels on a side. Vertices are duplicated per chart
 * (a mesh keeps its triangles' order). The four wheels are copies of one tyre and one rim with
 * charts of their own, so each wheel keeps its own mud. Allocation failure aborts (mesh.h).
 */
#ifndef IMPRINT_CORE_TRUCK_ATLAS_H
#define IMPRINT_CORE_TRUCK_ATLAS_H

#include "base/mesh.h"
#include "mud/core/truck_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRUCK_ATLAS_MESHES (TRUCK_BODY_PARTS + VEHICLE_MAX_WHEELS * TRUCK_WHEEL_PARTS)
#define TRUCK_ATLAS_GUTTER 4
#define TRUCK_ATLAS_DENSITY 200.0f

typedef struct truck_atlas {
    mesh_data mesh[TRUCK_ATLAS_MESHES];
    int *chart[TRUCK_ATLAS_MESHES]; /* per vertex */
    int mesh_count;                 /* TRUCK_BODY_PARTS + wheels * TRUCK_WHEEL_PARTS */
    int chart_count;
    int size;                       /* atlas texels on a side */
    float density;                  /* texels per metre it was packed at */
} truck_atlas;

static inline int truck_atlas_wheel_mesh(int wheel, int part) { return TRUCK_BODY_PARTS + wheel * TRUCK_WHEEL_PARTS + part; }

/* False when the charts do not fit at any density above 1 texel a metre (nothing kept). */
bool truck_atlas_build(truck_atlas *ta, const truck_model *tm, int wheel_count, int size);
void truck_atlas_free(truck_atlas *ta);

#ifdef __cplusplus
}
#endif

#endif

/* damage_cull.h — what of the armor a blast sphere reaches, in the atlas: the GL-free half of the
 * damage map's culled unwrap (damage.h), so that it costs what a blast touches.
 *
 *   damage_cull *c = damage_cull_create(robot);            // bounds of every plate, cluster, triangle
 *   const damage_cull_vert *v;
 *   int nv = damage_cull_spheres(c, spheres, n, models, attached, &v);   // -1: out of memory
 *   ... upload v[0 .. nv) and draw them as triangles ...
 *   damage_cull_destroy(c);
 *
 * Spheres are xyz (the space the models put the plates in) and w the radius; w < 0 is a heat-only
 * sphere of radius -w. A sphere reaches DAMAGE_SCORCH_REACH * |w| (the scorch, the widest channel).
 * Per sphere the culling walks plates (bounding sphere), then clusters of DAMAGE_CULL_CLUSTER_TRIS
 * consecutive triangles, then triangles, each against the reach in the plate's own space; each
 * triangle left is clipped to the UV box of the sphere's footprint on its plane (plus a texel and
 * a half), and the clipped pieces of one chart grow one UV rectangle: the result is one quad (two
 * triangles, six vertices) per chart a sphere reaches, each vertex tagged with the sphere's index.
 * The quads are conservative: every texel whose surface point lies within the reach is inside a
 * quad of that sphere; a sphere that reaches no armor gives no vertex.
 *
 * The stream returned belongs to c and is valid until the next damage_cull_spheres. Failure:
 * create logs and returns NULL when memory runs out; destroy(NULL) is a no-op.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_CULL_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_CULL_H

#include <stdbool.h>

#include "damage/core/robot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The scorch (A channel) reaches this many radii from a sphere's centre; R, G, B reach 1, 1.1, 1.2. */
#define DAMAGE_SCORCH_REACH 1.6f

/* Triangles per cluster: the builders emit them strip by strip, so a run is one compact piece. */
#define DAMAGE_CULL_CLUSTER_TRIS 24

/* A vertex of the stream: a corner of a UV rectangle and the sphere it is for. */
typedef struct damage_cull_vert {
    float uv[2], sphere;
} damage_cull_vert;

/* A point of a triangle being clipped: atlas uv and plate-local position (affine along the face). */
typedef struct damage_cull_point {
    float uv[2], pos[3];
} damage_cull_point;

typedef struct damage_cull damage_cull;

damage_cull *damage_cull_create(const robot *r);
void damage_cull_destroy(damage_cull *c);

/* How far a sphere (xyz, w radius, w < 0 heat only) reaches. */
float damage_cull_reach(const float sphere[4]);
/* Whether any of n spheres may reach plate p with the plate at `model` (its bounding sphere). */
bool damage_cull_plate_reached(const damage_cull *c, int p, mat4 model, const float (*spheres)[4], int n);
/* The quads of n spheres; models: per plate; on: which plates count (NULL: all). Returns the
 * vertex count (a multiple of 6; -1: out of memory, for the caller to log) and the stream in *out. */
int damage_cull_spheres(damage_cull *c, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                        const damage_cull_vert **out);

/* Sutherland-Hodgman against one side of a UV rectangle: keeps uv[axis] >= at (sign 1) or <= at
 * (sign -1). Returns the points written to out (n + 1 at most). A point made on an edge does not
 * depend on the edge's direction, so two triangles sharing it get the very same point. */
int damage_cull_clip_side(const damage_cull_point *in, int n, damage_cull_point *out, int axis, float at, float sign);
/* The UV box of the disc where a sphere (centre c, radius reach) meets the plane of triangle v,
 * as the face's affine uv map draws it, grown by 1.5 texels. False when the sphere misses the
 * plane or the triangle is degenerate. */
bool damage_cull_footprint_rect(const damage_cull_point v[3], const float c[3], float reach, float texel, float rect[4]);

#ifdef __cplusplus
}
#endif

#endif

/* damage_cull.h — what of a surface a blast sphere reaches, in the atlas: the GL-free half of the
 * damage map's culled unwrap (damage.h), so that it costs what a blast touches.
 *
 *   damage_cull *c = damage_cull_create(meshes, mesh_count, atlas_size);  // bounds of meshes, clusters, triangles
 *   const damage_cull_vert *v;
 *   int nv = damage_cull_entries(c, entries, n, enabled, &v);   // spheres in their mesh's space; -1: out of memory
 *   ... upload v[0 .. nv) and draw them as triangles ...
 *   damage_cull_destroy(c);
 *
 * An entry is one sphere in one mesh's own space: xyz, w the radius (w < 0: a heat-only sphere of
 * radius -w), the mesh, and a tag the caller chooses (the blast it came from). damage_cull_spheres
 * makes the entries of spheres given in a common space with each mesh's model (mesh -> that
 * space; rigid with at most a uniform scale, which divides the radius). A sphere reaches
 * DAMAGE_SCORCH_REACH * |w| (the scorch, the widest channel). Per entry the culling walks its mesh
 * (bounding sphere), then clusters of DAMAGE_CULL_CLUSTER_TRIS consecutive triangles, then
 * triangles; each triangle left is clipped to the UV box of the sphere's footprint on its plane
 * (plus a texel and a half), and the clipped pieces of one chart grow one UV rectangle: the
 * result is one quad (two triangles, six vertices) per chart an entry reaches, each vertex
 * carrying the entry's sphere, mesh and tag. The quads are conservative: every texel of the
 * entry's mesh whose surface point lies within the reach is inside a quad of that entry; an entry
 * that reaches nothing gives no vertex.
 *
 * The stream returned belongs to c and is valid until the next call. Failure: create logs and
 * returns NULL when memory runs out; destroy(NULL) is a no-op.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_CULL_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_CULL_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "damage/core/damage_surface.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The scorch (A channel) reaches this many radii from a sphere's centre; R, G, B reach 1, 1.1, 1.2. */
#define DAMAGE_SCORCH_REACH 1.6f

/* Triangles per cluster: the builders emit them strip by strip, so a run is one compact piece. */
#define DAMAGE_CULL_CLUSTER_TRIS 24

/* A vertex of the stream: a corner of a UV rectangle and the entry it is for. */
typedef struct damage_cull_vert {
    float uv[2];
    float sphere[4];  /* the entry's sphere in its mesh's space */
    float mesh, tag;  /* the entry's mesh and tag, as floats (exact below 2^24) */
} damage_cull_vert;

/* One sphere in one mesh's own space. */
typedef struct damage_cull_entry {
    float sphere[4];  /* xyz, w radius (< 0: heat only) */
    int mesh, tag;
} damage_cull_entry;

/* A point of a triangle being clipped: atlas uv and plate-local position (affine along the face). */
typedef struct damage_cull_point {
    float uv[2], pos[3];
} damage_cull_point;

typedef struct damage_cull damage_cull;

damage_cull *damage_cull_create(const damage_mesh *meshes, int mesh_count, int atlas_size);
void damage_cull_destroy(damage_cull *c);

/* How far a sphere (xyz, w radius, w < 0 heat only) reaches. */
float damage_cull_reach(const float sphere[4]);
/* Whether a sphere in mesh m's own space may reach it (its bounding sphere). */
bool damage_cull_mesh_reached(const damage_cull *c, int m, const float sphere[4]);
/* The entry of sphere s (a common space) for mesh m placed by model (mesh -> that space): false when
 * the sphere cannot reach the mesh. */
bool damage_cull_entry_make(const damage_cull *c, int m, mat4 model, const float s[4], int tag, damage_cull_entry *out);
/* The quads of n entries; enabled: which meshes count (NULL: all). Returns the vertex count (a
 * multiple of 6; -1: out of memory, for the caller to log) and the stream in *out. */
int damage_cull_entries(damage_cull *c, const damage_cull_entry *e, int n, const bool *enabled, const damage_cull_vert **out);
/* The quads of n spheres in a common space, mesh m placed by models[m]; each entry tagged with its
 * sphere's index. */
int damage_cull_spheres(damage_cull *c, const float (*spheres)[4], int n, mat4 *models, const bool *enabled,
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

/* mesh.h — CPU triangle meshes and the procedural builders every model starts from (GL-free).
 *
 *   mesh_data m = {0};
 *   mesh_build_box(&m, (vec3){1, 1, 1}, 24);     // hard-edged box, 24 cells per side
 *   mesh_compute_tangents(&m);                     // needs uv
 *   mesh_compute_smooth_normals(&m, 1e-5f);        // snrm: one normal per position, for push displacement
 *   ... gfx_mesh_create(&m) uploads it ...
 *   mesh_data_free(&m);
 *
 * Layout: separate arrays (structure of arrays) of vertex_count entries; idx holds index_count
 * uint32 indices, three per counter-clockwise triangle. Every array is always allocated, zero
 * when a builder has nothing to say (uv of a procedural cone, say). Growing is amortized O(1);
 * builders append, so several parts can be merged into one mesh with mesh_append.
 * Allocation failure is logged once and sets failed: the mesh takes no more vertices or triangles
 * (mesh_add_vertex then returns a scratch index past the end, safe to write through and never
 * drawn), the compute_* passes leave it as it is, and gfx_mesh_create refuses it. Check failed
 * after building; mesh_clear resets it for a rebuild, mesh_data_free too.
 */
#ifndef IMPRINT_CORE_MESH_H
#define IMPRINT_CORE_MESH_H

#include <stdbool.h>
#include <stdint.h>
#include <cglm/cglm.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mesh_data {
    int vertex_count, vertex_cap;
    int index_count, index_cap;
    float (*pos)[3];
    float (*nrm)[3];
    float (*uv)[2];
    float (*tan)[4];  /* xyz tangent, w handedness (+1/-1) */
    float (*snrm)[3]; /* smooth normal: averaged over all vertices sharing a position */
    uint32_t *idx;
    bool failed;      /* an allocation failed (logged): incomplete, not to be drawn */
} mesh_data;

void mesh_data_free(mesh_data *m);
void mesh_clear(mesh_data *m);

/* Append one vertex (normal/uv may be NULL -> zero); returns its index. */
uint32_t mesh_add_vertex(mesh_data *m, const float pos[3], const float nrm[3], const float uv[2]);
void mesh_add_tri(mesh_data *m, uint32_t a, uint32_t b, uint32_t c);

/* Append src, positions transformed by xf (normals by its inverse transpose). */
void mesh_append(mesh_data *dst, const mesh_data *src, mat4 xf);
/* dst (freed or zeroed before) = an exact copy of src, tangents and smooth normals included. */
void mesh_copy(mesh_data *dst, const mesh_data *src);

/* Builders append to m (clear it first for a fresh mesh). UVs are per face in [0,1]. */
void mesh_build_box(mesh_data *m, const float half_extent[3], int cells_per_side);
void mesh_build_sphere(mesh_data *m, float radius, int slices, int stacks);
void mesh_build_plane(mesh_data *m, float size_x, float size_z, int cells); /* y = 0, normal +y */
void mesh_build_cylinder(mesh_data *m, float radius, float height, int slices, int caps); /* axis y, base y=0 */
/* Placed parts for models built of primitives (the truck, the guns): a box of half extents h
 * centred on c, turned by rx about x, then by ry about y (radians); a capped cylinder of radius r
 * and length len centred on c along axis 0 (x), 1 (y) or 2 (z). */
void mesh_add_box(mesh_data *m, const float c[3], const float h[3], float rx, float ry);
void mesh_add_cylinder(mesh_data *m, const float c[3], int axis, float r, float len, int slices);

/* Area-weighted vertex normals from the triangles (overwrites nrm). */
void mesh_compute_normals(mesh_data *m);
/* Per-vertex tangents from uv (Lengyel); overwrites tan. */
void mesh_compute_tangents(mesh_data *m);
/* snrm = normalized sum of nrm over every vertex within weld_eps of the same position. */
void mesh_compute_smooth_normals(mesh_data *m, float weld_eps);
/* Per-vertex curvature (1/m), signed: the mean over the triangle edges at each vertex of
 * (n_b - n_a) . (p_b - p_a) / |p_b - p_a|^2, the normal's turn along the edge (1/R on a sphere of
 * radius R, -1/R inside one whose normals point in, 0 on a plane and where a vertex is in no
 * triangle). out holds vertex_count floats; false (logged) when out of memory. */
bool mesh_vertex_curvature(const mesh_data *m, float *out);
/* Axis-aligned bounds of pos. */
void mesh_bounds(const mesh_data *m, vec3 lo, vec3 hi);

#ifdef __cplusplus
}
#endif

#endif

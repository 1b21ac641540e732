/* damage_surface.h — the surface a damage map paints: meshes that share one UV atlas (GL-free).
 *
 *   damage_mesh m = {.positions = pos, .normals = nrm, .uvs = uv, .charts = chart,
 *                    .indices = idx, .vertex_count = nv, .index_count = ni};
 *   char why[160];
 *   if (!damage_surface_check(&m, 1, 1024, 0, 0, why, sizeof why)) ... why names the field ...
 *   damage_surface_grid(&m, 1, 1024, grid);           // per texel: the chart there, or -1
 *
 * A mesh: positions (and optional normals) in its own space, atlas uvs in [0,1]² (texel x = u * n,
 * row y = v * n), a chart id per vertex (one island of the atlas; a triangle belongs to the chart
 * of its first vertex), three indices per counter-clockwise triangle. Meshes may share their
 * vertex arrays: each is then an index range of them (indices pointing into the same arrays).
 * Charts never overlap and keep at least two texels of gutter around them (the dilation fills
 * two); texel density is the caller's choice (balance it by surface area, as the robot does).
 * Optional per mesh: tangents (the detail map's frame; else computed from the uvs), smooth
 * normals (the dissolve's push direction; else the normals), a skin (four bone indices and
 * weights per vertex, weights summing to 1, bones below the description's bone_count), and a
 * paint (linear albedo; all zero: DAMAGE_DEFAULT_PAINT).
 *
 * damage_surface_check is every rule damage_map_create holds a description to: at least one mesh,
 * an atlas size that is a power of two in DAMAGE_ATLAS_MIN..DAMAGE_ATLAS_MAX (0: the default),
 * positions, uvs, charts and indices given, index_count a positive multiple of 3, every index
 * below vertex_count, every chart id in 0..chart_count - 1 (chart_count 0: DAMAGE_MAX_CHARTS),
 * bone_count at most DAMAGE_MAX_BONES, every bone index below bone_count, weights with bones.
 * The first rule broken is written to err as one line naming the field, e.g.
 * "desc.meshes[1].charts[17] = 300 is outside 0..127 (desc.chart_count)". No allocation.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_SURFACE_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_SURFACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DAMAGE_ATLAS_MIN 64
#define DAMAGE_ATLAS_MAX 4096
#define DAMAGE_ATLAS_DEFAULT 1024
/* Chart ids are below this (the atlas grid holds them as int16). */
#define DAMAGE_MAX_CHARTS 4096
/* Bones a skinned surface may have: the vertex stage's matrix array (64 mat4 = 1024 uniform
 * components, what every GL 3.3 driver we know offers the vertex stage and more). */
#define DAMAGE_MAX_BONES 64
/* Influences per skinned vertex. */
#define DAMAGE_BONE_INFLUENCES 4
/* The paint of a mesh that names none: a plain mid grey (linear). */
#define DAMAGE_DEFAULT_PAINT_R 0.45f
#define DAMAGE_DEFAULT_PAINT_G 0.45f
#define DAMAGE_DEFAULT_PAINT_B 0.45f

typedef struct damage_mesh {
    const float (*positions)[3];      /* mesh space */
    const float (*normals)[3];        /* NULL: area-weighted from the triangles */
    const float (*uvs)[2];            /* atlas uv in [0,1]² */
    const int *charts;                /* chart id per vertex */
    const uint32_t *indices;          /* three per counter-clockwise triangle */
    int vertex_count, index_count;
    const float (*tangents)[4];       /* optional: xyz along +u, w handedness; NULL: from the uvs */
    const float (*smooth_normals)[3]; /* optional: NULL: the normals */
    const uint8_t (*bones)[DAMAGE_BONE_INFLUENCES];  /* optional skin: NULL: rigid */
    const float (*weights)[DAMAGE_BONE_INFLUENCES];
    float paint[3];                   /* linear albedo; {0, 0, 0}: DAMAGE_DEFAULT_PAINT */
} damage_mesh;

bool damage_surface_check(const damage_mesh *meshes, int mesh_count, int atlas_size, int chart_count, int bone_count,
                          char *err, size_t err_len);

/* Visit every texel whose centre lies in a triangle (edges inclusive) of an n² atlas: mesh,
 * chart, the triangle's first index and the barycentric weights of its three corners. */
typedef void (*damage_surface_texel_fn)(void *user, int mesh, int chart, int tri, int x, int y, const float w[3]);
void damage_surface_raster(const damage_mesh *meshes, int mesh_count, int n, damage_surface_texel_fn fn, void *user);
/* grid[y * n + x] = the chart at the texel, -1 where none. Returns the texels two different charts
 * claim (0 for a valid atlas; the later one wins). */
int damage_surface_grid(const damage_mesh *meshes, int mesh_count, int n, int16_t *grid);

#ifdef __cplusplus
}
#endif

#endif

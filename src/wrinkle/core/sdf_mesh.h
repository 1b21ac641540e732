/* sdf_mesh.h — meshes a signed-distance field by surface nets (GL-free).
 *
 *   static float ball(const float p[3], const void *ctx) { return glm_vec3_norm((float *)p) - 0.1f; }
 *   mesh_data m = {0};
 *   if (!sdf_mesh_build(&m, ball, NULL, (vec3){-0.12f, -0.12f, -0.12f}, (vec3){0.12f, 0.12f, 0.12f}, 0.005f)) ...;
 *
 * The field is sampled at the corners of a grid of cubic cells of side cell over [lo, hi]
 * (negative inside). Every cell the surface crosses gets one vertex, the mean of the points where
 * the field's linear interpolation crosses zero along the cell's edges; every grid edge the
 * surface crosses gives a quad of the four cells around it, two triangles wound so their normals
 * point out of the negative side. Normals are the field's gradient (central differences), uv zero.
 * A surface that stays inside the box, away from its faces by a cell, comes out closed: every
 * edge in two triangles, once each way round (unless a cell face has the field's sign alternate
 * round its four corners, which a smooth field sampled finer than its thinnest part avoids).
 * The mesh is appended to out. False (logged) when out of memory or the grid is over
 * SDF_MESH_MAX_SAMPLES: out may then hold part of it (failed set when the mesh itself failed).
 */
#ifndef IMPRINT_CORE_WRINKLE_SDF_MESH_H
#define IMPRINT_CORE_WRINKLE_SDF_MESH_H

#include <stdbool.h>
#include <cglm/cglm.h>

#include "base/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SDF_MESH_MAX_SAMPLES (16 * 1024 * 1024)

typedef float (*sdf_fn)(const float p[3], const void *ctx);

bool sdf_mesh_build(mesh_data *out, sdf_fn f, const void *ctx, const vec3 lo, const vec3 hi, float cell);

#ifdef __cplusplus
}
#endif

#endif

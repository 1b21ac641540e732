/* prop_models.h — the procedural meshes of the mud level's plants and chunks, and the matrices
 * that place one instance of them (GL-free).
 *
 *   mesh_data tree = {0};
 *   prop_model_build(&tree, PROP_TREE);            // unit model, materials in uv.x
 *   mat4 m; prop_plant_matrix(plant, m);          // model -> world of one plant
 *   mesh_data_free(&tree);
 *
 * Unit models, scaled per instance by the plant's size or the chunk's: tree 1 m tall standing on
 * y = 0 (trunk radius plant_tree_radius(1) just above a root flare at the foot: the capsule the
 * physics uses, scaled; bare bark up to PROP_TREE_CROWN, then three cones of needles),
 * bush of radius 1 on y = 0, rock of radius ~1 about its centre (the physics' sphere), chunk a box
 * 1 x 0.5 x 1 about its centre (the physics' box), plus the debug view's shapes: unit box (1 m
 * edges), unit sphere, and a cylinder of radius 1 and height 1 centred on the origin along y.
 * Low-poly, flat-shaded (one normal per face). The vertex's uv.x names its material
 * (PROP_MAT_*), which the shader turns into a colour; uv.y is a shade 0..1 for variation.
 */
#ifndef IMPRINT_CORE_PROP_MODELS_H
#define IMPRINT_CORE_PROP_MODELS_H

#include <cglm/cglm.h>

#include "base/mesh.h"
#include "mud/core/physics.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum prop_model {
    PROP_TREE, PROP_ROCK, PROP_BUSH, PROP_CHUNK, /* in plant_kind order, then the chunk */
    PROP_SHAPE_BOX, PROP_SHAPE_SPHERE, PROP_SHAPE_CYLINDER,
    PROP_MODELS
} prop_model;

enum { PROP_MAT_BARK, PROP_MAT_LEAVES, PROP_MAT_ROCK, PROP_MAT_MUD, PROP_MAT_DEBUG };
/* The tree: bare trunk (bark only) from the foot to PROP_TREE_CROWN of its height, where the
 * lowest cone of needles starts; the foot flares to PROP_TREE_FLARE x the trunk's radius. */
#define PROP_TREE_CROWN 0.36f
#define PROP_TREE_FLARE 1.5f

void prop_model_build(mesh_data *m, prop_model which);
/* The model (PROP_TREE.. by kind) and its matrix for one plant / one chunk. */
void prop_plant_matrix(const plant *p, mat4 out);
void prop_chunk_matrix(const mud_chunk *c, mat4 out);
/* Radius of a sphere about the instance's origin that holds it (culling). */
float prop_plant_radius(const plant *p);

#ifdef __cplusplus
}
#endif

#endif

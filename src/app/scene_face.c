/* The face scene before its technique lands: ground, sky and one lit, shadowed mesh. */
#include "app/scene_basic.h"

static void *face_create(scene_ctx *ctx)
{
    mesh_data m = {0};
    mat4 xf; glm_translate_make(xf, (vec3){0, 1.6f, 0}); mesh_data sph = {0}; mesh_build_sphere(&sph, 0.12f, 48, 32); mesh_append(&m, &sph, xf); mesh_data_free(&sph);
    void *s = scene_basic_create(ctx, &m, (vec3){0.8f, 0.55f, 0.45f}, (vec3){0, 1.62f, 0.7f}, (vec3){0, 1.6f, 0});
    mesh_data_free(&m);
    return s;
}

const scene_vtable scene_face = {
    .name = "face",
    .free_camera = true,
    .create = face_create,
    .destroy = scene_basic_destroy,
    .update = scene_basic_update,
    .draw = scene_basic_draw,
};

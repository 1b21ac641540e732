/* The dissolve scene before its technique lands: ground, sky and one lit, shadowed mesh. */
#include "app/scene_basic.h"

static void *dissolve_create(scene_ctx *ctx)
{
    mesh_data m = {0};
    mat4 xf; glm_translate_make(xf, (vec3){0, 0.8f, 0}); mesh_data box = {0}; mesh_build_box(&box, (float[3]){0.6f, 0.6f, 0.6f}, 24); mesh_append(&m, &box, xf); mesh_data_free(&box);
    void *s = scene_basic_create(ctx, &m, (vec3){0.3f, 0.45f, 0.7f}, (vec3){2.5f, 1.8f, 3}, (vec3){0, 0.7f, 0});
    mesh_data_free(&m);
    return s;
}

const scene_vtable scene_dissolve = {
    .name = "dissolve",
    .free_camera = true,
    .create = dissolve_create,
    .destroy = scene_basic_destroy,
    .update = scene_basic_update,
    .draw = scene_basic_draw,
};

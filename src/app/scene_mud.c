/* The mud scene before its technique lands: ground, sky and one lit, shadowed mesh. */
#include "app/scene_basic.h"

static void *mud_create(scene_ctx *ctx)
{
    mesh_data m = {0};
    mat4 xf; glm_translate_make(xf, (vec3){0, 0.9f, 0}); mesh_data box = {0}; mesh_build_box(&box, (float[3]){1.1f, 0.9f, 2.4f}, 1); mesh_append(&m, &box, xf); mesh_data_free(&box);
    void *s = scene_basic_create(ctx, &m, (vec3){0.6f, 0.35f, 0.15f}, (vec3){6, 3, 8}, (vec3){0, 0.8f, 0});
    mesh_data_free(&m);
    return s;
}

const scene_vtable scene_mud = {
    .name = "mud",
    .free_camera = true,
    .create = mud_create,
    .destroy = scene_basic_destroy,
    .update = scene_basic_update,
    .draw = scene_basic_draw,
};
